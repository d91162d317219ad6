/** The memory part of the system prompt is kept between turns, but never shows a memory file as it was before a
 * change on disk or through memory_write. */
import { assert } from "../support/assert.ts";
import { openDatabase } from "../../src/store/database.ts";
import { createMemoryService } from "../../src/memory/memory_service.ts";

Deno.test("prompt cache: a prompt file edited on disk, created, removed or written shows in the next prompt", async () => {
  const workspace = await Deno.makeTempDir({ prefix: "parapet-prompt-" });
  const memory = createMemoryService({ workspace, db: openDatabase(":memory:"), clock: { now: () => 1 } });
  try {
    await Deno.writeTextFile(`${workspace}/MEMORY.md`, "# Memory\n\n## Notes\n- likes tea\n");
    assert(memory.promptContext(2000).includes("likes tea"));
    assert(memory.promptContext(2000).includes("likes tea"));
    await Deno.writeTextFile(`${workspace}/MEMORY.md`, "# Memory\n\n## Notes\n- likes coffee now\n");
    const edited = memory.promptContext(2000);
    assert(edited.includes("likes coffee") && !edited.includes("likes tea"), edited);
    await Deno.writeTextFile(`${workspace}/USER.md`, "# User\n\nName: Ada\n");
    assert(memory.promptContext(2000).includes("Ada"));
    await Deno.remove(`${workspace}/USER.md`);
    assert(!memory.promptContext(2000).includes("Ada"));
    await memory.write({ file: "MEMORY.md", section: "Pets", content: "- a cat called Tom", mode: "append" });
    assert(memory.promptContext(2000).includes("a cat called Tom"));
  } finally {
    await memory.close?.();
    await Deno.remove(workspace, { recursive: true });
  }
});
