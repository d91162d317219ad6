/** The one glob compiler: Shield policy paths, tools and URLs, IFC sources and sinks, and search_files.
 *
 * Matching ignores case, everywhere and on purpose. The same file is `~/.ssh/id_rsa` and `~/.SSH/ID_RSA` on
 * case-insensitive file systems (macOS, Windows, many mounted shares), and host names ignore case by definition:
 * a deny rule or a secret label that `~/.SSH/**` could dodge would be no rule at all. Matching more than the
 * file system would is the safe side for deny rules and labels; for search_files it only finds a few more names. */

export class GlobError extends Error {
  override name = "GlobError";
}

export interface GlobOptions {
  /**
   * `"path"` (default): `*` and `?` stay within one `/`-separated segment and `[...]` is a character class.
   * `"name"`: host and tool names, where `*` and `?` match any character and brackets are literal (`[::1]`).
   */
  kind?: "path" | "name";
}

const REGEX_SPECIAL = /[.+^$()|[\]{}\\*?]/;

/**
 * Converts a glob to regular-expression source without anchors (for callers that combine several).
 * `**` spans directories: before a slash it matches any depth, including none, and at the end of `dir/**` it
 * matches `dir` itself and everything below;
 * `{a,b}` picks one alternative (nesting allowed); `\x` matches `x` literally.
 * Throws GlobError for an unclosed `[` or `{`.
 */
export function globSource(glob: string, options: GlobOptions = {}): string {
  const names = options.kind === "name";
  const one = names ? "." : "[^/]";
  let source = "";
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === "*" && glob[i + 1] === "*") {
      const slashAfter = glob[i + 2] === "/";
      const wholeTail = glob[i - 1] === "/" && i + 2 === glob.length;
      if (slashAfter) source += "(?:.*/)?";
      else if (wholeTail) source = source.slice(0, -1) + "(?:/.*)?";
      else source += ".*";
      i += slashAfter ? 2 : 1;
    } else if (char === "*") source += `${one}*`;
    else if (char === "?") source += one;
    else if (char === "[" && !names) {
      const end = glob.indexOf("]", i + 2);
      if (end < 0) throw new GlobError(`Unclosed "[" at position ${i} in "${glob}"`);
      const body = glob.slice(i + 1, end).replace(/^!/, "^").replaceAll("\\", "\\\\");
      source += `[${body}]`;
      i = end;
    } else if (char === "{") {
      braces++;
      source += "(?:";
    } else if (char === "}" && braces > 0) {
      braces--;
      source += ")";
    } else if (char === "," && braces > 0) source += "|";
    else if (char === "\\" && i + 1 < glob.length) source += escapeChar(glob[++i]);
    else source += escapeChar(char);
  }
  if (braces > 0) throw new GlobError(`Unclosed "{" in "${glob}"`);
  return source;
}

/** An anchored, case-insensitive regular expression for the glob (see globSource). */
export function globToRegExp(glob: string, options: GlobOptions = {}): RegExp {
  return new RegExp(`^${globSource(glob, options)}$`, "i");
}

const MAX_CACHED = 2048;
const cache = new Map<string, RegExp>();

/** Whether `text` matches `glob`, compiling each pattern once (bounded cache, for patterns read from policies). */
export function matchesGlob(glob: string, text: string, options: GlobOptions = {}): boolean {
  const key = `${options.kind ?? "path"}:${glob}`;
  let regex = cache.get(key);
  if (!regex) {
    if (cache.size >= MAX_CACHED) cache.clear();
    regex = globToRegExp(glob, options);
    cache.set(key, regex);
  }
  return regex.test(text);
}

function escapeChar(char: string): string {
  return REGEX_SPECIAL.test(char) ? `\\${char}` : char;
}
