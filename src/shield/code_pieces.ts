/** Base64 split into literal pieces that the code joins at run time (round 53): Ruby `%w[Y3Vy bCAt].join`, a list
 * of quoted pieces (`['Y3Vy', 'bCAt'].join('')`, Python `''.join([...])`, JS `atob([...].join(''))`) and pieces glued
 * by an operator (`'Y3Vy' + 'bCAt'`, Perl and PHP `"Y3Vy"."bCAt"`, Lua `..`, VB `&`). The code with each such list
 * replaced by the one literal it makes is judged as code too, so its base64 is decoded whole (a piece alone decodes
 * to nothing, or to a fragment no rule knows). Only pieces of base64 characters are joined: a list of words stays.
 * Source: MITRE ATT&CK T1027 and T1140; RedCode-Exec (Guo et al., NeurIPS 2024). */

import { assembledPowerShell } from "./powershell_assembly.ts";
import { matchesOf } from "./match_all.ts";

const MAX_CODE = 64 * 1024;
const PIECE = String.raw`[A-Za-z0-9+/=_-]*`;
/** `%w[...]` word lists (any of Ruby's bracket pairs). */
const WORD_LIST = /%w(?:\[([^\]]*)\]|\(([^)]*)\)|\{([^}]*)\}|<([^>]*)>)/g;
/** A bracketed list of two or more quoted base64 pieces. */
const QUOTED_LIST = new RegExp(
  String.raw`[\[(]\s*(?:(["'])${PIECE}\1\s*,\s*)+(["'])${PIECE}\2\s*,?\s*[\])]`,
  "g",
);
/** Two or more quoted base64 pieces glued by `+`, `.`, `..` or `&`. */
const GLUED = new RegExp(String.raw`(["'])${PIECE}\1(?:\s*(?:\+|\.\.?|&)\s*(["'])${PIECE}\2)+`, "g");
const QUOTED = /(["'])([^"']*)\1/g;
const BASE64_WORD = /^[A-Za-z0-9+/=_-]+$/;
/** A cheap sign that code may hold any of the three. */
const HINT = /%w|join|["']\s*(?:\+|\.\.?|&)\s*["']/;

/** `'joined'` for pieces that are all base64 and make a run worth decoding; otherwise the list as written. */
function joined(written: string, pieces: string[]): string {
  const text = pieces.join("");
  return pieces.length >= 2 && text.length >= 12 && pieces.every((piece) => BASE64_WORD.test(piece))
    ? `'${text}'`
    : written;
}

const quotedPieces = (written: string) => [...matchesOf(QUOTED, written)].map((match) => match[2]);

/** The code with its lists of base64 pieces joined, when it has any. */
export function joinedPieces(code: string): string | undefined {
  if (code.length > MAX_CODE || !HINT.test(code)) return undefined;
  const result = code
    .replace(
      WORD_LIST,
      (written, ...lists: Array<string | undefined>) =>
        joined(
          written,
          (lists.slice(0, 4).find((list) => list !== undefined) ?? "").split(/\s+/).filter(Boolean),
        ),
    )
    .replace(QUOTED_LIST, (written) => joined(written, quotedPieces(written)))
    .replace(GLUED, (written) => joined(written, quotedPieces(written)));
  return result === code ? undefined : result;
}

/** The code rebuilt from its pieces: base64 pieces joined (round 53), else PowerShell's constant assemblies
 * evaluated (round 61, `powershell_assembly.ts`); undefined when it has neither. */
export function rebuiltCode(code: string): string | undefined {
  return joinedPieces(code) ?? assembledPowerShell(code);
}
