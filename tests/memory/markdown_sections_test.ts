import assert from "node:assert/strict";
import { parseMarkdown } from "../../src/memory/markdown_sections.ts";
import { chunkMarkdown } from "../../src/memory/markdown_chunks.ts";

const notes = `# Memory

Intro before any section.

## Projects

Parapet is an agent engine.

### Parapet

Written in TypeScript on Deno.

## Facts ##

\`\`\`md
## Not a heading (inside a fence)
\`\`\`

Water boils at 100 C.

## Empty
`;

Deno.test("chunkMarkdown names chunks by heading path and drops the document title", () => {
  assert.deepEqual(chunkMarkdown(notes), [
    { section: "", content: "Intro before any section." },
    { section: "Projects", content: "Parapet is an agent engine." },
    { section: "Projects > Parapet", content: "Written in TypeScript on Deno." },
    { section: "Facts", content: "```md\n## Not a heading (inside a fence)\n```\n\nWater boils at 100 C." },
  ]);
});

Deno.test("chunkMarkdown gives text before the first heading the empty section", () => {
  assert.deepEqual(chunkMarkdown("loose text\n\n## A\n\nbody"), [
    { section: "", content: "loose text" },
    { section: "A", content: "body" },
  ]);
});

Deno.test("chunkMarkdown keeps level-1 headings in paths when a file has several", () => {
  const chunks = chunkMarkdown("# One\n\na\n\n## Sub\n\nb\n\n# Two\n\nc\n");
  assert.deepEqual(chunks.map((chunk) => chunk.section), ["One", "One > Sub", "Two"]);
});

Deno.test("chunkMarkdown splits a long section by paragraph within the size limit", () => {
  const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} ` + "word ".repeat(40));
  const chunks = chunkMarkdown(`## Long\n\n${paragraphs.join("\n\n")}`, 1000);
  assert.ok(chunks.length > 1);
  for (const chunk of chunks) {
    assert.equal(chunk.section, "Long");
    assert.ok(chunk.content.length <= 1000, `chunk of ${chunk.content.length} characters`);
  }
  const rejoined = chunks.map((chunk) => chunk.content).join(" ").replace(/\s+/g, " ");
  assert.equal(rejoined, paragraphs.join(" ").replace(/\s+/g, " ").trim());
});

Deno.test("chunkMarkdown cuts a single huge paragraph at whitespace", () => {
  const chunks = chunkMarkdown("## Wall\n\n" + "abcdefgh ".repeat(1000), 500);
  assert.ok(chunks.length >= 18);
  assert.ok(chunks.every((chunk) => chunk.content.length <= 500 && !chunk.content.includes("abcdefghabc")));
});

Deno.test("parseMarkdown ignores headings inside tilde fences and handles CRLF", () => {
  const parsed = parseMarkdown("## A\r\n~~~\r\n# no\r\n~~~\r\n## B\r\n");
  assert.deepEqual(parsed.sections.filter((s) => s.heading).map((s) => s.path), ["A", "B"]);
});

Deno.test("parseMarkdown does not treat #hashtag or indented code as headings", () => {
  const parsed = parseMarkdown("#tag\n    # code\n## Real\n");
  assert.deepEqual(parsed.sections.filter((s) => s.heading).map((s) => s.path), ["Real"]);
});
