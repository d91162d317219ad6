/** Pure edit of one Markdown section: append to or replace its direct body, creating `## section` if missing. */
import { type ParsedMarkdown, parseMarkdown, type Section } from "./markdown_sections.ts";

export type WriteMode = "append" | "replace";

export interface SectionEdit {
  text: string;
  /** Heading path of the edited section after the edit. */
  section: string;
  created: boolean;
}

/**
 * `section` matches a heading path ("Projects > Parapet") or, failing that, the first heading with that
 * title, ignoring case, repeated spaces and leading `#`. The direct body ends at the next heading of any
 * level, so subsections are never overwritten by "replace".
 */
export function editSection(text: string, section: string, content: string, mode: WriteMode): SectionEdit {
  const parsed = parseMarkdown(text);
  const target = findSection(parsed, section);
  const body = normalizeContent(content);
  if (!target?.heading) return appendNewSection(text, section, body);
  const { lines } = parsed;
  const existing = trimBlankLines(lines.slice(target.bodyStart, target.bodyEnd));
  const newBody = mode === "replace" ? linesOf(body) : joinBodies(existing, linesOf(body));
  const after = lines.slice(target.bodyEnd);
  const rebuilt = [
    ...lines.slice(0, target.bodyStart),
    ...(newBody.length > 0 ? ["", ...newBody] : []),
    ...(after.length > 0 ? ["", ...after] : [""]),
  ];
  return { text: rebuilt.join("\n"), section: target.path, created: false };
}

export function normalizeSectionName(section: string): string {
  return section.replace(/^\s*#+\s*/, "").replace(/\s+/g, " ").trim();
}

function findSection(parsed: ParsedMarkdown, section: string): Section | undefined {
  const wanted = normalizeSectionName(section).toLowerCase();
  const headed = parsed.sections.filter((s) => s.heading !== null);
  return headed.find((s) => normalizeSectionName(s.path).toLowerCase() === wanted) ??
    headed.find((s) => normalizeSectionName(s.heading!.title).toLowerCase() === wanted);
}

function appendNewSection(text: string, section: string, body: string): SectionEdit {
  const title = normalizeSectionName(section);
  const head = text.replaceAll("\r\n", "\n").trimEnd();
  const block = body === "" ? `## ${title}\n` : `## ${title}\n\n${body}\n`;
  const newText = head === "" ? block : `${head}\n\n${block}`;
  const parsed = parseMarkdown(newText);
  const last = parsed.sections[parsed.sections.length - 1];
  return { text: newText, section: last.path, created: true };
}

function normalizeContent(content: string): string {
  return content.replaceAll("\r\n", "\n").replace(/^\s*\n/, "").trimEnd();
}

function linesOf(body: string): string[] {
  return body === "" ? [] : body.split("\n");
}

function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start].trim() === "") start++;
  while (end > start && lines[end - 1].trim() === "") end--;
  return lines.slice(start, end);
}

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;

/** A list item appended to a list continues it; anything else becomes a new paragraph. */
function joinBodies(existing: string[], added: string[]): string[] {
  if (existing.length === 0) return added;
  if (added.length === 0) return existing;
  const continuesList = LIST_ITEM.test(existing[existing.length - 1]) && LIST_ITEM.test(added[0]);
  return continuesList ? [...existing, ...added] : [...existing, "", ...added];
}
