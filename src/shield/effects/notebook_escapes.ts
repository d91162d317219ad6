/** Shell commands inside notebook code (round 17): IPython and Jupyter run a line starting with `!` (`!curl ... |
 * bash`, `files = !ls`), `%system`/`%sx` lines and the body of a `%%bash`, `%%sh` or `%%script bash` cell in a shell,
 * not in Python. A code tool's cell is judged with these as the command lines they are.
 * Source: IPython docs, "System shell access" and "Cell magics" (`%%bash`, `%%script`, `%sx`, `%system`). */

const MAX_LINES = 64;
const CELL_SHELL = /^%%(?:bash|sh|zsh|script\s+(?:ba|z|da)?sh)\b/;
const LINE_SHELL = /^\s*(?:[\w, ]+=\s*)?(?:!!?|%(?:system|sx)\s+)(?=\S)/;

/** The shell lines of a notebook cell, in order (empty for plain code). */
export function notebookShellLines(code: string): string[] {
  if (!code.includes("!") && !code.includes("%")) return [];
  const lines = code.split("\n");
  if (CELL_SHELL.test(lines[0].trim())) {
    return lines.slice(1, MAX_LINES + 1).filter((line) => line.trim() !== "");
  }
  const found: string[] = [];
  for (const line of lines) {
    const match = LINE_SHELL.exec(line);
    if (match) found.push(line.slice(match[0].length));
    if (found.length >= MAX_LINES) break;
  }
  return found;
}
