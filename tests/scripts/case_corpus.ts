/** Test corpora for scripts/validate_cases.ts: one case as a JSON line, a temporary case folder of such lines
 * (`heldout2/destructive.jsonl` → lines) and the problems validate_cases finds in it, and the shipped blind sets'
 * size checks, shared by the held-out sets' validation tests. */

import { assert, assertEquals } from "../support/assert.ts";
import { countByCategory, validateCases } from "../../scripts/validate_cases.ts";
import { type CorpusSet, loadCorpusSet } from "../../scripts/shield_scoring.ts";

/** One case line; `expect` follows the category (`benign_*` is benign). */
export function caseLine(
  id: string,
  category: string,
  payload: Record<string, unknown>,
  type: string,
): string {
  const expect = category.startsWith("benign_") ? "benign" : "malicious";
  return JSON.stringify({ id, type, payload, category, expect, note: "n", source: "s" });
}

/** A temporary folder holding the given files (path inside the folder → its lines); the caller removes it. */
export async function caseCorpus(files: Record<string, string[]>): Promise<string> {
  const root = await Deno.makeTempDir();
  for (const [file, lines] of Object.entries(files)) {
    await Deno.mkdir(`${root}/${file.slice(0, file.lastIndexOf("/"))}`, { recursive: true });
    await Deno.writeTextFile(`${root}/${file}`, lines.join("\n") + "\n");
  }
  return root;
}

/** The problems validate_cases reports for a temporary corpus of the given files (removed afterwards). */
export async function problemsOf(files: Record<string, string[]>): Promise<string[]> {
  const root = await caseCorpus(files);
  try {
    return (await validateCases(root)).problems;
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

/** The shipped corpus validates, and the set has the 21 attack and 8 benign categories with at least `least(category)`
 * attacks each, 12 benign each and the totals its brief asked for; returns the set's attack counts per category. */
export async function assertShippedSizes(
  set: string,
  sizes: { least: (category: string) => number; attacks: number; benign: number },
): Promise<[string, number][]> {
  const report = await validateCases();
  assertEquals(report.problems, []);
  const counts = countByCategory(report.cases, set);
  const attacks = [...counts].filter(([category]) => !category.startsWith("benign_"));
  const benign = [...counts].filter(([category]) => category.startsWith("benign_"));
  assertEquals(attacks.length, 21);
  assertEquals(benign.length, 8);
  for (const [category, count] of attacks) {
    const least = sizes.least(category);
    assert(count >= least, `${category}: ${count} attacks, want at least ${least}`);
  }
  for (const [category, count] of benign) assert(count >= 12, `${category}: ${count} benign`);
  const total = (rows: [string, number][]) => rows.reduce((sum, [, count]) => sum + count, 0);
  assert(total(attacks) >= sizes.attacks, `at least ${sizes.attacks} attacks`);
  assert(total(benign) >= sizes.benign, `at least ${sizes.benign} benign`);
  return attacks;
}

/** The attack categories the blind sets from heldout4 on weight like the hidden corpora (17 to 22 cases each, with
 * the open-world ones). */
export const LARGER_CATEGORIES = [
  "destructive",
  "encoding_obfuscation",
  "helpfulness_bypass",
  "indirect_injection",
  "mcp_poisoning",
  "multi_agent_delegation",
  "self_attack_engine",
  "toolchain_supply_chain",
];

/** A blind set loads as a set of its own: at least `least` cases, only its own ids (`h6-`), none of them in the set
 * written before it. */
export async function assertOwnSet(set: CorpusSet, before: CorpusSet, least: number): Promise<void> {
  const prefix = `h${set.slice("heldout".length)}-`;
  const cases = await loadCorpusSet(set);
  const earlier = await loadCorpusSet(before);
  assert(cases.length >= least, `${cases.length} cases`);
  assert(cases.every((c) => c.id.startsWith(prefix)), `only ${set} ids`);
  assert(earlier.every((c) => !c.id.startsWith(prefix)), `${before} keeps its own cases`);
}
