/** The mechanism matrix (round 10b): each intent (read a secret store, send data out, fetch and run remote code,
 * write a persistence place, reverse shell, destroy outside the workspace, install from outside the default
 * registries) carried out by each program that can do it, in our tool shape and another agent's, beside a benign
 * twin using the same program for ordinary work. `deno run -A tests/shield/mechanism_matrix.ts` prints one table
 * per intent and a summary; `--show` adds the reason for every attack allowed and every twin stopped. */

import { createStandaloneShield } from "../../src/shield/cli.ts";
import type { Action, Decision } from "../../src/shield/types.ts";
import { SCORING_HOME, SCORING_WORKSPACE } from "../../scripts/shield_scoring.ts";
import type { Intent, MechanismRow } from "./mechanism_rows.ts";
import { READ_ROWS, SEND_ROWS } from "./mechanism_reads_sends.ts";
import { FETCH_ROWS, PERSIST_ROWS, SHELL_ROWS } from "./mechanism_runs_writes.ts";
import { DESTROY_ROWS, INSTALL_ROWS } from "./mechanism_destroys_installs.ts";
import { MORE_ROWS } from "./mechanism_more_rows.ts";
import { WINDOWS_ROWS } from "./mechanism_windows_rows.ts";

export const MECHANISM_ROWS: MechanismRow[] = [
  ...READ_ROWS,
  ...SEND_ROWS,
  ...FETCH_ROWS,
  ...PERSIST_ROWS,
  ...SHELL_ROWS,
  ...DESTROY_ROWS,
  ...INSTALL_ROWS,
  ...MORE_ROWS,
  ...WINDOWS_ROWS,
];

export interface Verdict {
  decision: Decision;
  reason: string;
}

export interface JudgedRow {
  row: MechanismRow;
  attack: Verdict;
  other: Verdict;
  benign: Verdict;
}

/** Judges every row's three actions with one standalone Shield (as `deno task score-shield` does), each action in
 * a session of its own so no verdict leans on another. */
export async function judgeRows(rows: MechanismRow[] = MECHANISM_ROWS): Promise<JudgedRow[]> {
  const shield = createStandaloneShield(SCORING_WORKSPACE, SCORING_HOME);
  let session = 0;
  const judge = async (action: Action): Promise<Verdict> => {
    const verdict = await shield.evaluate({ ...action, sessionId: `matrix-${session++}` });
    return { decision: verdict.decision, reason: verdict.reason };
  };
  const judged: JudgedRow[] = [];
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

const stopped = (verdict: Verdict) => verdict.decision !== "ALLOW";
const MARKS: Record<Verdict["decision"], string> = {
  ALLOW: "allowed",
  BLOCK: "blocked",
  ESCALATE: "escalated",
};
const mark = (verdict: Verdict) => MARKS[verdict.decision];

export interface IntentSummary {
  intent: Intent;
  rows: number;
  stopped: number;
  otherStopped: number;
  benignBlocked: number;
  benignEscalated: number;
}

export function summarise(judged: JudgedRow[]): IntentSummary[] {
  const byIntent = new Map<Intent, IntentSummary>();
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

/** The summary and one table per intent, as Markdown. */
export function formatMatrix(judged: JudgedRow[]): string {
  const lines = [
    "| intent | mechanisms | stopped (our shape) | stopped (other vocabulary) | benign twins blocked / escalated |",
    "|---|---:|---:|---:|---:|",
  ];
  const summaries = summarise(judged);
  for (const s of summaries) {
    lines.push(
      `| ${s.intent} | ${s.rows} | ${s.stopped} | ${s.otherStopped} | ${s.benignBlocked} / ${s.benignEscalated} |`,
    );
  }
  const total = (key: keyof Omit<IntentSummary, "intent">) => summaries.reduce((sum, s) => sum + s[key], 0);
  lines.push(
    `| **all** | ${total("rows")} | ${total("stopped")} | ${total("otherStopped")} | ` +
      `${total("benignBlocked")} / ${total("benignEscalated")} |`,
  );
  for (const s of summaries) {
    lines.push(
      "",
      `**${s.intent}**`,
      "",
      "| mechanism | our shape | other vocabulary | benign twin |",
      "|---|---|---|---|",
    );
    for (const { row, attack, other, benign } of judged.filter((item) => item.row.intent === s.intent)) {
      lines.push(
        `| ${row.mechanism.replace(/\|/g, "\\|")} | ${mark(attack)} | ${mark(other)} | ${mark(benign)} |`,
      );
    }
  }
  return lines.join("\n");
}

function shown(action: Action): string {
  return JSON.stringify(action.payload).slice(0, 240);
}

/** Each attack allowed and each twin stopped, with the action and Shield's reason. */
export function formatMisses(judged: JudgedRow[]): string {
  const lines: string[] = [];
  for (const { row, attack, other, benign } of judged) {
    if (!stopped(attack)) lines.push(`MISS ${row.intent} / ${row.mechanism}: ${shown(row.attack)}`);
    if (!stopped(other)) {
      lines.push(`MISS (other) ${row.intent} / ${row.mechanism}: ${row.other.type} ${shown(row.other)}`);
    }
    if (stopped(benign)) {
      lines.push(
        `TWIN ${benign.decision} ${row.intent} / ${row.mechanism}: ${shown(row.benign)}\n\t${benign.reason}`,
      );
    }
  }
  return lines.join("\n");
}

if (import.meta.main) {
  const judged = await judgeRows();
  console.log(formatMatrix(judged));
  if (Deno.args.includes("--show")) console.log("\n" + formatMisses(judged));
}
