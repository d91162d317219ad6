/** The paths a shell command line names, so its output raises the session's IFC taint like a read of them. */

const MAX_WORDS = 500;
/** Operators, redirections, substitutions and quotes split words; what is left are candidate paths. */
const SEPARATORS = /[\s;|&<>()`"'{}]+|\$\(/;

/** Every word of `command` that could name a file: arguments, redirection targets, `--opt=value` values.
 * Names hidden behind expansion (`cat $(printf .e)nv`) are not seen: the label is a floor, not a bound. */
export function namedPaths(command: string): string[] {
  const found = new Set<string>();
  for (const raw of command.split(SEPARATORS).slice(0, MAX_WORDS)) {
    const word = raw.includes("=") ? raw.slice(raw.indexOf("=") + 1) : raw;
    if (word === "" || word.startsWith("-") || word.startsWith("$")) continue;
    found.add(word.replace(/\\(.)/g, "$1"));
  }
  return [...found];
}
