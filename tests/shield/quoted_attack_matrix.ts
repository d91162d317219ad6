/** The quoted-attack matrix (round 16): docs, tests, fixtures and detection rules that QUOTE attacks, written in
 * eleven writing vocabularies and read back, beside twins doing what the quote describes (its text where an agent
 * acts on it, its command run, its key sent out). `deno run -A tests/shield/quoted_attack_matrix.ts` prints the
 * tables; `--show` lists every form stopped and every twin allowed, with Shield's reason. */

import type { Action } from "../../src/shield/types.ts";
import { actionJudge, mark, stopped, type Verdict } from "./matrix_report.ts";
import { type QuotedAttackRow, WRITE_VOCABULARIES, writeForms } from "./quoted_attack_vocabulary.ts";
import { DOCUMENT_ROWS, TEST_ROWS } from "./quoted_attack_rows.ts";
import { PROJECT_ROWS, RULE_ROWS } from "./quoted_attack_command_rows.ts";

export const QUOTED_ATTACK_ROWS: QuotedAttackRow[] = [
  ...TEST_ROWS,
  ...DOCUMENT_ROWS,
  ...RULE_ROWS,
  ...PROJECT_ROWS,
];

export interface JudgedQuotedRow {
  row: QuotedAttackRow;
  writes: Verdict[];
  reads: Verdict[];
  twins: Verdict[];
}

export async function judgeQuotedRows(rows = QUOTED_ATTACK_ROWS): Promise<JudgedQuotedRow[]> {
  const judge = actionJudge("matrix16");
  const judged: JudgedQuotedRow[] = [];
  for (const row of rows) {
    const writes: Verdict[] = [];
    for (const form of writeForms(row.path, row.content)) writes.push(await judge(form));
    const reads: Verdict[] = [];
    for (const read of row.reads) reads.push(await judge(read));
    const twins: Verdict[] = [];
    for (const twin of row.twins) twins.push(await judge(twin.action));
    judged.push({ row, writes, reads, twins });
  }
  return judged;
}

export interface QuotedSummary {
  intent: string;
  rows: number;
  forms: number;
  blocked: number;
  escalated: number;
  twins: number;
  twinsStopped: number;
}

export function summariseQuoted(judged: JudgedQuotedRow[]): QuotedSummary[] {
  const byIntent = new Map<string, QuotedSummary>();
  for (const { row, writes, reads, twins } of judged) {
    const s = byIntent.get(row.intent) ??
      { intent: row.intent, rows: 0, forms: 0, blocked: 0, escalated: 0, twins: 0, twinsStopped: 0 };
    const forms = [...writes, ...reads];
    s.rows++;
    s.forms += forms.length;
    s.blocked += forms.filter((verdict) => verdict.decision === "BLOCK").length;
    s.escalated += forms.filter((verdict) => verdict.decision === "ESCALATE").length;
    s.twins += twins.length;
    s.twinsStopped += twins.filter(stopped).length;
    byIntent.set(row.intent, s);
  }
  return [...byIntent.values()];
}

export function quotedTotal(summaries: QuotedSummary[]): QuotedSummary {
  const all = { intent: "**all**", rows: 0, forms: 0, blocked: 0, escalated: 0, twins: 0, twinsStopped: 0 };
  for (const s of summaries) {
    for (const key of ["rows", "forms", "blocked", "escalated", "twins", "twinsStopped"] as const) {
      all[key] += s[key];
    }
  }
  return all;
}

const cell = (text: string) => text.replace(/\|/g, "\\|");
const SHORT: Record<string, string> = { allowed: "a", blocked: "**B**", escalated: "E" };
const worst = (verdicts: Verdict[]) =>
  verdicts.some((v) => v.decision === "BLOCK")
    ? "blocked"
    : verdicts.some((v) => v.decision === "ESCALATE")
    ? "escalated"
    : "allowed";

/** The summary and one table per class (a column per writing vocabulary, `a`/`E`/`**B**`), as Markdown. */
export function formatQuotedMatrix(judged: JudgedQuotedRow[]): string {
  const summaries = summariseQuoted(judged);
  const lines = [
    "| class | rows | benign forms (writes + reads) | blocked | escalated | attack twins stopped |",
    "|---|---:|---:|---:|---:|---:|",
    ...[...summaries, quotedTotal(summaries)].map((s) =>
      `| ${s.intent} | ${s.rows} | ${s.forms} | ${s.blocked} | ${s.escalated} | ${s.twinsStopped}/${s.twins} |`
    ),
  ];
  for (const s of summaries) {
    lines.push("", `**${s.intent}**`, "", `| file | ${WRITE_VOCABULARIES.join(" | ")} | reads | twins |`);
    lines.push(`|---|${WRITE_VOCABULARIES.map(() => "---").join("|")}|---|---|`);
    for (const { row, writes, reads, twins } of judged.filter((item) => item.row.intent === s.intent)) {
      const cells = writes.map((verdict) => SHORT[mark(verdict)]);
      const twinCells = row.twins.map((twin, index) => `${twin.label}: ${mark(twins[index])}`).join("; ");
      lines.push(`| ${cell(row.mechanism)} | ${cells.join(" | ")} | ${worst(reads)} | ${cell(twinCells)} |`);
    }
  }
  return lines.join("\n");
}

const shown = (action: Action) => `${action.type} ${JSON.stringify(action.payload).slice(0, 160)}`;

/** Each benign form stopped and each twin allowed, with the action and Shield's reason. */
export function formatQuotedMisses(judged: JudgedQuotedRow[]): string {
  const lines: string[] = [];
  for (const { row, writes, reads, twins } of judged) {
    const forms = [...writeForms(row.path, row.content), ...row.reads];
    [...writes, ...reads].forEach((verdict, index) => {
      if (!stopped(verdict)) return;
      lines.push(`${verdict.decision} ${row.mechanism}: ${shown(forms[index])}\n\t${verdict.reason}`);
    });
    twins.forEach((verdict, index) => {
      if (!stopped(verdict)) lines.push(`TWIN ALLOWED ${row.mechanism}: ${shown(row.twins[index].action)}`);
    });
  }
  return lines.join("\n");
}

if (import.meta.main) {
  const judged = await judgeQuotedRows();
  console.log(formatQuotedMatrix(judged));
  if (Deno.args.includes("--show")) console.log(`\n${formatQuotedMisses(judged)}`);
}
