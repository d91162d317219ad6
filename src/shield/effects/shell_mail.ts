/** Files mailed from a shell (`mutt -a FILE`, `mail -A`, `mailx -a`, `swaks --attach @FILE`, `mpack`): the
 * command-line form of an attachment to whoever is named, which a coding session rarely needs. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const MAILERS = /^(?:mutt|neomutt|mail|mailx|s-nail|bsd-mailx|swaks|mpack|sendemail|email)$/;
const ATTACH_OPTION = /^(?:-a|-A|--attach|--attachment)$|^--attach=/;

/** Whether judgeShellMail looks at a segment of this program. */
export const mailsWith = (program: string): boolean => MAILERS.test(program);

export function judgeShellMail(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    const command = segment.program;
    if (!mailsWith(command)) continue;
    const attaches = command === "mpack" || segment.argv.some((arg, i) => i > 0 && ATTACH_OPTION.test(arg));
    if (!attaches) continue;
    findings.escalate("message", `"${command}" mails files from the shell`);
    return;
  }
}
