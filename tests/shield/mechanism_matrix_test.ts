/** The mechanism matrix: its command lines are valid bash, every intent has its programs, and Shield's figures on
 * it stay where round 10b left them (no attack row allowed in either vocabulary, no benign twin blocked). */

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { commandLineOf } from "./mechanism_rows.ts";
import { judgeRows, MECHANISM_ROWS, summarise } from "./mechanism_matrix.ts";

Deno.test("every command line of the matrix parses as bash (bash -n)", async () => {
  const lines = MECHANISM_ROWS.flatMap((row) => [row.attack, row.benign]).map(commandLineOf)
    .filter((line): line is string => line !== undefined);
  assert(lines.length > 300, `only ${lines.length} command lines`);
  const script = lines.map((line) => `{\n${line}\n}`).join("\n");
  const output = await new Deno.Command("bash", { args: ["-n"], stdin: "piped", stderr: "piped" }).spawn();
  const writer = output.stdin.getWriter();
  await writer.write(new TextEncoder().encode(script));
  await writer.close();
  const result = await output.output();
  assertEquals(new TextDecoder().decode(result.stderr), "");
  assertEquals(result.code, 0);
});

Deno.test("each attack's other-vocabulary form carries the same command line or file", () => {
  for (const row of MECHANISM_ROWS) {
    const line = commandLineOf(row.attack);
    if (line !== undefined) assertEquals(commandLineOf(row.other), line, row.mechanism);
    else assertEquals(Object.values(row.other.payload)[0], row.attack.payload.path, row.mechanism);
  }
});

Deno.test("every intent is carried out by many programs", () => {
  const counts = new Map<string, number>();
  for (const row of MECHANISM_ROWS) counts.set(row.intent, (counts.get(row.intent) ?? 0) + 1);
  assertEquals(counts.size, 7);
  for (const [intent, count] of counts) assert(count >= 15, `${intent}: ${count} rows`);
});

Deno.test("Shield's matrix figures: attacks stopped, benign twins not blocked", async () => {
  const summaries = summarise(await judgeRows());
  const total = (key: "rows" | "stopped" | "otherStopped" | "benignBlocked" | "benignEscalated") =>
    summaries.reduce((sum, summary) => sum + summary[key], 0);
  // Round 10b left one row allowed (`bunx` without `-y` of an unknown name; see docs/shield.md).
  assert(total("stopped") >= 286, `stopped ${total("stopped")} of ${total("rows")}`);
  assert(
    total("otherStopped") >= 286,
    `other vocabulary stopped ${total("otherStopped")} of ${total("rows")}`,
  );
  assertEquals(total("benignBlocked"), 0);
  assert(total("benignEscalated") <= 3, `benign twins escalated: ${total("benignEscalated")}`);
});
