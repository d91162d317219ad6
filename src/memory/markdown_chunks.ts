/** Turns a Markdown file into search chunks: one per non-empty section, long sections split by paragraph. */
import { parseMarkdown, sectionBody } from "./markdown_sections.ts";

export interface Chunk {
  section: string;
  content: string;
}

/** Long enough for a typical note section, short enough for embedding inputs and focused bm25 hits. */
const MAX_CHUNK_CHARS = 4000;

export function chunkMarkdown(text: string, maxChars = MAX_CHUNK_CHARS): Chunk[] {
  const parsed = parseMarkdown(text);
  const chunks: Chunk[] = [];
  for (const section of parsed.sections) {
    const body = sectionBody(parsed, section);
    if (body === "") continue;
    for (const part of splitLongText(body, maxChars)) chunks.push({ section: section.path, content: part });
  }
  return chunks;
}

/** Packs paragraphs into parts of at most maxChars; a paragraph longer than that is cut at whitespace. */
function splitLongText(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const parts: string[] = [];
  let current = "";
  for (const paragraph of text.split(/\n[ \t]*\n/)) {
    const trimmed = paragraph.trim();
    if (trimmed === "") continue;
    const joined = current === "" ? trimmed : `${current}\n\n${trimmed}`;
    if (joined.length <= maxChars) {
      current = joined;
      continue;
    }
    if (current !== "") parts.push(current);
    const pieces = cutAtWhitespace(trimmed, maxChars);
    current = pieces.pop() ?? "";
    parts.push(...pieces);
  }
  if (current !== "") parts.push(current);
  return parts;
}

function cutAtWhitespace(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > maxChars) {
    const space = rest.lastIndexOf(" ", maxChars);
    const newline = rest.lastIndexOf("\n", maxChars);
    const cut = Math.max(space, newline) > maxChars / 2 ? Math.max(space, newline) : maxChars;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== "") pieces.push(rest);
  return pieces;
}
