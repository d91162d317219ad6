/** A command line spelled as one word in escape codes (round 91): `$'\x64\x64\x20\x69\x66\x3d...'` run as the
 * command, `$'\162\155\040-rf' ~`, a variable set from such escapes and run (`c=$'\u0072\u006d ...'; $c`), or a
 * printed substitution in command position (`$(printf '\x72\x6d\x20...')`). The parser reads the word as the line it
 * spells (`shell_parser.ts`, the lexer's `unfolded` words), so that line gets its own verdict; this check asks
 * besides, whatever the line is: nobody writes `ls -la` in hex escapes as a command, the encoding is there to hide
 * it. Passes: escapes in an argument (`printf $'a\tb\n'`, `echo $'line1\nline2'`), `IFS=$'\n'`, a named escape with
 * no number escape anywhere, a program path with a space written plainly (`"/opt/My Tools/run" --help`).
 * Sources: Bash Reference Manual 3.1.2.4 ANSI-C Quoting; Bashfuscator (ANSI-C and octal encoders); MITRE ATT&CK
 * T1027 Obfuscated Files or Information, T1140 Deobfuscate/Decode Files. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

/** A number escape (hex, octal, Unicode) in a command line: the check's literal gate. */
export const NUMBER_ESCAPE_HINT = /\\(?:x[0-9a-fA-F]{2}|[0-7]{3}|u[0-9a-fA-F]{4})/;
/** A command word holding what only a command line holds: a space or an operator. */
const LINE_IN_WORD = /[\s;|&<>]/;
const MAX_SEGMENTS = 64;

export function judgeSpelledCommandWords(
  tool: string,
  segments: readonly Segment[],
  shell: readonly string[],
  findings: Findings,
): void {
  if (!shell.some((text) => NUMBER_ESCAPE_HINT.test(text))) return;
  for (const segment of segments.slice(0, MAX_SEGMENTS)) {
    const word = segment.argv[0];
    if (word === undefined || !LINE_IN_WORD.test(word.trim()) || word.startsWith("$(")) continue;
    // A decoded word of at least two words, the first a program's name (a path or a plain name).
    if (!/^[\w./~-]+[\s;|&<>]/.test(word.trimStart())) continue;
    findings.escalate(
      "exec",
      `"${tool}" runs a command line spelled in escape codes ("${word.slice(0, 60).replace(/\s+/g, " ")}")`,
    );
    return;
  }
}
