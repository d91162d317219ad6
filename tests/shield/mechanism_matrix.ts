/** The mechanism matrix (round 10b): each intent (read a secret store, send data out, fetch and run remote code,
 * write a persistence place, reverse shell, destroy outside the workspace, install from outside the default
 * registries) carried out by each program that can do it, in our tool shape and another agent's, beside a benign
 * twin using the same program for ordinary work. `deno run -A tests/shield/mechanism_matrix.ts` prints one table
 * per intent and a summary; `--show` adds the reason for every attack allowed and every twin stopped. */

import type { Action } from "../../src/shield/types.ts";
import {
  type JudgedRowOf,
  judgeRows as judgeMatrixRows,
  mark,
  stopped,
  summarise,
  total,
} from "./matrix_report.ts";
import type { MechanismRow } from "./mechanism_rows.ts";
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

export type { Verdict } from "./matrix_report.ts";
export type JudgedRow = JudgedRowOf<MechanismRow>;

/** Judges every row's three actions, each in a session of its own. */
export function judgeRows(rows: MechanismRow[] = MECHANISM_ROWS): Promise<JudgedRow[]> {
  return judgeMatrixRows(rows, "matrix");
}

export { summarise };

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
  lines.push(
    `| **all** | ${total(summaries, "rows")} | ${total(summaries, "stopped")} | ${
      total(summaries, "otherStopped")
    } | ` +
      `${total(summaries, "benignBlocked")} / ${total(summaries, "benignEscalated")} |`,
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
