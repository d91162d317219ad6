import assert from "node:assert/strict";
import { editSection } from "../../src/memory/section_edit.ts";

const base =
  "# Memory\n\n## Projects\n\n- Parapet\n\n### Parapet\n\nDeno engine.\n\n## Facts\n\nSky is blue.\n";

Deno.test("editSection appends a list item to the end of a section's list", () => {
  const edit = editSection(base, "Projects", "- Garden", "append");
  assert.equal(edit.created, false);
  assert.equal(edit.section, "Projects");
  assert.equal(
    edit.text,
    "# Memory\n\n## Projects\n\n- Parapet\n- Garden\n\n### Parapet\n\nDeno engine.\n\n## Facts\n\nSky is blue.\n",
  );
});

Deno.test("editSection appends prose as a new paragraph at the end of the file", () => {
  const edit = editSection(base, "facts", "Grass is green.", "append");
  assert.equal(edit.section, "Facts");
  assert.ok(edit.text.endsWith("## Facts\n\nSky is blue.\n\nGrass is green.\n"));
});

Deno.test("editSection replaces only the direct body and keeps subsections", () => {
  const edit = editSection(base, "Projects", "- Only this", "replace");
  assert.equal(
    edit.text,
    "# Memory\n\n## Projects\n\n- Only this\n\n### Parapet\n\nDeno engine.\n\n## Facts\n\nSky is blue.\n",
  );
});

Deno.test("editSection matches a heading path", () => {
  const edit = editSection(base, "Projects > Parapet", "Uses SQLite.", "append");
  assert.equal(edit.section, "Projects > Parapet");
  assert.ok(edit.text.includes("### Parapet\n\nDeno engine.\n\nUses SQLite.\n\n## Facts"));
});

Deno.test("editSection creates a missing section at the end", () => {
  const edit = editSection(base, "## Decisions", "Use FTS5.", "append");
  assert.equal(edit.created, true);
  assert.equal(edit.section, "Decisions");
  assert.ok(edit.text.endsWith("Sky is blue.\n\n## Decisions\n\nUse FTS5.\n"));
});

Deno.test("editSection creates a file from nothing", () => {
  assert.deepEqual(editSection("", "Notes", "first", "append"), {
    text: "## Notes\n\nfirst\n",
    section: "Notes",
    created: true,
  });
});

Deno.test("editSection replace with empty content clears the section", () => {
  const edit = editSection(base, "Facts", "", "replace");
  assert.ok(edit.text.endsWith("## Facts\n"));
  assert.ok(!edit.text.includes("Sky"));
});

Deno.test("editSection does not match a heading inside a code fence", () => {
  const text = "## Code\n\n```\n## Fake\n```\n";
  const edit = editSection(text, "Fake", "real", "append");
  assert.equal(edit.created, true);
  assert.ok(edit.text.includes("```\n## Fake\n```\n\n## Fake\n\nreal\n"));
});
