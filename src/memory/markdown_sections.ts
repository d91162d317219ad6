/** Splits Markdown into sections by ATX heading, naming each by its heading path ("Projects > Parapet"). */

export interface Heading {
  /** 0-based line index of the heading line. */
  line: number;
  level: number;
  title: string;
}

export interface Section {
  /** Heading path, " > "-joined; "" for text before the first heading and under the document title. */
  path: string;
  heading: Heading | null;
  /** Direct body: lines [bodyStart, bodyEnd), up to the next heading of any level. */
  bodyStart: number;
  bodyEnd: number;
}

export interface ParsedMarkdown {
  lines: string[];
  sections: Section[];
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const CLOSING_HASHES = /(?:^|[ \t]+)#+$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Parses ATX headings, ignoring lines inside fenced code blocks (setext headings are not sections). */
export function parseMarkdown(text: string): ParsedMarkdown {
  const lines = text.replaceAll("\r\n", "\n").split("\n");
  const headings = findHeadings(lines);
  const titleLine = documentTitleLine(headings);
  const sections: Section[] = [{
    path: "",
    heading: null,
    bodyStart: 0,
    bodyEnd: headings[0]?.line ?? lines.length,
  }];
  const stack: Heading[] = [];
  headings.forEach((heading, index) => {
    while (stack.length > 0 && stack[stack.length - 1].level >= heading.level) stack.pop();
    stack.push(heading);
    const path = stack.filter((h) => h.line !== titleLine).map((h) => h.title).join(" > ");
    sections.push({
      path,
      heading,
      bodyStart: heading.line + 1,
      bodyEnd: headings[index + 1]?.line ?? lines.length,
    });
  });
  return { lines, sections };
}

function findHeadings(lines: string[]): Heading[] {
  const headings: Heading[] = [];
  let fence: string | null = null;
  lines.forEach((line, index) => {
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) {
        if (line.trim() === fenceMatch[1]) fence = null;
      }
      return;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      return;
    }
    const match = HEADING.exec(line);
    if (!match) return;
    const title = (match[2] ?? "").replace(CLOSING_HASHES, "").trim();
    headings.push({ line: index, level: match[1].length, title });
  });
  return headings;
}

/**
 * A document that opens with its only level-1 heading ("# Memory") has a title, not a section:
 * leaving it out of paths keeps them short ("Projects", not "Memory > Projects").
 */
function documentTitleLine(headings: Heading[]): number | null {
  const first = headings[0];
  if (!first || first.level !== 1) return null;
  return headings.filter((h) => h.level === 1).length === 1 ? first.line : null;
}

/** The direct body text of a section, without surrounding blank lines. */
export function sectionBody(parsed: ParsedMarkdown, section: Section): string {
  return parsed.lines.slice(section.bodyStart, section.bodyEnd).join("\n").trim();
}
