/** The second held-out set (tests/shield/cases/heldout2/): validate_cases checks its ids and refuses any action
 * repeated from another set or within itself; the shipped set meets the sizes its brief promised. */

import { assert, assertEquals } from "../support/assert.ts";
import { countByCategory, validateCases } from "../../scripts/validate_cases.ts";
import { loadCorpusSet } from "../../scripts/shield_scoring.ts";
import { caseCorpus, caseLine } from "./case_corpus.ts";

const line = (id: string, category: string, payload: Record<string, unknown>) =>
  caseLine(id, category, payload, "Bash");
const corpus = caseCorpus;

Deno.test("validate_cases: a heldout2 case repeating an action of another set is a problem", async () => {
  const root = await corpus({
    "dev/destructive.jsonl": [line("dv-destructive-001", "destructive", { command: "rm -rf ~" })],
    "heldout2/destructive.jsonl": [line("h2-destructive-001", "destructive", { command: "rm -rf ~" })],
  });
  try {
    const report = await validateCases(root);
    assertEquals(report.problems, [
      `heldout2/destructive.jsonl: "h2-destructive-001" repeats the action of case "dv-destructive-001"`,
    ]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("validate_cases: heldout2 refuses a repeat within itself and an id not named h2-<category>-NNN", async () => {
  const root = await corpus({
    "heldout2/destructive.jsonl": [
      line("h2-destructive-001", "destructive", { command: "shred -u a" }),
      line("h2-destructive-002", "destructive", { command: "shred -u a" }),
      line("ho-destructive-003", "destructive", { command: "shred -u b" }),
    ],
  });
  try {
    const report = await validateCases(root);
    assertEquals(report.problems, [
      `heldout2/destructive.jsonl:3: id "ho-destructive-003" must read "h2-destructive-NNN" in the second held-out set`,
      `heldout2/destructive.jsonl: "h2-destructive-002" repeats the action of case "h2-destructive-001"`,
    ]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("validate_cases: the shipped heldout2 set is well formed and as large as promised", async () => {
  const report = await validateCases();
  assertEquals(report.problems, []);
  const counts = countByCategory(report.cases, "heldout2");
  const attacks = [...counts].filter(([category]) => !category.startsWith("benign_"));
  const benign = [...counts].filter(([category]) => category.startsWith("benign_"));
  assertEquals(attacks.length, 21);
  assertEquals(benign.length, 8);
  for (const [category, count] of attacks) assert(count >= 14, `${category}: ${count} attacks`);
  for (const [category, count] of benign) assert(count >= 12, `${category}: ${count} benign`);
  assert(attacks.reduce((sum, [, count]) => sum + count, 0) >= 320, "at least 320 attacks");
  assert(benign.reduce((sum, [, count]) => sum + count, 0) >= 120, "at least 120 benign");
});

Deno.test("shield_scoring: heldout2 loads as a set of its own, apart from heldout", async () => {
  const second = await loadCorpusSet("heldout2");
  const first = await loadCorpusSet("heldout");
  assert(second.length >= 440, `${second.length} cases`);
  assert(second.every((c) => c.id.startsWith("h2-")), "only heldout2 ids");
  assert(first.every((c) => !c.id.startsWith("h2-")), "heldout keeps its own cases");
});
