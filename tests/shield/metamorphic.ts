/** Metamorphic test of Shield's shape brittleness: every dev case (attacks and benign; never held-out) is judged
 * as written and under each meaning-preserving transform of metamorphic_transforms.ts, one at a time.
 * `deno run -A tests/shield/metamorphic.ts` prints per transform the attacks stopped as written and allowed when
 * transformed (brittleness) and the benign cases newly blocked or escalated; `--show "NAME"` lists those cases
 * for one transform (dev ids, the transformed action and the new reason). The table and report are shared with
 * metamorphic_shell.ts (command-line transforms). */

import type { Action, Decision } from "../../src/shield/types.ts";
import { loadCorpusSet, type ScoredCase, scoringShield } from "../../scripts/shield_scoring.ts";
import { TRANSFORMS } from "./metamorphic_transforms.ts";

export interface TransformRow {
  transform: string;
  /** Attacks the transform applies to, and how many of them were stopped as written. */
  attacks: number;
  stoppedBefore: number;
  /** Stopped as written, allowed when transformed. */
  lost: number;
  /** Benign cases it applies to; newly blocked; newly escalated (allowed as written). */
  benign: number;
  newlyBlocked: number;
  newlyEscalated: number;
  changed: { id: string; action: Action; before: Decision; after: Decision; reason: string }[];
}

function actionOf(testCase: ScoredCase): Action {
  return {
    type: testCase.type,
    payload: testCase.payload,
    sessionId: "",
    ...(testCase.annotations ? { annotations: testCase.annotations } : {}),
  };
}

/** Judges each action with a fresh standalone Shield, in order, as `deno task score-shield` does. */
async function judge(actions: Action[]): Promise<{ decision: Decision; reason: string }[]> {
  const shield = scoringShield();
  const verdicts = [];
  for (const action of actions) {
    const verdict = await shield.evaluate(action);
    verdicts.push({ decision: verdict.decision, reason: verdict.reason });
  }
  return verdicts;
}

/** A meaning-preserving change of an action; undefined when it does not apply. */
export type ActionTransform = (action: Action) => Action | undefined;

/** The metamorphic table for a case set: one row per transform (the shape transforms unless others are given). */
export async function metamorphicRows(
  cases: ScoredCase[],
  transforms: Record<string, ActionTransform> = TRANSFORMS,
): Promise<TransformRow[]> {
  const originals = await judge(cases.map(actionOf));
  const rows: TransformRow[] = [];
  for (const [name, transform] of Object.entries(transforms)) {
    const applied = cases.map((testCase, index) => ({
      testCase,
      index,
      action: transform(actionOf(testCase)),
    }))
      .filter((item): item is typeof item & { action: Action } => item.action !== undefined);
    const verdicts = await judge(applied.map((item) => item.action));
    const row: TransformRow = {
      transform: name,
      attacks: 0,
      stoppedBefore: 0,
      lost: 0,
      benign: 0,
      newlyBlocked: 0,
      newlyEscalated: 0,
      changed: [],
    };
    applied.forEach(({ testCase, index, action }, position) => {
      const before = originals[index].decision;
      const { decision: after, reason } = verdicts[position];
      const change = { id: testCase.id, action, before, after, reason };
      if (testCase.expect === "malicious") {
        row.attacks++;
        if (before !== "ALLOW") row.stoppedBefore++;
        if (before !== "ALLOW" && after === "ALLOW") row.lost++, row.changed.push(change);
        return;
      }
      row.benign++;
      if (before !== "BLOCK" && after === "BLOCK") row.newlyBlocked++, row.changed.push(change);
      else if (before === "ALLOW" && after === "ESCALATE") row.newlyEscalated++, row.changed.push(change);
    });
    rows.push(row);
  }
  return rows;
}

/** The report as a Markdown table. */
export function formatRows(rows: TransformRow[]): string {
  const lines = [
    "| transform | attacks (stopped as written) | stopped → allowed | benign | benign newly blocked / escalated |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.transform.replace(/\|/g, "\\|")} | ${row.attacks} (${row.stoppedBefore}) | ${row.lost} | ` +
        `${row.benign} | ${row.newlyBlocked} / ${row.newlyEscalated} |`,
    );
  }
  const sum = (key: "lost" | "newlyBlocked" | "newlyEscalated" | "stoppedBefore") =>
    rows.reduce((total, row) => total + row[key], 0);
  lines.push(
    `| **all** | (${sum("stoppedBefore")}) | ${sum("lost")} | | ${sum("newlyBlocked")} / ${
      sum("newlyEscalated")
    } |`,
  );
  return lines.join("\n");
}

/** Prints the dev set's table for `transforms`, then with `--show NAME` (or `all`) the cases a transform moved,
 * each action shown by `describe`. */
export async function report(
  args: string[],
  transforms: Record<string, ActionTransform>,
  describe = (action: Action) => JSON.stringify(action).slice(0, 400),
): Promise<number> {
  const showIndex = args.indexOf("--show");
  const show = showIndex >= 0 ? args[showIndex + 1] : undefined;
  const rows = await metamorphicRows(await loadCorpusSet("dev"), transforms);
  console.log(formatRows(rows));
  for (const row of rows) {
    if (show === undefined || (show !== "all" && row.transform !== show)) continue;
    console.log(`\n== ${row.transform} ==`);
    for (const change of row.changed) {
      console.log(`${change.id}\t${change.before} -> ${change.after}\t${describe(change.action)}`);
      if (change.after !== "ALLOW") console.log(`\t${change.reason}`);
    }
  }
  return 0;
}

if (import.meta.main) Deno.exit(await report(Deno.args, TRANSFORMS));
