/** A shell fed text hidden in escape codes that cannot be read before it runs (round 84): `printf
 * "\x72\x6d\x20\x2d\x72\x66\x20$T" | sh`, `echo -e "\162\155 $(cat .p)" | bash`. The parser decodes what a printer
 * prints (`shell_printed.ts`: printf's format and `%b`, `echo -e`, `xargs printf`, `xxd -r`, `base64 -d`) and judges the
 * decoded line as any command, so `printf '\163\150...' | xargs -0 printf | sh` is read as the reverse shell it spells
 * (h19 encoding_obfuscation-011); a variable or a substitution spliced into the escapes is only known when it runs,
 * and what was decoded around it (`rm -rf `) says what it is for: ESCALATE. Passes: escapes printed to the terminal
 * (`printf '\033[1;32mOK\033[0m\n'`), a variable printed into a filter (`printf '%s\n' "$x" | sort`), a fully
 * decodable line (judged as decoded). Sources: Bashfuscator's octal, hex and ANSI-C encoders; MITRE ATT&CK T1027,
 * T1140. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

export const SHELLS = /^(?:ba|z|da|k|a|)sh$/;
const PRINTERS = /^(?:printf|echo|xargs)$/;
/** A printer's words (up to the pipe into a shell) holding three escapes and an expansion. */
const ESCAPES = /\\(?:x[0-9a-fA-F]{2}|[0-7]{3}|u[0-9a-fA-F]{4})/g;
const PRINTED_INTO_SHELL =
  /\b(?:printf|echo)\b([^|;&\n]{0,4096})\|\s*(?:[^|;&\n]*\|\s*)?(?:sudo\s+)?(?:\S*\/)?(?:ba|z|da|k|a)?sh\b(?!\s+-[a-z]*c)/g;
const EXPANSION = /\$\{?[A-Za-z_]|\$\(|`/;

/** Whether a segment is a shell reading its input from a pipe after a printer (or `xargs` printing). */
function printerFedShell(segments: readonly Segment[]): boolean {
  for (let index = 1; index < segments.length; index++) {
    const segment = segments[index];
    if (segment.joinedBy !== "|" || !SHELLS.test(segment.program)) continue;
    if (segment.argv.some((word) => /^-[a-z]*c/.test(word))) continue;
    let before = index - 1;
    while (before > 0 && segments[before].depth > segment.depth) before--;
    if (PRINTERS.test(segments[before].program) || segments[before].joinedBy === "|") return true;
  }
  return false;
}

export function judgeEscapedShellInput(
  segments: readonly Segment[],
  shell: readonly string[],
  findings: Findings,
): void {
  if (!printerFedShell(segments)) return;
  for (const text of shell.slice(0, 2)) {
    if (text.length > 64 * 1024 || !text.includes("\\")) continue;
    for (const match of text.matchAll(PRINTED_INTO_SHELL)) {
      const printed = match[1];
      if ((printed.match(ESCAPES)?.length ?? 0) >= 3 && EXPANSION.test(printed)) {
        findings.escalate(
          "exec",
          "a shell runs text hidden in escape codes with a part only known when it runs",
        );
        return;
      }
    }
  }
}
