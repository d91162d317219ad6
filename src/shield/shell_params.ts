/** Braced parameter expansions (`${name...}`) the shell tokenizer reads as bash would when the value is known, and
 * as the variable itself when only its kind is: a transformed home or working folder (`${HOME%/}`, `${HOME,,}`,
 * `${HOME@L}`, `${!ref}` naming HOME) is still that folder, or one above it, never a harmless word. */

import { ownTable } from "../lib/own_table.ts";
import type { Variables } from "./shell_lexer.ts";

/** The default PATH a shell has, for `${PATH:0:1}`-style slicing. */
const DEFAULT_VALUES: Record<string, string> = ownTable({ PATH: "/usr/local/bin:/usr/bin:/bin", IFS: " " });
/** Path variables every shell has: whatever their value, they start with `/`, which is all `${HOME:0:1}`-style
 * slicing takes from them (used for slices only, never as a variable's value). */
const ABSOLUTE_VARIABLES = new Set(["HOME", "PWD", "OLDPWD", "SHELL", "TMPDIR", "PATH"]);
/** Folders Shield reads by name (`$HOME`, `$PWD`, `$OLDPWD`): a case change, a suffix trim or a transform of one
 * names that folder (its name is lower case) or a folder above it, so it reads as the variable itself. */
const FOLDER_VARIABLES = new Set(["HOME", "PWD", "OLDPWD"]);
const FOLDER_TRANSFORM = /^(?:,,?|\^\^?|%%?.*|@[EPLUu])$/s;
/** Names of secret variables (`GITHUB_TOKEN`, `DB_PASSWORD`, `OPENAI_API_KEY`), as
 * `credential.secret_variable_echo` reads them. */
export const SECRET_VARIABLE = /secret|token|passw(?:or)?d|api_?key|private_?key|access_?key|credential/i;
/** Secret-named variables that hold a file's path (`GOOGLE_APPLICATION_CREDENTIALS`, `SSH_PRIVATE_KEY_PATH`), or
 * whose secret word is not the last (`TOKEN_CACHE`, `SECRETS_DIR`): a path default (`${...:-~/.ssh/id_rsa}`,
 * `${TOKEN_CACHE:-/}`) names that file or folder, as for any other variable. */
const PATH_NAMED = /_(?:path|file|dir|home|credentials|location)$/i;
const VALUE_NAMED =
  /(?:secret|token|passw(?:or)?d|api_?key|private_?key|access_?key|secret_?key|credential)s?$/i;

/** An unknown secret variable transformed (round 40): every form that yields its value or part of it (`${T:-x}`,
 * `${T=x}`, `${T:?msg}`, `${T:0:40}`, `${T#p}`, `${T/a/b}`, `${T^^}`, `${T@Q}`) reads as the variable itself, so
 * the checks for secret variables see it rather than a default or nothing; `${T:+word}` gives its word, never the
 * value (a word that expands something stays as written). */
function secretExpansion(name: string, operator: string): string | undefined {
  const setTest = /^:?\+(.*)$/s.exec(operator);
  if (setTest) return /[$`]/.test(setTest[1]) ? undefined : setTest[1];
  const fallback = /^:?[-=](.*)$/s.exec(operator);
  if (fallback && /^~|\//.test(fallback[1]) && (PATH_NAMED.test(name) || !VALUE_NAMED.test(name))) {
    return fallback[1];
  }
  return `\${${name}}`;
}

/** `value` without the shortest (`%`, `#`) or longest (`%%`, `##`) suffix or prefix matching the glob `pattern`. */
function trimmed(value: string, operator: string, pattern: string): string {
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[\\s\\S]*").replace(
    /\?/g,
    "[\\s\\S]",
  );
  const whole = new RegExp(`^(?:${source})$`);
  const suffix = operator[0] === "%";
  const longest = operator.length === 2;
  for (let k = 0; k <= value.length; k++) {
    // Shortest first: the smallest cut; longest first: the largest.
    const size = longest ? value.length - k : k;
    const part = suffix ? value.slice(value.length - size) : value.slice(0, size);
    if (whole.test(part)) return suffix ? value.slice(0, value.length - size) : value.slice(size);
  }
  return value;
}

/** `${name}`, `${name,,}`/`${name^^}` (case), `${name:-default}`, `${name:offset:length}`, `${name%suffix}` /
 * `${name#prefix}` with known values; `${!ref}` through a known reference. */
export function expandBraced(inner: string, variables: Variables): string | undefined {
  if (inner.startsWith("!")) {
    const target = variables.get(inner.slice(1));
    if (target === undefined || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(target)) return undefined;
    const named = FOLDER_VARIABLES.has(target) || SECRET_VARIABLE.test(target);
    return variables.get(target) ?? (named ? `\${${target}}` : undefined);
  }
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(.*)$/s.exec(inner);
  if (!match) return undefined;
  const [, name, operator] = match;
  const value = variables.get(name) ?? DEFAULT_VALUES[name];
  if (operator === "") return variables.get(name);
  if (value === undefined && SECRET_VARIABLE.test(name)) return secretExpansion(name, operator);
  if (value === undefined && FOLDER_VARIABLES.has(name) && FOLDER_TRANSFORM.test(operator)) {
    return `\${${name}}`;
  }
  if (/^(?:,,?|\^\^?)$/.test(operator)) {
    if (value === undefined) return undefined;
    const lower = operator[0] === ",";
    return operator.length === 2
      ? (lower ? value.toLowerCase() : value.toUpperCase())
      : (lower ? value[0]?.toLowerCase() : value[0]?.toUpperCase()) + value.slice(1);
  }
  const fallback = /^:?[-=](.*)$/s.exec(operator);
  if (fallback) return value !== undefined && value !== "" ? value : fallback[1];
  const trim = /^(%%?|##?)(.*)$/s.exec(operator);
  if (trim && value !== undefined && trim[2].length <= 256) return trimmed(value, trim[1], trim[2]);
  const slice = /^:\s*(-?\d+)(?::\s*(\d+))?$/.exec(operator);
  if (slice && value === undefined && ABSOLUTE_VARIABLES.has(name) && slice[1] === "0" && slice[2] === "1") {
    return "/";
  }
  if (slice && value !== undefined) {
    const start = Number(slice[1]) < 0 ? value.length + Number(slice[1]) : Number(slice[1]);
    return slice[2] === undefined ? value.slice(start) : value.slice(start, start + Number(slice[2]));
  }
  return undefined;
}
