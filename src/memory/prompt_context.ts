/** Fits the memory files into a system-prompt budget, cutting the least important text first. */
import { parseMarkdown } from "./markdown_sections.ts";

/** The usual rough estimate for English text with BPE tokenizers. */
export const CHARS_PER_TOKEN = 4;

/** Most important first: who the agent is, who the user is, what it remembers, how to work. */
export const PROMPT_FILES = ["IDENTITY.md", "USER.md", "MEMORY.md", "AGENTS.md"] as const;

export interface PromptFile {
  name: string;
  content: string;
}

const TRUNCATED = "\n[\u2026truncated]";
/** Below this many characters of room, a cut-down file says nothing useful. */
const MIN_USEFUL_CHARS = 80;

/**
 * Files are given room in PROMPT_FILES order, so AGENTS.md is cut first, then older MEMORY.md sections,
 * then USER.md. MEMORY.md keeps its most recent sections: by `recency` (section path -> last write time),
 * then by position (later sections were appended later). Output keeps file order and section order.
 */
export function buildPromptContext(
  files: PromptFile[],
  tokenBudget: number,
  recency: Map<string, number> = new Map(),
): string {
  let room = Math.floor(Math.max(0, tokenBudget) * CHARS_PER_TOKEN);
  const blocks: string[] = [];
  for (const name of PROMPT_FILES) {
    const file = files.find((candidate) => candidate.name === name);
    const content = file?.content.trim() ?? "";
    if (content === "") continue;
    const separator = blocks.length > 0 ? 2 : 0;
    const wrapperLength = wrap(name, "").length + separator;
    const available = room - wrapperLength;
    if (available < Math.min(MIN_USEFUL_CHARS, content.length)) continue;
    const body = name === "MEMORY.md"
      ? recentSections(content, available, recency)
      : truncate(content, available);
    if (body === "") continue;
    const block = wrap(name, body);
    blocks.push(block);
    room -= block.length + separator;
  }
  return blocks.join("\n\n");
}

function wrap(name: string, body: string): string {
  return `<memory_file name="${name}">\n${body}\n</memory_file>`;
}

function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= TRUNCATED.length) return "";
  return text.slice(0, maxChars - TRUNCATED.length).trimEnd() + TRUNCATED;
}

const EARLIER_OMITTED = "[\u2026earlier text omitted]\n";

/** Appends land at a section's end, so a cut section keeps its heading and its newest (last) lines. */
function keepEnd(text: string, maxChars: number): string {
  const newline = text.indexOf("\n");
  const heading = text.startsWith("#") && newline > 0 ? text.slice(0, newline + 1) : "";
  const room = maxChars - heading.length - EARLIER_OMITTED.length;
  if (room <= 0) return truncate(text, maxChars);
  const tail = text.slice(text.length - room).replace(/^\S*\s+/, "");
  return heading + EARLIER_OMITTED + tail;
}

interface Unit {
  position: number;
  path: string;
  text: string;
}

function recentSections(content: string, maxChars: number, recency: Map<string, number>): string {
  if (content.length <= maxChars) return content;
  const parsed = parseMarkdown(content);
  const units: Unit[] = parsed.sections
    .map((section, position) => ({
      position,
      path: section.path,
      hasBody: parsed.lines.slice(section.bodyStart, section.bodyEnd).some((line) => line.trim() !== ""),
      text: parsed.lines.slice(section.heading?.line ?? section.bodyStart, section.bodyEnd).join("\n").trim(),
    }))
    .filter((unit) => unit.hasBody)
    .map(({ position, path, text }) => ({ position, path, text }));
  const byImportance = [...units].sort((a, b) =>
    (recency.get(b.path) ?? -1) - (recency.get(a.path) ?? -1) || b.position - a.position
  );
  const omittedNote = (count: number) => `[${count} older sections omitted]\n\n`;
  const chosen: Unit[] = [];
  let used = omittedNote(units.length).length;
  for (const unit of byImportance) {
    const cost = unit.text.length + 2;
    if (used + cost > maxChars) {
      if (chosen.length === 0) chosen.push({ ...unit, text: keepEnd(unit.text, maxChars - used - 2) });
      break;
    }
    chosen.push(unit);
    used += cost;
  }
  const kept = chosen.filter((unit) => unit.text !== "").sort((a, b) => a.position - b.position);
  if (kept.length === 0) return "";
  const omitted = units.length - kept.length;
  const body = kept.map((unit) => unit.text).join("\n\n");
  return omitted > 0 ? omittedNote(omitted) + body : body;
}
