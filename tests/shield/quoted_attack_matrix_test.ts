/** The quoted-attack matrix (round 16): its command lines are valid bash, every row is written in all eleven
 * vocabularies, and Shield stops none of the quoting files while every attack twin stays stopped. */

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { commandLineOf } from "./matrix_rows.ts";
import { judgeQuotedRows, QUOTED_ATTACK_ROWS, quotedTotal, summariseQuoted } from "./quoted_attack_matrix.ts";
import { WRITE_VOCABULARIES, writeForms } from "./quoted_attack_vocabulary.ts";

Deno.test("every command line of the quoted-attack matrix parses as bash (bash -n)", async () => {
  const lines = QUOTED_ATTACK_ROWS.flatMap((row) => [...row.reads, ...row.twins.map((twin) => twin.action)])
    .map(commandLineOf).filter((line): line is string => line !== undefined);
  assert(lines.length > 30, `only ${lines.length} command lines`);
  const script = lines.map((line) => `{\n${line}\n}`).join("\n");
  const child = new Deno.Command("bash", { args: ["-n"], stdin: "piped", stderr: "piped" }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(script));
  await writer.close();
  const result = await child.output();
  assertEquals(new TextDecoder().decode(result.stderr), "");
  assertEquals(result.code, 0);
});

Deno.test("each quoting file is written in eleven vocabularies carrying the same text", () => {
  for (const row of QUOTED_ATTACK_ROWS) {
    const forms = writeForms(row.path, row.content);
    assertEquals(forms.length, WRITE_VOCABULARIES.length, row.mechanism);
    for (const form of forms) {
      const carried = Object.values(form.payload).concat(
        ...(Array.isArray(form.payload.edits) ? form.payload.edits.map((edit) => Object.values(edit)) : []),
      );
      const text = carried.filter((value): value is string => typeof value === "string").join("\n");
      const lines = row.content.trimEnd().split("\n");
      assert(lines.every((line) => text.includes(line)), `${row.mechanism}: ${form.type}`);
    }
    assert(row.reads.length > 0 && row.twins.length > 0, row.mechanism);
  }
  assert(QUOTED_ATTACK_ROWS.length >= 25, `only ${QUOTED_ATTACK_ROWS.length} rows`);
});

Deno.test("Shield's quoted-attack figures: no quoting file blocked, every attack twin stopped", async () => {
  const all = quotedTotal(summariseQuoted(await judgeQuotedRows()));
  assertEquals(all.blocked, 0);
  assertEquals(all.twinsStopped, all.twins);
  assert(all.escalated <= MAX_ESCALATED, `quoting forms escalated: ${all.escalated} of ${all.forms}`);
});

/** Round 16's figures (docs/shield.md, "Round 16 — quoted attacks"): the escalations left are a CLI page whose
 * plain prose says "without asking", which the approval-bypass phrase rule cannot tell from an order. */
const MAX_ESCALATED = 11;
