/** Glob matching for IFC sources and sinks: file paths, host names and tool names. */

const cache = new Map<string, RegExp>();

// Path globs: `**` spans directories (a leading `**/x` also matches `x` at any depth, `dir/**` matches
// `dir` itself), `*` and `?` stay within one segment, `{a,b}` picks one alternative.
export function pathGlob(pattern: string): RegExp {
  return compile(`p:${pattern}`, pattern, "[^/]", "");
}

/** Host and tool-name globs: `*` matches any run of characters (dots and underscores included). */
export function nameGlob(pattern: string): RegExp {
  return compile(`n:${pattern}`, pattern, ".", "i");
}

function compile(key: string, pattern: string, segmentChar: string, flags: string): RegExp {
  let regex = cache.get(key);
  if (!regex) {
    regex = new RegExp("^" + translate(pattern, segmentChar) + "$", flags);
    cache.set(key, regex);
  }
  return regex;
}

function translate(pattern: string, segmentChar: string): string {
  let out = "";
  let inBraces = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "*" && pattern[i + 1] === "*") {
      const slashAfter = pattern[i + 2] === "/";
      const slashBefore = i > 0 && pattern[i - 1] === "/";
      if (slashAfter) {
        out += "(?:.*/)?";
        i += 2;
      } else if (slashBefore && i + 2 === pattern.length) {
        out = out.slice(0, -1) + "(?:/.*)?";
        i += 1;
      } else {
        out += ".*";
        i += 1;
      }
    } else if (char === "*") out += `${segmentChar}*`;
    else if (char === "?") out += segmentChar;
    else if (char === "{") (out += "(?:", inBraces = true);
    else if (char === "}" && inBraces) (out += ")", inBraces = false);
    else if (char === "," && inBraces) out += "|";
    else out += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return out;
}
