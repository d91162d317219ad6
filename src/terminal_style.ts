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
export const ANSI_STYLE: TerminalStyle = {
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
