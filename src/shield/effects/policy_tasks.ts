/** Project tasks that change a guard's policy (`deno task shield policy set permissive`, `npm run shield -- policy
 * off`, `make policy-off`): the engine's own CLI reached through a task runner, or the project's, cannot be told
 * apart from here, and turning a security policy down is a decision for the user. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const RUNNERS = /^(?:deno|npm|pnpm|yarn|bun|make|just|task|npx)$/;
const GUARD_WORD =
  /^(?:shield|policy|policies|guard|guardrails?|firewall|approvals?)(?:[-_:](?:off|disable|set|permissive))?$/i;
const LOWERING =
  /^(?:set|unset|off|disable|disabled|reset|permissive|allow-all|allow_all|delete|none|false|0|yolo|[\w:-]*(?:off|disable|permissive))$/i;

/** Whether judgePolicyTasks looks at a segment of this program. */
export const runsTasksWith = (program: string): boolean => RUNNERS.test(program);

export function judgePolicyTasks(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    if (!runsTasksWith(segment.program) || segment.argv.length < 2) continue;
    const args = segment.argv.slice(1);
    if (args.some((arg) => GUARD_WORD.test(arg)) && args.some((arg) => LOWERING.test(arg))) {
      findings.escalate(
        "security",
        `"${segment.argv.slice(0, 5).join(" ")}" runs a task that lowers a security policy`,
      );
      return;
    }
  }
}
