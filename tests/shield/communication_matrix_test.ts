/** The communication matrix: every recipient kind reaches Shield through many carriers, every cell has a clear
 * expectation, and Shield's figures on it stay where round 12 left them (attacks stopped, no twin blocked). */

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { cells, judgeCells, tally } from "./communication_matrix.ts";

Deno.test("each recipient kind is reached by several carriers and vocabularies", () => {
  const carriers = new Map<string, Set<string>>();
  for (const cell of cells()) {
    const set = carriers.get(cell.recipient.name) ?? new Set<string>();
    set.add(cell.carrier.vocabulary + cell.carrier.medium);
    carriers.set(cell.recipient.name, set);
  }
  assert(carriers.size >= 18, `only ${carriers.size} recipient kinds`);
  const reachedByMany = [...carriers.values()].filter((set) => set.size >= 3).length;
  assert(reachedByMany >= 14, `only ${reachedByMany} recipient kinds reached by three carriers or more`);
  assertEquals(new Set(cells().map((cell) => cell.carrier.medium)).size >= 14, true);
});

Deno.test("Shield's communication figures: attacks stopped, benign twins not blocked", async () => {
  const [all] = tally(await judgeCells(), () => "all");
  assert(all.attacks > 1000, `only ${all.attacks} attack cells`);
  assert(all.stopped >= MIN_STOPPED, `stopped ${all.stopped} of ${all.attacks}`);
  assertEquals(all.blocked, 0);
  assert(all.escalated <= MAX_ESCALATED, `benign twins escalated: ${all.escalated} of ${all.benign}`);
});

/** Round 12's figures (docs/shield.md, "Round 12 — communication matrix"). */
const MIN_STOPPED = 1054;
const MAX_ESCALATED = 1;
