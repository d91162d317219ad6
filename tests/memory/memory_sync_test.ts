import assert from "node:assert/strict";
import { systemClock } from "../../src/lib/clock.ts";
import { memoryFixture } from "./_memory_fixture.ts";

const notes =
  "# Memory\n\n## Garden\n\nThe tomatoes need water daily.\n\n## Cars\n\nThe blue sedan needs new tyres.\n";

Deno.test("memory search returns path, section and a highlighted snippet", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  const results = await fixture.memory.search("tomatoes");
  assert.deepEqual(results, [{
    path: "MEMORY.md",
    section: "Garden",
    snippet: "The **tomatoes** need water daily.",
  }]);
});

Deno.test("memory search stems words and completes the last word as a prefix", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  assert.equal((await fixture.memory.search("watering"))[0]?.section, "Garden");
  assert.equal((await fixture.memory.search("sed"))[0]?.section, "Cars");
});

Deno.test("memory search falls back to any term when no section has them all", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  const results = await fixture.memory.search("tomatoes tyres");
  assert.deepEqual(results.map((hit) => hit.section).sort(), ["Cars", "Garden"]);
});

Deno.test("memory search sees a hand edit made after the first search", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  assert.equal((await fixture.memory.search("tomatoes")).length, 1);
  await fixture.write("MEMORY.md", "# Memory\n\n## Garden\n\nThe cucumbers are ready to pick.\n");
  assert.deepEqual((await fixture.memory.search("cucumbers")).map((hit) => hit.section), ["Garden"]);
  assert.deepEqual(await fixture.memory.search("tomatoes"), []);
});

Deno.test("memory search has no stale hits after a section is deleted by hand", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  await fixture.memory.search("anything");
  assert.equal(fixture.chunkCount("MEMORY.md"), 2);
  await fixture.write("MEMORY.md", "# Memory\n\n## Garden\n\nThe tomatoes need water daily.\n");
  assert.deepEqual(await fixture.memory.search("sedan"), []);
  assert.equal(fixture.chunkCount("MEMORY.md"), 1);
  assert.equal(fixture.chunkCount(), 1);
});

Deno.test("memory search notices a same-size edit within the same modification time", async () => {
  // The real clock: the file looks "racily clean" only when indexed close to its mtime.
  await using fixture = await memoryFixture({ "MEMORY.md": notes }, { clock: systemClock });
  const file = `${fixture.workspace}/MEMORY.md`;
  const mtime = new Date(systemClock.now());
  await Deno.utime(file, mtime, mtime);
  assert.equal((await fixture.memory.search("tomatoes")).length, 1);
  await fixture.write("MEMORY.md", notes.replace("tomatoes", "potatoes"));
  await Deno.utime(file, mtime, mtime);
  assert.equal((await fixture.memory.search("potatoes")).length, 1);
  assert.deepEqual(await fixture.memory.search("tomatoes"), []);
});

Deno.test("memory sync re-indexes nothing when no file changed", async () => {
  await using fixture = await memoryFixture({
    "MEMORY.md": notes,
    "USER.md": "## Style\n\nShort answers.\n",
  });
  assert.deepEqual((await fixture.memory.sync()).reindexed.sort(), ["MEMORY.md", "USER.md"]);
  const rowIds = fixture.db.prepare("SELECT id FROM memory_chunks ORDER BY id").all();
  assert.deepEqual(await fixture.memory.sync(), { reindexed: [], removed: [] });
  await fixture.write("USER.md", "## Style\n\nLong answers please.\n");
  assert.deepEqual(await fixture.memory.sync(), { reindexed: ["USER.md"], removed: [] });
  const memoryRows = fixture.db.prepare("SELECT id FROM memory_chunks WHERE path = 'MEMORY.md' ORDER BY id")
    .all();
  assert.deepEqual(memoryRows, rowIds.slice(0, 2), "MEMORY.md chunks were rebuilt without a change");
});

Deno.test("memory sync drops a deleted file from the index", async () => {
  await using fixture = await memoryFixture({
    "MEMORY.md": notes,
    "USER.md": "## Style\n\nShort answers.\n",
  });
  assert.equal((await fixture.memory.search("answers")).length, 1);
  await Deno.remove(`${fixture.workspace}/USER.md`);
  assert.deepEqual(await fixture.memory.search("answers"), []);
  assert.equal(fixture.chunkCount("USER.md"), 0);
});

Deno.test("memory search covers identity files and Markdown notes under memory/", async () => {
  await using fixture = await memoryFixture({
    "IDENTITY.md": "# Identity\n\nYou are Juniper.\n",
    "memory/2025-01-01.md": "## Standup\n\nDiscussed the quarterly roadmap.\n",
    "memory/deep/trip.markdown": "## Trip\n\nRoadmap for the hiking trip.\n",
    "memory/ignored.txt": "roadmap in a text file",
    "memory/.hidden.md": "roadmap hidden",
  });
  assert.deepEqual(await fixture.memory.search("juniper"), [
    { path: "IDENTITY.md", section: "", snippet: "You are **Juniper**." },
  ]);
  const paths = (await fixture.memory.search("roadmap")).map((hit) => hit.path).sort();
  assert.deepEqual(paths, ["memory/2025-01-01.md", "memory/deep/trip.markdown"]);
});

Deno.test("memory index skips a symlinked memory file and logs why", async () => {
  await using fixture = await memoryFixture({ "config.yaml": "## Secret\n\napi key hunter2\n" });
  await Deno.symlink(`${fixture.workspace}/config.yaml`, `${fixture.workspace}/MEMORY.md`);
  assert.deepEqual(await fixture.memory.search("hunter2"), []);
  assert.equal(await fixture.memory.readFile("MEMORY.md"), null);
  const skip = fixture.logs.find((entry) => entry.event === "memory_file_skipped");
  assert.equal(skip?.level, "warn");
  assert.match(skip?.message ?? "", /"MEMORY.md": symbolic links are not followed/);
});

Deno.test("memory reindexAll rebuilds every file", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  await fixture.memory.sync();
  fixture.db.exec("DELETE FROM memory_fts");
  assert.deepEqual(await fixture.memory.search("tomatoes"), []);
  assert.deepEqual(await fixture.memory.reindexAll(), { reindexed: ["MEMORY.md"], removed: [] });
  assert.equal((await fixture.memory.search("tomatoes")).length, 1);
});

Deno.test("memory service syncs on a timer when syncIntervalMs is set", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes }, { syncIntervalMs: 20 });
  for (let attempt = 0; attempt < 250 && fixture.chunkCount() === 0; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.equal(fixture.chunkCount("MEMORY.md"), 2);
});

Deno.test("memory search returns at most the requested number of hits", async () => {
  const many = Array.from({ length: 30 }, (_, i) => `## Item ${i}\n\nshared keyword number ${i}\n`).join(
    "\n",
  );
  await using fixture = await memoryFixture({ "MEMORY.md": many });
  assert.equal((await fixture.memory.search("keyword")).length, 10);
  assert.equal((await fixture.memory.search("keyword", 3)).length, 3);
  assert.equal((await fixture.memory.search("keyword", 500)).length, 10);
});

Deno.test("memory search ranks whole-word hits before completions of the last word", async () => {
  await using fixture = await memoryFixture({
    "MEMORY.md":
      "## Garden\n\nThe garden needs compost.\n\n## Fish\n\nA gar is a long fish.\n\n## Gardening\n\nGardens.\n",
  });
  const sections = (await fixture.memory.search("gar")).map((hit) => hit.section);
  assert.equal(sections[0], "Fish");
  assert.deepEqual(sections.slice(1).sort(), ["Garden", "Gardening"]);
});

Deno.test("memory search lists the newest matches first for a very broad query", async () => {
  const sections = Array.from(
    { length: 1100 },
    (_, i) => `## Note ${i}\n\ncommon word ${"filler ".repeat(i % 7)}\n`,
  );
  await using fixture = await memoryFixture({ "MEMORY.md": sections.join("\n") });
  const results = await fixture.memory.search("common");
  assert.deepEqual(
    results.map((hit) => hit.section),
    Array.from({ length: 10 }, (_, i) => `Note ${1099 - i}`),
  );
  assert.equal(results[0].snippet.includes("**common**"), true);
});

Deno.test("memory sync rewrites only the chunks of sections that changed", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes + "\n## Books\n\nDune, twice.\n" });
  await fixture.memory.sync();
  const before = fixture.db.prepare("SELECT id, section FROM memory_chunks ORDER BY id").all();
  await fixture.write("MEMORY.md", notes.replace("new tyres", "a service") + "\n## Books\n\nDune, twice.\n");
  assert.deepEqual((await fixture.memory.sync()).reindexed, ["MEMORY.md"]);
  const after = fixture.db.prepare("SELECT id, section, ordinal FROM memory_chunks ORDER BY ordinal")
    .all() as {
      id: number;
      section: string;
    }[];
  assert.deepEqual(after.map((row) => row.section), ["Garden", "Cars", "Books"]);
  assert.deepEqual(after.filter((row) => row.section !== "Cars").map((row) => row.id), [
    (before[0] as { id: number }).id,
    (before[2] as { id: number }).id,
  ]);
  assert.ok(after[1].id > (before[2] as { id: number }).id, "the changed section got a new row");
  assert.deepEqual(await fixture.memory.search("tyres"), []);
  assert.equal((await fixture.memory.search("service"))[0]?.section, "Cars");
  assert.equal(fixture.chunkCount(), 3);
});
