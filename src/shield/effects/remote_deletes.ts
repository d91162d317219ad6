/** Deletes through a web API from the command line: the HTTP `DELETE` method given to `curl -X`, `curl --request`,
 * HTTPie/xh (`http DELETE URL`) or `wget --method=DELETE`. The harm is the method, not the program (GitHub's
 * "Delete a repository" is `DELETE /repos/{owner}/{repo}`), so a remote host escalates; this machine passes. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";

const CLIENTS = new Set(["curl", "http", "https", "xh", "xhs", "wget"]);
const URL_WORD = /^(?:https?:\/\/|[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?\/)/i;

/** Whether the segment's HTTP method is DELETE. */
function deletes(segment: Segment): boolean {
  const argv = segment.argv;
  for (let index = 1; index < argv.length && index < 64; index++) {
    const word = argv[index];
    const next = (argv[index + 1] ?? "").toUpperCase();
    if (/^-X\s*DELETE$|^--(?:request|method)=DELETE$/i.test(word)) return true;
    if (/^(?:-X|--request|--method)$/.test(word) && next === "DELETE") return true;
    // HTTPie and xh: the method is the first word that is not an option.
    if (segment.program !== "curl" && segment.program !== "wget" && !word.startsWith("-")) {
      return word.toUpperCase() === "DELETE";
    }
  }
  return false;
}

/** Whether judgeRemoteDeletes looks at a segment of `program`. */
export function deletesRemotelyWith(program: string): boolean {
  return CLIENTS.has(program);
}

export function judgeRemoteDeletes(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 32)) {
    if (!deletesRemotelyWith(segment.program) || !deletes(segment)) continue;
    const target = segment.argv.slice(1).find((word) => URL_WORD.test(word));
    const host = target
      ? readHost(/^https?:/i.test(target) ? target : `https://${target}`, environment)
      : undefined;
    if (host?.loopback) continue;
    const where = host ? `"${host.host}"` : "a host Shield cannot read";
    findings.escalate("delete", `"${segment.program}" deletes something through the web API of ${where}`);
  }
}
