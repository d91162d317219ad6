// Round 24 of speed: every program gate table shares one row per program name, and one pass over an action's
// segments answers every table (`segment_programs.ts`). Each table must still answer exactly as its own tests do,
// whatever the order tables are asked in, for arrays of one length asked in turn, and after a test or a table is
// added.
import assert from "node:assert/strict";
import { ProgramGates } from "../../../src/shield/effects/segment_programs.ts";
import type { Segment } from "../../../src/shield/shell_parser.ts";
import { run, viewOf } from "./gate_fixture.ts";
import { loadCorpus } from "../../../bench/shield_actions.ts";

const segmentsOf = (command: string) => viewOf(run(command)).segments;

/** The bits `table`'s tests give the segments' programs, asked afresh (no row, no remembered segments). */
function fresh(table: ProgramGates, segments: readonly Segment[]): number {
  let bits = 0;
  for (const segment of segments) bits |= table.test(segment.program);
  return bits;
}

Deno.test("tables sharing rows answer as their own tests, asked in any order, over the corpus's commands", async () => {
  const first = new ProgramGates();
  const curl = first.gate((program) => program === "curl");
  const python = first.gate((program) => program.startsWith("python"));
  const second = new ProgramGates();
  const git = second.gate((program) => program === "git");
  const shells = second.gate((program) => /^(?:ba|z)?sh$/.test(program));
  const views = (await loadCorpus()).map((action) => viewOf(action)).filter((view) =>
    view.segments.length > 0
  );
  assert.ok(views.length > 300);
  let reached = 0;
  for (const [index, view] of views.entries()) {
    // Every other action asks the second table first.
    const order = index % 2 === 0 ? [first, second] : [second, first];
    for (const table of order) {
      const bits = table.reached(view.segments);
      assert.equal(
        bits,
        fresh(table, view.segments),
        `${JSON.stringify(view.segments.map((s) => s.program))}`,
      );
      reached |= bits;
    }
  }
  // The corpus reaches every one of the four tests somewhere.
  assert.equal(reached, curl | python | git | shells);
});

Deno.test("two segment arrays of one length, asked in turn, are each answered for themselves", () => {
  const table = new ProgramGates();
  const curl = table.gate((program) => program === "curl");
  const git = table.gate((program) => program === "git");
  const fetches = segmentsOf("curl -s https://example.com | wc -l");
  const commits = segmentsOf("git status | wc -l");
  assert.equal(fetches.length, commits.length);
  for (let k = 0; k < 3; k++) {
    assert.equal(table.reached(fetches), curl);
    assert.equal(table.reached(commits), git);
  }
});

Deno.test("a test or a table added after a look-up is asked of the segments already asked about", () => {
  const table = new ProgramGates();
  table.gate((program) => program === "curl");
  const segments = segmentsOf("ls -la && make build");
  assert.equal(table.reached(segments), 0);
  const make = table.gate((program) => program === "make");
  assert.equal(table.reached(segments), make);
  assert.equal(table.bitsOf("make"), make);
  const later = new ProgramGates();
  const ls = later.gate((program) => program === "ls");
  assert.equal(later.reached(segments), ls);
  assert.equal(later.bitsOf("ls"), ls);
  assert.equal(table.reached(segments), make);
});
