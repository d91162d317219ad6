/** Web page code that sends what visitors type or hold to another host (a skimmer): cookies, storage, form
 * fields, passwords or keystrokes read, and a beacon, image, fetch, XHR or WebSocket to a host that is not
 * allowed. A bare IP or lookalike host BLOCKs; any other outside host ESCALATEs. */

import { gated } from "./gate.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { matchesOf } from "../match_all.ts";

const VISITOR_DATA = gated(
  /\bdocument\.cookie\b|\b(?:local|session)Storage\b|type=["']?password|\bpassword["']?\s*\]|\b(?:keydown|keypress|keyup)["']\s*,|\bonkey(?:down|press|up)\b|\bnavigator\.credentials\b|\bindexedDB\b|\bcard(?:Number|_number|-number)\b|\bcvv\b|\bcvc\b/i,
);
const SENDS = gated(
  /\bnew\s+Image\b|\.src\s*\+?=|\bfetch\s*\(|\bsendBeacon\s*\(|\bXMLHttpRequest\b|\bnew\s+WebSocket\b|\$\.(?:post|get|ajax)\s*\(|\baxios\b|\blocation(?:\.href)?\s*=|\bwindow\.open\s*\(/,
);
const URL_IN_CODE = /\b(?:https?|wss?):\/\/[^\s'"`)<>]+|\/\/(?:\d{1,3}\.){3}\d{1,3}[^\s'"`)<>]*/g;

export function judgeWebCode(
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const code of texts.slice(0, 16)) {
    if (code.length > 256 * 1024 || !VISITOR_DATA.test(code) || !SENDS.test(code)) continue;
    for (const match of matchesOf(URL_IN_CODE, code)) {
      const url = match[0].startsWith("//") ? `https:${match[0]}` : match[0];
      const host = readHost(url, environment);
      if (!host || host.allowed || host.loopback) continue;
      const detail = `page code sends visitors' cookies, storage or typed input to "${host.host}"`;
      if (host.bareIp || host.lookalike) findings.block("network", detail);
      else findings.escalate("network", detail);
    }
  }
}
