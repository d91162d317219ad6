/** An edit or write as the round-28 safeguard checks read it: the paths written, the text it replaces (an edit's old
 * text or a patch's taken-out lines; empty when unknown or too long) and what it writes, its texts joined (bounded):
 * what an edit takes out is looked for in all it writes, whatever fields come first. */

export interface WrittenEdit {
  tool: string;
  paths: readonly string[];
  removed: string;
  /** A file tool's own written text (the canonical payload's `content`), apart from its other fields; undefined for
   * a command's redirection, whose text Shield does not see (round 43). */
  fileText: string | undefined;
  /** Joined on first use: most writes are of files no check here reads. */
  readonly written: string;
}

const MAX_REMOVED = 64 * 1024;
const MAX_WRITTEN = 256 * 1024;

export function writtenEdit(
  tool: string,
  paths: readonly string[],
  removed: string | undefined,
  contents: readonly string[],
  fileText?: string,
): WrittenEdit {
  let written: string | undefined;
  return {
    tool,
    paths,
    removed: removed && removed.length < MAX_REMOVED ? removed : "",
    fileText,
    get written() {
      return written ??= contents.slice(0, 16).filter((text) => text.length <= MAX_WRITTEN).join("\n");
    },
  };
}
