import { assert, assertEquals } from "../support/assert.ts";
import { CONFIG_DOC, generateConfigDocs } from "../../scripts/config_docs.ts";

Deno.test("docs/configuration.md is what scripts/config_docs.ts generates from the schema (run it after a change)", async () => {
  assertEquals(await Deno.readTextFile(CONFIG_DOC), generateConfigDocs());
});

Deno.test("config docs: every key has a type, a default column and a description", () => {
  const rows = generateConfigDocs().split("\n").filter((line) => line.startsWith("| `"));
  assert(rows.length > 100, `${rows.length} keys`);
  for (const row of rows) {
    const cells = row.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim());
    assertEquals(cells.length, 5, row);
    assert(cells.every((cell) => cell !== ""), `empty cell in ${row}`);
  }
  for (const key of ["`web.port`", "`roles.chat`", "`shield.tier3.timeout_seconds`", "`mcp.servers[].env`"]) {
    assert(rows.some((row) => row.startsWith(`| ${key} |`)), key);
  }
});
