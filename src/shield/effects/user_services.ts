/** Services a user account starts by itself at every login or boot without root: `systemctl --user enable`,
 * `loginctl enable-linger` (keeps them running after logout), `launchctl load -w` of a user agent. Enabling
 * system services is left to the sudo and path checks. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const SERVICE_MANAGERS = new Set(["systemctl", "loginctl", "launchctl"]);
/** Whether judgeUserServices looks at a segment of this program. */
export const startsServicesWith = (program: string): boolean => SERVICE_MANAGERS.has(program);

export function judgeUserServices(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
    if (!startsServicesWith(segment.program)) continue;
    const args = segment.argv.slice(1);
    const starts = (segment.program === "systemctl" && args.includes("--user") && args.includes("enable")) ||
      (segment.program === "loginctl" && args.includes("enable-linger")) ||
      (segment.program === "launchctl" && (args.includes("load") || args.includes("bootstrap")) &&
        args.some((arg) => /LaunchAgents\//i.test(arg)));
    if (starts) {
      findings.escalate("persistence", `"${segment.text.slice(0, 60)}" starts a service at every login`);
      return;
    }
  }
}
