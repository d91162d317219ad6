import assert from "node:assert/strict";
import { isMemoryFile, MEMORY_FILES } from "../../src/memory/memory_files.ts";
import { writeMemoryTemplates } from "../../src/memory/memory_templates.ts";

Deno.test("isMemoryFile accepts exactly the memory file names", () => {
  for (const name of ["MEMORY.md", "USER.md", "IDENTITY.md", "AGENTS.md", "HEARTBEAT.md"]) {
    assert.equal(isMemoryFile(name), true, name);
  }
  assert.deepEqual([...MEMORY_FILES].sort(), [
    "AGENTS.md",
    "HEARTBEAT.md",
    "IDENTITY.md",
    "MEMORY.md",
    "USER.md",
  ]);
});

Deno.test("isMemoryFile refuses config, engine state, traversal and look-alike names", () => {
  const refused = [
    "config.yaml",
    "..%2Fconfig.yaml",
    "../config.yaml",
    ".engine/engine.db",
    ".engine/audit.jsonl",
    "memory/../x",
    "memory/notes.md",
    "./MEMORY.md",
    "/MEMORY.md",
    "MEMORY.md/",
    "memory.md",
    " MEMORY.md",
    "MEMORY.md\0",
    "MEMORY%2Emd",
    "",
  ];
  for (const name of refused) assert.equal(isMemoryFile(name), false, JSON.stringify(name));
});

Deno.test("writeMemoryTemplates creates every memory file with the agent name", async () => {
  const workspace = await Deno.makeTempDir();
  try {
    const created = await writeMemoryTemplates(workspace, { agentName: "Juniper" });
    assert.deepEqual(created.sort(), [...MEMORY_FILES].sort());
    assert.match(await Deno.readTextFile(`${workspace}/IDENTITY.md`), /You are Juniper/);
    assert.match(await Deno.readTextFile(`${workspace}/MEMORY.md`), /^# Memory\n/);
    assert.match(await Deno.readTextFile(`${workspace}/AGENTS.md`), /memory_write/);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});

Deno.test("writeMemoryTemplates never overwrites an existing file", async () => {
  const workspace = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${workspace}/MEMORY.md`, "my own notes");
    const created = await writeMemoryTemplates(workspace, { agentName: "  " });
    assert.equal(created.includes("MEMORY.md"), false);
    assert.equal(await Deno.readTextFile(`${workspace}/MEMORY.md`), "my own notes");
    assert.match(await Deno.readTextFile(`${workspace}/IDENTITY.md`), /You are Parapet/);
    assert.deepEqual(await writeMemoryTemplates(workspace, { agentName: "X" }), []);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});
