/** Markdown split into blocks (paragraphs and fenced code blocks) and inline spans: the shared ground of the
 * per-platform renderers and of the message splitter. */

export type Block = { kind: "text"; text: string } | { kind: "code"; language: string; code: string };

export type Span =
  | { kind: "plain"; text: string }
  | { kind: "bold"; text: string }
  | { kind: "italic"; text: string }
  | { kind: "strike"; text: string }
  | { kind: "code"; text: string }
  | { kind: "link"; text: string; url: string };

const FENCE = /^(```|~~~)\s*([\w+-]*)\s*$/;

/** Paragraphs (separated by blank lines) and fenced code blocks; an unclosed fence runs to the end. */
export function parseBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.some((line) => line.trim())) {
      blocks.push({ kind: "text", text: paragraph.join("\n").trim() });
    }
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const fence = lines[index].match(FENCE);
    if (fence) {
      flush();
      const code: string[] = [];
      index++;
      while (index < lines.length && lines[index].trim() !== fence[1]) code.push(lines[index++]);
      blocks.push({ kind: "code", language: fence[2], code: code.join("\n") });
      continue;
    }
    if (lines[index].trim() === "") flush();
    else paragraph.push(lines[index]);
  }
  flush();
  return blocks;
}

/** Writes blocks back as Markdown (the splitter's unit of measure). */
export function blocksToMarkdown(blocks: Block[]): string {
  return blocks.map((block) =>
    block.kind === "code" ? "```" + block.language + "\n" + block.code + "\n```" : block.text
  ).join("\n\n");
}

const INLINE =
  /`([^`\n]+)`|\*\*([^*\n]+)\*\*|__([^_\n]+)__|~~([^~\n]+)~~|\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)|(?<![\w*])\*([^*\n]+)\*(?!\w)|(?<!\w)_([^_\n]+)_(?!\w)/g;

/** Inline spans of one paragraph: `code`, **bold**, *italic*, ~~strike~~, [text](http url). */
export function parseSpans(text: string): Span[] {
  const spans: Span[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) spans.push({ kind: "plain", text: text.slice(last, match.index) });
    const [, code, bold, boldUnderscore, strike, linkText, url, italic, italicUnderscore] = match;
    if (code !== undefined) spans.push({ kind: "code", text: code });
    else if (bold !== undefined || boldUnderscore !== undefined) {
      spans.push({ kind: "bold", text: bold ?? boldUnderscore });
    } else if (strike !== undefined) spans.push({ kind: "strike", text: strike });
    else if (linkText !== undefined) spans.push({ kind: "link", text: linkText, url });
    else spans.push({ kind: "italic", text: italic ?? italicUnderscore });
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push({ kind: "plain", text: text.slice(last) });
  return spans;
}

/** A heading line ("## Title") as its text, or undefined. */
export function headingText(line: string): string | undefined {
  return line.match(/^#{1,6}\s+(.+?)\s*#*$/)?.[1];
}

/** Renders Markdown with per-platform pieces: how each span, heading and code block looks. */
export interface Renderer {
  span(span: Span): string;
  heading(text: string): string;
  codeBlock(language: string, code: string): string;
}

export function renderWith(markdown: string, renderer: Renderer): string {
  return parseBlocks(markdown).map((block) => {
    if (block.kind === "code") return renderer.codeBlock(block.language, block.code);
    return block.text.split("\n").map((line) => {
      const heading = headingText(line);
      if (heading !== undefined) return renderer.heading(heading);
      return parseSpans(line).map((span) => renderer.span(span)).join("");
    }).join("\n");
  }).join("\n\n");
}
