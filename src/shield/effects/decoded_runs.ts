/** Commands decoded at run time and run (round 22): a rot13 or Caesar translation piped to a shell (`tr 'A-Za-z'
 * 'N-ZA-Mn-za-m' | sh`, `rot13 | bash`; the other decoders piped to shells are a heuristic rule), and interpreter
 * code that hands a call which runs command lines or code (`os.system`, `exec`, `eval`, `execSync`, `Function`) the
 * result of a decoder (`b64decode`, `Buffer.from(..., 'base64')`, `atob`, `fromhex`, `codecs.decode(..., 'rot13')`),
 * directly or through one variable. What runs is hidden from the reader and from the checks; decoding to print or
 * to parse passes. Sources: GTFOBins; PayloadsAllTheThings "Command Injection" bypasses; MITRE ATT&CK T1140
 * (Deobfuscate/Decode Files or Information) and T1027. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";
import { matchesOf } from "../match_all.ts";

const SHELL_OR_INTERPRETER =
  /^(?:(?:ba|da|z|k|c|tc|fi|a)?sh|python[0-9.]*|perl|ruby|node|nodejs|bun|deno|php|lua)$/;
/** A `tr` set of letter ranges (`A-Za-z`, `N-ZA-M`): a translation of the alphabet onto itself. */
const LETTER_RANGES = /^(?:\[?[A-Za-z]-[A-Za-z]\]?){1,4}$/;
/** Behind the shared literal prefilter: code naming no decoder is passed over without a regex of its own. */
const DECODER_HINT = gated(/decode|atob|hex|base64|Buffer/);
const DECODER =
  /(?:\b(?:b64decode|b32decode|b16decode|a85decode|b85decode|standard_b64decode|urlsafe_b64decode|decodebytes|unhexlify|fromhex|atob|decompress)\s*\(|\bBuffer\.from\s*\([^)]{0,4096}?["'](?:base64|base64url|hex)["']|\bcodecs\.decode\s*\([^)]{0,4096}?rot)/;
const SINK =
  /\b(?:os\.(?:system|popen|exec\w*)|subprocess\.\w+|Popen|exec(?:Sync)?|spawn(?:Sync)?|eval|system|Function|popen|shell_exec|passthru)\s*\(/g;
const MAX_CODE = 64 * 1024;

function translatesAlphabet(segment: Segment): boolean {
  if (segment.program === "rot13" || segment.program === "caesar") return true;
  if (segment.program !== "tr") return false;
  const sets = segment.argv.slice(1).filter((word) => !word.startsWith("-"));
  return sets.length === 2 && sets.every((set) => LETTER_RANGES.test(set)) && sets[0] !== sets[1];
}

function judgeTranslatedPipes(tool: string, segments: readonly Segment[], findings: Findings): boolean {
  for (let index = 1; index < segments.length; index++) {
    const segment = segments[index];
    if (segment.joinedBy !== "|" || !SHELL_OR_INTERPRETER.test(segment.program)) continue;
    if (!translatesAlphabet(segments[index - 1])) continue;
    findings.escalate("exec", `"${tool}" pipes rot13-style translated text into ${segment.program}`);
    return true;
  }
  return false;
}

/** The text of a call's parenthesised argument starting at `start` (bounded). */
function argumentAt(code: string, start: number): string {
  let depth = 1;
  let end = start;
  while (end < code.length && end - start < 4096 && depth > 0) {
    if (code[end] === "(") depth++;
    else if (code[end] === ")") depth--;
    end++;
  }
  return code.slice(start, end - 1);
}

/** Whether `code` runs what a decoder returns: the decoder inside a sink's argument, or a variable assigned from a
 * decoder handed to a sink. */
export function runsDecoded(raw: string): boolean {
  if (!DECODER_HINT.test(raw)) return false;
  const code = raw.length > MAX_CODE ? raw.slice(0, MAX_CODE) : raw;
  let sinks = 0;
  for (const match of matchesOf(SINK, code)) {
    if (++sinks > 32) break;
    const argument = argumentAt(code, match.index + match[0].length);
    if (DECODER.test(argument)) return true;
    const name = /^\s*([A-Za-z_$][\w$]*)\s*(?:[,)]|$)/.exec(argument)?.[1];
    if (!name) continue;
    const assigned = new RegExp(`(?:^|[\\s;(])${name.replace(/\$/g, "\\$")}\\s*=\\s*([^\\n;]{0,400})`).exec(
      code,
    );
    if (assigned && DECODER.test(assigned[1])) return true;
  }
  return false;
}

export function judgeDecodedRuns(
  tool: string,
  segments: readonly Segment[],
  codeTexts: readonly string[],
  findings: Findings,
): void {
  if (judgeTranslatedPipes(tool, segments, findings)) return;
  for (const code of codeTexts.slice(0, 8)) {
    if (!runsDecoded(code)) continue;
    findings.escalate("exec", `"${tool}" runs a command or code it decodes at run time`);
    return;
  }
}
