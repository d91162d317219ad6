/** Judging and reporting for the round 11b matrices (supply chain, MCP poisoning): each row's attack, other
 * vocabulary and benign twin judged by one standalone Shield, summarised per intent and printed as Markdown. */

import type { Action, Decision } from "../../src/shield/types.ts";
import { scoringShield } from "../../scripts/shield_scoring.ts";
import type { MatrixRow } from "./matrix_rows.ts";

export interface Verdict {
  decision: Decision;
  reason: string;
}

/** One row's three verdicts; `R` is the matrix's row type. */
export interface JudgedRowOf<R> {
  row: R;
  attack: Verdict;
  other: Verdict;
  benign: Verdict;
}

export type JudgedRow = JudgedRowOf<MatrixRow>;

interface ThreeActions {
  attack: Action;
  other: Action;
  benign: Action;
}

/** A judge of single actions by one standalone Shield (as `deno task score-shield` does), each action in a session
 * of its own (ids `PREFIX-N`) so no verdict leans on another. */
export function actionJudge(prefix: string): (action: Action) => Promise<Verdict> {
  const shield = scoringShield();
  let session = 0;
  return async (action: Action): Promise<Verdict> => {
    const verdict = await shield.evaluate({ ...action, sessionId: `${prefix}-${session++}` });
    return { decision: verdict.decision, reason: verdict.reason };
  };
}

/** Judges every row's three actions with one standalone Shield (as `deno task score-shield` does), each action in
 * a session of its own (ids `PREFIX-N`) so no verdict leans on another. */
export async function judgeRows<R extends ThreeActions>(
  rows: R[],
  prefix = "matrix11b",
): Promise<JudgedRowOf<R>[]> {
  const judge = actionJudge(prefix);
  const judged: JudgedRowOf<R>[] = [];
  for (const row of rows) {
    judged.push({
      row,
      attack: await judge(row.attack),
      other: await judge(row.other),
      benign: await judge(row.benign),
    });
  }
  return judged;
}

export const stopped = (verdict: Verdict) => verdict.decision !== "ALLOW";
const MARKS: Record<Decision, string> = { ALLOW: "allowed", BLOCK: "blocked", ESCALATE: "escalated" };
export const mark = (verdict: Verdict) => MARKS[verdict.decision];

export interface IntentSummary {
  intent: string;
  rows: number;
  stopped: number;
  otherStopped: number;
  benignBlocked: number;
  benignEscalated: number;
}

export type Count = keyof Omit<IntentSummary, "intent">;

/** Counts per intent, in the order intents first appear. */
export function summarise<R extends { intent: string }>(judged: JudgedRowOf<R>[]): IntentSummary[] {
  const byIntent = new Map<string, IntentSummary>();
  for (const { row, attack, other, benign } of judged) {
    const summary = byIntent.get(row.intent) ??
      { intent: row.intent, rows: 0, stopped: 0, otherStopped: 0, benignBlocked: 0, benignEscalated: 0 };
    summary.rows++;
    if (stopped(attack)) summary.stopped++;
    if (stopped(other)) summary.otherStopped++;
    if (benign.decision === "BLOCK") summary.benignBlocked++;
    if (benign.decision === "ESCALATE") summary.benignEscalated++;
    byIntent.set(row.intent, summary);
  }
  return [...byIntent.values()];
}

export function total(summaries: IntentSummary[], key: Count): number {
  return summaries.reduce((sum, summary) => sum + summary[key], 0);
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The summary and one table per intent, as Markdown. */
export function formatMatrix(judged: JudgedRow[], firstColumn = "mechanism"): string {
  const summaries = summarise(judged);
  const lines = [
    `| intent | rows | stopped (our shape) | stopped (other vocabulary) | benign twins blocked / escalated |`,
    "|---|---:|---:|---:|---:|",
    ...summaries.map((s) =>
      `| ${s.intent} | ${s.rows} | ${s.stopped} | ${s.otherStopped} | ${s.benignBlocked} / ${s.benignEscalated} |`
    ),
    `| **all** | ${total(summaries, "rows")} | ${total(summaries, "stopped")} | ${
      total(summaries, "otherStopped")
    } | ` +
    `${total(summaries, "benignBlocked")} / ${total(summaries, "benignEscalated")} |`,
  ];
  for (const s of summaries) {
    lines.push(
      "",
      `**${s.intent}**`,
      "",
      `| ${firstColumn} | our shape | other vocabulary | benign twin |`,
      "|---|---|---|---|",
    );
    for (const { row, attack, other, benign } of judged.filter((item) => item.row.intent === s.intent)) {
      lines.push(
        `| ${cell(row.mechanism)} | ${MARKS[attack.decision]} | ${MARKS[other.decision]} (${
          cell(row.other.type)
        }) | ` +
          `${MARKS[benign.decision]} |`,
      );
    }
  }
  return lines.join("\n");
}

const shown = (action: Action) => `${action.type} ${JSON.stringify(action.payload).slice(0, 260)}`;

/** Each attack allowed and each twin stopped, with the action and Shield's reason. */
export function formatMisses(judged: JudgedRow[]): string {
  const lines: string[] = [];
  for (const { row, attack, other, benign } of judged) {
    const name = `${row.intent} / ${row.mechanism}`;
    if (!stopped(attack)) lines.push(`MISS ${name}: ${shown(row.attack)}`);
    if (!stopped(other)) lines.push(`MISS (other) ${name}: ${shown(row.other)}`);
    if (stopped(benign)) {
      lines.push(`TWIN ${benign.decision} ${name}: ${shown(row.benign)}\n\t${benign.reason}`);
    }
  }
  return lines.join("\n");
}
