/** The false-block matrix (round 13): its command lines are valid bash, each piece of work reaches Shield in every
 * vocabulary, and Shield blocks none of it while every attack twin stays stopped. */

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { commandLineOf } from "./matrix_rows.ts";
import { BENIGN_BLOCK_ROWS, judgeBenignRows, summariseBenign, totalOf } from "./benign_block_matrix.ts";

Deno.test("every command line of the false-block matrix parses as bash (bash -n)", async () => {
  const lines = BENIGN_BLOCK_ROWS.flatMap((row) => [row.forms[0], row.attack]).map(commandLineOf)
    .filter((line): line is string => line !== undefined);
  assert(lines.length > 100, `only ${lines.length} command lines`);
  const script = lines.map((line) => `{\n${line}\n}`).join("\n");
  const child = new Deno.Command("bash", { args: ["-n"], stdin: "piped", stderr: "piped" }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(script));
  await writer.close();
  const result = await child.output();
  assertEquals(new TextDecoder().decode(result.stderr), "");
  assertEquals(result.code, 0);
});

Deno.test("each command or file row reaches Shield in six vocabularies carrying the same line", () => {
  for (const row of BENIGN_BLOCK_ROWS) {
    const line = commandLineOf(row.forms[0]);
    if (line === undefined) continue;
    assertEquals(row.forms.length, 6, row.mechanism);
    for (const form of row.forms.slice(1)) assertEquals(commandLineOf(form), line, row.mechanism);
  }
  assert(BENIGN_BLOCK_ROWS.length >= 60, `only ${BENIGN_BLOCK_ROWS.length} rows`);
  assert(new Set(BENIGN_BLOCK_ROWS.map((row) => row.intent)).size >= 6);
});

Deno.test("Shield's false-block figures: no benign form blocked, every attack twin stopped", async () => {
  const all = totalOf(summariseBenign(await judgeBenignRows()));
  assertEquals(all.blocked, 0);
  assertEquals(all.twinsStopped, all.rows);
  assert(all.escalated <= MAX_ESCALATED, `benign forms escalated: ${all.escalated} of ${all.forms}`);
});

/** Round 13's figures (docs/shield.md, "Round 13 — false blocks"): the escalations are the secret reads with
 * nothing leaving, a question by design. Round 69 (stop 37): 84, the project `.env` read through a `read_file` whose
 * path is under `absolute_path` now asks like the row's five other forms (that key is read as a path since). */
const MAX_ESCALATED = 84;
