/** Splits a Markdown reply into platform messages that each fit the platform's limit once rendered, cutting at
 * paragraph boundaries first, then lines, then words; a code block cut in two is closed and reopened. */
import { type Block, blocksToMarkdown, parseBlocks } from "./markdown_blocks.ts";

export type Render = (markdown: string) => string;

/** The rendered parts, in order, each at most `limit` characters (UTF-16 units, as the platforms count). */
export function splitMessage(markdown: string, limit: number, render: Render): string[] {
  if (limit < 16) throw new Error(`Message limit "${limit}" is too small to split into`);
  const fits = (blocks: Block[]) => render(blocksToMarkdown(blocks)).length <= limit;
  const pieces = parseBlocks(markdown).flatMap((block) => fits([block]) ? [block] : cutBlock(block, fits));
  const parts: string[] = [];
  let current: Block[] = [];
  for (const piece of pieces) {
    if (current.length > 0 && !fits([...current, piece])) {
      parts.push(render(blocksToMarkdown(current)));
      current = [];
    }
    current.push(piece);
  }
  if (current.length > 0) parts.push(render(blocksToMarkdown(current)));
  return parts.filter((part) => part.length > 0);
}

/** A block too long for one message, as several that each fit. */
function cutBlock(block: Block, fits: (blocks: Block[]) => boolean): Block[] {
  const make = (text: string): Block =>
    block.kind === "code" ? { kind: "code", language: block.language, code: text } : { kind: "text", text };
  const source = block.kind === "code" ? block.code : block.text;
  const units = source.split("\n").flatMap((line) =>
    fits([make(line)]) ? [line] : cutLine(line, (text) => fits([make(text)]), block.kind === "text")
  );
  const out: Block[] = [];
  let current = "";
  for (const unit of units) {
    const joined = current === "" ? unit : current + "\n" + unit;
    if (current !== "" && !fits([make(joined)])) {
      out.push(make(current));
      current = unit;
    } else current = joined;
  }
  if (current !== "") out.push(make(current));
  return out;
}

/** One over-long line as pieces that fit: at spaces where the text has them, else hard cuts. */
function cutLine(line: string, fits: (text: string) => boolean, atWords: boolean): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > 0) {
    if (fits(rest)) {
      pieces.push(rest);
      break;
    }
    let cut = longestFittingPrefix(rest, fits);
    if (atWords) {
      const space = rest.lastIndexOf(" ", cut);
      if (space > cut / 2) cut = space;
    }
    // Never split a surrogate pair.
    if (cut > 1 && /[\uD800-\uDBFF]/.test(rest[cut - 1])) cut--;
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  return pieces.filter((piece) => piece.length > 0);
}

function longestFittingPrefix(text: string, fits: (text: string) => boolean): number {
  let low = 1;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(text.slice(0, middle))) low = middle;
    else high = middle - 1;
  }
  return low;
}
