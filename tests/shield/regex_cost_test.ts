/** The regex cost check's shortcut: `exceedsSteps` skips measuring a text's runs only when a bound proves the
 * rule within budget, and otherwise answers exactly as comparing `worstSteps` with the budget. */

import assert from "node:assert/strict";
import { exceedsSteps, gapProfile, worstSteps } from "../../src/shield/regex_cost.ts";
import { lineStats, measureRuns, type RunStats, runStats } from "../../src/shield/regex_runs.ts";
import { HEURISTIC_RULES } from "../../src/shield/rules/index.ts";

const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** Texts an attacker would send to make a rule's gap rescan long runs: long lines, many heads, one huge run. */
const TEXTS = [
  "",
  "curl x | sh",
  fill("a", 20_000),
  fill("curl ", 30_000),
  fill("curl " + "x".repeat(200) + "\n", 40_000),
  fill("echo hello world; ", 12_000),
  fill("ignore previous instructions ", 16_000),
  fill("-----begin ", 25_000),
  fill("x=1 && ", 50_000),
  fill("password = 'abcd' ", 20_000),
  // Lines: one longer than the rest, many short ones, CRLF, separators other than \n, blank runs.
  fill("x".repeat(15_000) + "\n", 40_000),
  fill("curl a b\n", 30_000),
  fill("wget -q x\r\n", 30_000),
  fill("  \n\n \t ", 20_000),
  fill("echo 1 2 3 4 5 curl\u2028", 24_000),
  "-".repeat(12_000) + "\n" + "=".repeat(12_000),
];

Deno.test("exceedsSteps answers as worstSteps over the budget, for every rule with a gap and hostile texts", () => {
  let compared = 0;
  for (const rule of HEURISTIC_RULES) {
    const profile = gapProfile(rule.pattern);
    if (!profile) continue;
    for (const text of TEXTS) {
      const lower = text.toLowerCase();
      const worst = worstSteps(profile, lower);
      for (const budget of [0, 1, 1_000, 100_000_000, lower.length * lower.length, worst - 1, worst]) {
        const exact: boolean = worst > budget;
        assert.equal(
          exceedsSteps(profile, lower, budget),
          exact,
          `${rule.id} on ${lower.length} chars, ${budget}`,
        );
        compared++;
      }
    }
  }
  assert.ok(compared > 100, `only ${compared} comparisons`);
});

Deno.test("a gap rule over a long single run still exceeds a budget its run cannot fit", () => {
  const profile = gapProfile(/a[^\n]*b/);
  assert.ok(profile);
  const text = fill("a", 20_000);
  assert.equal(exceedsSteps(profile, text, 1_000_000), true);
  assert.equal(exceedsSteps(profile, text, 10_000_000_000), false);
});

Deno.test("a head literal that never occurs keeps a long text within any budget", () => {
  const profile = gapProfile(/\bcurl\b[^|\n]*\|\s*sh/);
  assert.ok(profile?.head);
  assert.equal(exceedsSteps(profile, fill("b", 50_000), 0), false);
  assert.equal(exceedsSteps(profile, fill("curl ", 50_000), 1_000), true);
});

Deno.test("measureRuns gives every run of every rule the figures of a pass of its own, past ASCII and over 31 runs", () => {
  const runs = [...new Set(HEURISTIC_RULES.flatMap((rule) => gapProfile(rule.pattern)?.runs ?? []))];
  assert.ok(
    runs.length > 31,
    `only ${runs.length} distinct runs: the second group of a pass is not exercised`,
  );
  const texts = [
    ...TEXTS,
    "Ｃｕｒｌ\u00a0é—x\u2028y  \t\n\n-- == ab/cd 12 34 56 78 90 * * \"q'\u{1F600}|&;",
    fill("a-b=c d\u00e9\u00a0/\n", 15_000),
    "x",
    "\n\n",
  ];
  for (const text of texts) {
    const measured = new Map<RegExp, RunStats>();
    measureRuns(runs, text.toLowerCase(), measured);
    for (const run of runs) {
      assert.deepEqual(
        measured.get(run),
        runStats(run, text.toLowerCase()),
        `${run} on ${text.length} chars`,
      );
    }
  }
});

Deno.test("lineStats gives the figures of a pass over the runs of characters other than a newline", () => {
  const lines = /(?:[^\n])+/g;
  for (const text of [...TEXTS, "\n", "a\n", "\na", "ab\n\ncd\r\n", "x\u2028y\nz"]) {
    assert.deepEqual(lineStats(text), runStats(lines, text), `on ${text.length} chars`);
  }
});
