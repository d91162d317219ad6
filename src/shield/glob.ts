/** Glob patterns compiled to anchored, case-insensitive regular expressions: `*` (one path segment),
 * `**` (any depth), `?`, `{a,b}` alternatives and `[…]` classes. */

export class GlobError extends Error {}

const REGEX_SPECIAL = /[.+^$()|\\]/;

function readClass(glob: string, start: number): { source: string; end: number } {
  const end = glob.indexOf("]", start + 2);
  if (end < 0) throw new GlobError(`Unclosed "[" at position ${start}`);
  let body = glob.slice(start + 1, end);
  if (body.startsWith("!")) body = "^" + body.slice(1);
  return { source: `[${body.replaceAll("\\", "\\\\")}]`, end: end + 1 };
}

/** Converts a glob to regex source (no anchors). */
export function globSource(glob: string): string {
  let source = "";
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*" && glob[i + 1] === "*") {
      const slashAfter = glob[i + 2] === "/";
      source += slashAfter ? "(?:.*/)?" : ".*";
      i += slashAfter ? 2 : 1;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "[") {
      const { source: cls, end } = readClass(glob, i);
      source += cls;
      i = end - 1;
    } else if (c === "{") {
      braces++;
      source += "(?:";
    } else if (c === "}" && braces > 0) {
      braces--;
      source += ")";
    } else if (c === "," && braces > 0) source += "|";
    else if (c === "\\" && i + 1 < glob.length) source += "\\" + glob[++i];
    else source += REGEX_SPECIAL.test(c) ? "\\" + c : c;
  }
  if (braces > 0) throw new GlobError(`Unclosed "{"`);
  return source;
}

export function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${globSource(glob)}$`, "i");
}
