/** The false-block matrix (round 13): ordinary work that looks dangerous — the user's own credentials used by
 * their programs or read with nothing leaving, clean-ups inside the workspace, the project's hooks and dev keys,
 * system look-ups, open-world work of the user's own — in each agent's vocabulary, beside an attack twin that must
 * stay stopped. `deno run -A tests/shield/benign_block_matrix.ts` prints the tables; `--show` lists every form
 * stopped and every twin allowed, with Shield's reason. */

import type { Action } from "../../src/shield/types.ts";
import { actionJudge, mark, stopped, type Verdict } from "./matrix_report.ts";
import { type BenignBlockRow, VOCABULARIES } from "./benign_block_vocabulary.ts";
import { READ_ROWS, USED_ROWS } from "./benign_block_credentials.ts";
import { CLEAN_ROWS, HOOK_ROWS, OPEN_ROWS, SYSTEM_ROWS } from "./benign_block_work.ts";

export const BENIGN_BLOCK_ROWS: BenignBlockRow[] = [
  ...USED_ROWS,
  ...READ_ROWS,
  ...CLEAN_ROWS,
  ...HOOK_ROWS,
  ...SYSTEM_ROWS,
  ...OPEN_ROWS,
];

export interface JudgedBenignRow {
  row: BenignBlockRow;
  forms: Verdict[];
  attack: Verdict;
}

export async function judgeBenignRows(
  rows: BenignBlockRow[] = BENIGN_BLOCK_ROWS,
): Promise<JudgedBenignRow[]> {
  const judge = actionJudge("matrix13");
  const judged: JudgedBenignRow[] = [];
  for (const row of rows) {
    const forms: Verdict[] = [];
    for (const form of row.forms) forms.push(await judge(form));
    judged.push({ row, forms, attack: await judge(row.attack) });
  }
  return judged;
}

export interface BenignSummary {
  intent: string;
  rows: number;
  forms: number;
  blocked: number;
  escalated: number;
  twinsStopped: number;
}

export function summariseBenign(judged: JudgedBenignRow[]): BenignSummary[] {
  const byIntent = new Map<string, BenignSummary>();
  for (const { row, forms, attack } of judged) {
    const summary = byIntent.get(row.intent) ??
      { intent: row.intent, rows: 0, forms: 0, blocked: 0, escalated: 0, twinsStopped: 0 };
    summary.rows++;
    summary.forms += forms.length;
    summary.blocked += forms.filter((verdict) => verdict.decision === "BLOCK").length;
    summary.escalated += forms.filter((verdict) => verdict.decision === "ESCALATE").length;
    if (stopped(attack)) summary.twinsStopped++;
    byIntent.set(row.intent, summary);
  }
  return [...byIntent.values()];
}

export function totalOf(summaries: BenignSummary[]): BenignSummary {
  const all = { intent: "**all**", rows: 0, forms: 0, blocked: 0, escalated: 0, twinsStopped: 0 };
  for (const s of summaries) {
    all.rows += s.rows;
    all.forms += s.forms;
    all.blocked += s.blocked;
    all.escalated += s.escalated;
    all.twinsStopped += s.twinsStopped;
  }
  return all;
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The summary and one table per class (a column per vocabulary), as Markdown. */
export function formatBenignMatrix(judged: JudgedBenignRow[]): string {
  const summaries = summariseBenign(judged);
  const lines = [
    "| class | rows | benign forms | blocked | escalated | attack twins stopped |",
    "|---|---:|---:|---:|---:|---:|",
    ...[...summaries, totalOf(summaries)].map((s) =>
      `| ${s.intent} | ${s.rows} | ${s.forms} | ${s.blocked} | ${s.escalated} | ${s.twinsStopped}/${s.rows} |`
    ),
  ];
  for (const s of summaries) {
    lines.push("", `**${s.intent}**`, "", `| work | ${VOCABULARIES.join(" | ")} | attack twin |`);
    lines.push(`|---|${VOCABULARIES.map(() => "---").join("|")}|---|`);
    for (const { row, forms, attack } of judged.filter((item) => item.row.intent === s.intent)) {
      const cells = VOCABULARIES.map((_name, index) => forms[index] ? mark(forms[index]) : "");
      lines.push(`| ${cell(row.mechanism)} | ${cells.join(" | ")} | ${mark(attack)} |`);
    }
  }
  return lines.join("\n");
}

const shown = (action: Action) => `${action.type} ${JSON.stringify(action.payload).slice(0, 200)}`;

/** Each benign form stopped and each twin allowed, with the action and Shield's reason. */
export function formatBenignMisses(judged: JudgedBenignRow[]): string {
  const lines: string[] = [];
  for (const { row, forms, attack } of judged) {
    forms.forEach((verdict, index) => {
      if (!stopped(verdict)) return;
      lines.push(`${verdict.decision} ${row.mechanism}: ${shown(row.forms[index])}\n\t${verdict.reason}`);
    });
    if (!stopped(attack)) lines.push(`TWIN ALLOWED ${row.mechanism}: ${shown(row.attack)}`);
  }
  return lines.join("\n");
}

if (import.meta.main) {
  const judged = await judgeBenignRows();
  console.log(formatBenignMatrix(judged));
  if (Deno.args.includes("--show")) console.log(`\n${formatBenignMisses(judged)}`);
}
