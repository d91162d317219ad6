/** Converts a file-name glob (`*`, `**`, `?`, `[abc]`, `{a,b}`) into an anchored regular expression. */

/** A pattern without "/" matches the base name; with "/", the path relative to the search root. */
export function globToRegExp(glob: string): RegExp {
  let source = "";
  let braceDepth = 0;
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    if (char === "*") {
      if (glob[index + 1] === "*") {
        const slashFollows = glob[index + 2] === "/";
        source += slashFollows ? "(?:.*/)?" : ".*";
        index += slashFollows ? 2 : 1;
      } else {
        source += "[^/]*";
      }
    } else if (char === "?") source += "[^/]";
    else if (char === "[") {
      const end = glob.indexOf("]", index + 1);
      if (end === -1) source += "\\[";
      else {
        const body = glob.slice(index + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\");
        source += `[${body}]`;
        index = end;
      }
    } else if (char === "{") {
      braceDepth++;
      source += "(?:";
    } else if (char === "}" && braceDepth > 0) {
      braceDepth--;
      source += ")";
    } else if (char === "," && braceDepth > 0) source += "|";
    else source += char.replace(/[.+^${}()|\\\]]/g, "\\$&");
  }
  source += ")".repeat(braceDepth);
  return new RegExp(`^${source}$`);
}
