/** Services a user account starts by itself at every login or boot without root: `systemctl --user enable`,
 * `loginctl enable-linger` (keeps them running after logout), `launchctl load -w` of a user agent. Enabling
 * system services is left to the sudo and path checks. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

export function judgeUserServices(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
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
