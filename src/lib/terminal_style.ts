/** ANSI styling for terminal output, switched off when the output is not a terminal or NO_COLOR is set. */

export interface TerminalStyle {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

const plain = (text: string) => text;
const ansi = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`;

export const PLAIN_STYLE: TerminalStyle = {
  bold: plain,
  dim: plain,
  red: plain,
  green: plain,
  yellow: plain,
  cyan: plain,
};
const ANSI_STYLE: TerminalStyle = {
  bold: ansi(1, 22),
  dim: ansi(2, 22),
  red: ansi(31, 39),
  green: ansi(32, 39),
  yellow: ansi(33, 39),
  cyan: ansi(36, 39),
};

/** Colours only for a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function styleFor(
  stream: { isTerminal(): boolean },
  env: (name: string) => string | undefined,
): TerminalStyle {
  return stream.isTerminal() && !env("NO_COLOR") ? ANSI_STYLE : PLAIN_STYLE;
}

/** Cuts `line` to `columns` visible characters (escape sequences are not counted), ending in "..." when cut. */
export function fitWidth(line: string, columns: number): string {
  let visible = 0;
  let styled = false;
  for (let index = 0; index < line.length; index++) {
    if (line[index] === "\x1b") {
      const end = line.indexOf("m", index);
      if (end > 0) {
        styled = true;
        index = end;
        continue;
      }
    }
    if (++visible === columns && index < line.length - 1 && visibleRest(line, index + 1)) {
      return `${line.slice(0, index)}\u2026${styled ? "\x1b[0m" : ""}`;
    }
  }
  return line;
}

function visibleRest(line: string, from: number): boolean {
  // deno-lint-ignore no-control-regex
  return line.slice(from).replace(/\x1b\[[0-9;]*m/g, "").length > 0;
}
