import { assert, assertEquals } from "../support/assert.ts";
import { JsonLogger } from "../../src/log/logger.ts";
import { readLogPage } from "../../src/routes/log_reader.ts";

Deno.test("engine log: rotation by size keeps every line readable, newest last, paged from the end", async () => {
  const folder = await Deno.makeTempDir();
  try {
    const file = `${folder}/engine.log`;
    const logger = new JsonLogger({ file, maxBytes: 2000, keep: 5, stderr: false });
    for (let index = 0; index < 60; index++) {
      logger.info(index % 3 === 0 ? "tool_call" : "turn", `entry ${index}`, { index });
    }
    logger.close();
    assert((await Deno.stat(`${file}.1`)).size > 0, "the log rotated");
    const all = await readLogPage(file, { lines: 1000, offset: 0 });
    assertEquals(all.total_lines, 60);
    assertEquals(
      all.entries.map((entry) => entry.message),
      Array.from({ length: 60 }, (_, index) => `entry ${index}`),
    );
    const page = await readLogPage(file, { lines: 10, offset: 5 });
    assertEquals(page.entries.map((entry) => (entry.fields as { index: number }).index), [
      45,
      46,
      47,
      48,
      49,
      50,
      51,
      52,
      53,
      54,
    ]);
    assertEquals(page.has_more, true);
    const filtered = await readLogPage(file, { lines: 100, offset: 0, event: "tool" });
    assertEquals(filtered.total_lines, 20);
    assertEquals(filtered.has_more, false);
    assertEquals((await readLogPage(file, { lines: 100, offset: 0, level: "error" })).total_lines, 0);
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("engine log: secret values never reach the file or listeners", async () => {
  const folder = await Deno.makeTempDir();
  try {
    const file = `${folder}/engine.log`;
    const logger = new JsonLogger({ file, stderr: false, secrets: ["sk-live-123456"] });
    const seen: string[] = [];
    logger.onEntry((entry) => seen.push(JSON.stringify(entry)));
    logger.warn("llm_call_failed", "Bad key sk-live-123456 rejected", { header: "Bearer sk-live-123456" });
    logger.close();
    const text = await Deno.readTextFile(file);
    assert(!text.includes("sk-live-123456") && text.includes("[REDACTED]"));
    assert(!seen.join("").includes("sk-live-123456"));
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});
