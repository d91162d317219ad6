/** Programs run by opening them (`xdg-open x.pdf.desktop`, `open -a Terminal fix.command`, `start setup.exe`,
 * an `open_file` tool on an AppImage): the double-click path a page talks a user, or an agent, into. Documents and
 * web pages open in their viewers and pass. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const OPENERS = /^(?:xdg-open|open|gio|gnome-open|kde-open\d?|exo-open|start|explorer|explorer\.exe|cmd)$/;
const RUNNABLE =
  /\.(?:desktop|appimage|command|tool|app|exe|msi|msix|bat|cmd|ps1|vbs|vbe|jse?|wsf|hta|lnk|scr|pif|jar|sh|run|bin|dmg|pkg|deb|rpm|iso|img|reg|scpt|terminal|workflow)\/?$/i;

function opensRunnable(args: readonly string[]): string | undefined {
  if (args.some((arg, i) => arg === "-a" && /^(?:terminal|iterm|script editor)$/i.test(args[i + 1] ?? ""))) {
    return args[args.length - 1];
  }
  return args.find((arg) => !arg.startsWith("-") && !/^https?:/i.test(arg) && RUNNABLE.test(arg));
}

/** Whether judgeOpenedSegments looks at a segment of this program. */
export const opensWith = (program: string): boolean => OPENERS.test(program);

export function judgeOpenedSegments(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    if (!opensWith(segment.program)) continue;
    const args = segment.program === "gio" ? segment.argv.slice(2) : segment.argv.slice(1);
    const target = opensRunnable(args);
    if (target === undefined) continue;
    findings.escalate("exec", `opening "${target.slice(0, 80)}" runs it as a program`);
    return;
  }
}

/** Open-world tools that open a file (`open_file`, `launch`): the path decides. */
export function judgeOpenedFiles(
  tool: string,
  words: readonly string[],
  paths: readonly string[],
  findings: Findings,
): void {
  if (!words.some((word) => /^(?:open|launch|start|run|execute)$/.test(word))) return;
  const target = paths.find((path) => RUNNABLE.test(path));
  if (target === undefined) return;
  findings.escalate("exec", `"${tool}" opens "${target.slice(0, 80)}", which runs as a program`);
}
