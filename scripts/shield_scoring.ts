/** Scores Shield on its case sets the way agent-firewall harnesses do: a malicious action is stopped on BLOCK
 * or ESCALATE (the human then denies it); a benign action fails on BLOCK, and each ESCALATE is a needless prompt.
 * Actions go through `runShieldEvaluate`, the code behind `deno task shield evaluate`, as JSON lines. */

import { parse as parseYaml } from "yaml";
import { createStandaloneShield, runShieldEvaluate, STANDALONE_CHECKOUT_ALIASES } from "../src/shield/cli.ts";
import { validateCases } from "./validate_cases.ts";

/** The case sets under tests/shield/cases, and with the real-work benign set every set scoring knows. */
export const CORPUS_SETS = [
  "top",
  "dev",
  "heldout",
  "heldout2",
  "heldout3",
  "heldout4",
  "heldout5",
  "heldout6",
  "heldout7",
  "heldout8",
  "heldout9",
  "heldout10",
  "heldout11",
  "heldout12",
  "heldout13",
  "heldout14",
  "heldout15",
  "heldout16",
  "heldout17",
  "heldout18",
  "heldout19",
  "heldout20",
  "heldout21",
  "heldout22",
  "heldout23",
] as const;
export type CorpusSet = typeof CORPUS_SETS[number];
export const SET_NAMES = [...CORPUS_SETS, "benign-dev"] as const;
export type SetName = typeof SET_NAMES[number];
export type Decision = "ALLOW" | "BLOCK" | "ESCALATE";

export interface ScoredCase {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  category: string;
  expect: "malicious" | "benign";
  note: string;
}

export interface CaseResult {
  testCase: ScoredCase;
  decision: Decision;
  reason: string;
  latencyUs: number;
}

export interface CategoryTally {
  category: string;
  expect: "malicious" | "benign";
  cases: number;
  blocked: number;
  escalated: number;
  allowed: number;
}

/** Where the real-work benign set may live (never copied into the repository): `shared/` beside the checkout
 * (as CI lays it out), else the development machine's shared folder. */
export const BENIGN_DEV_CANDIDATES = [
  new URL("../../shared/corpora/benign-dev", import.meta.url).pathname,
  "/work/shared/corpora/benign-dev",
];
export const BENIGN_DEV_DIR = BENIGN_DEV_CANDIDATES.join(`" or "`);
/** The workspace and home the standalone CLI is given while scoring: relative case paths lie inside it. */
export const SCORING_WORKSPACE = "/home/dev/project";
export const SCORING_HOME = "/home/dev";
/** The checkout roots read as the workspace (round 43): the standalone CLI's own, so scores are what `deno task shield
 * evaluate` answers. */
export const SCORING_CHECKOUT_ALIASES: readonly string[] = STANDALONE_CHECKOUT_ALIASES;

/** The standalone Shield every scoring tool runs: the CLI's, on the placeholder workspace and home. */
export function scoringShield(): ReturnType<typeof createStandaloneShield> {
  return createStandaloneShield(SCORING_WORKSPACE, SCORING_HOME);
}

const CASES_ROOT = new URL("../tests/shield/cases/", import.meta.url).pathname;

/** Cases of one set from tests/shield/cases (top level, dev/, heldout/, heldout2/ … heldout23/). Throws on a
 * malformed case file. */
export async function loadCorpusSet(set: CorpusSet): Promise<ScoredCase[]> {
  const report = await validateCases(CASES_ROOT);
  if (report.problems.length > 0) {
    throw new Error(`Invalid case files:\n${report.problems.slice(0, 20).join("\n")}`);
  }
  const folder = set === "top" ? "" : set;
  return report.cases.filter((located) => {
    const slash = located.file.lastIndexOf("/");
    return (slash < 0 ? "" : located.file.slice(0, slash)) === folder;
  }).map((located) => located.value as ScoredCase);
}

/** The folder of the real-work benign set on this machine, or undefined when it is not here. */
export async function benignDevFolder(): Promise<string | undefined> {
  for (const dir of BENIGN_DEV_CANDIDATES) {
    try {
      if ((await Deno.stat(dir)).isDirectory) return dir;
    } catch {
      // Not here: try the next place.
    }
  }
  return undefined;
}

export async function benignDevAvailable(): Promise<boolean> {
  return (await benignDevFolder()) !== undefined;
}

/** The real-work benign set: YAML lists of `{id, category, expected_harmful_action: {type, payload}}`. */
export async function loadBenignDev(folder?: string): Promise<ScoredCase[]> {
  const dir = folder ?? await benignDevFolder();
  if (!dir) throw new Error(`Cannot read the real-work benign set: not found at "${BENIGN_DEV_DIR}"`);
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && /\.ya?ml$/.test(entry.name)) files.push(entry.name);
  }
  const cases: ScoredCase[] = [];
  for (const file of files.sort()) {
    const list = parseYaml(await Deno.readTextFile(`${dir}/${file}`));
    if (!Array.isArray(list)) throw new Error(`Cannot read "${dir}/${file}": not a YAML list`);
    for (const item of list) {
      const action = item?.expected_harmful_action;
      if (!action || typeof action.type !== "string" || typeof action.payload !== "object") {
        throw new Error(
          `Cannot read case "${item?.id}" of "${file}": no expected_harmful_action {type, payload}`,
        );
      }
      cases.push({
        id: String(item.id),
        type: action.type,
        payload: action.payload ?? {},
        category: file.replace(/\.ya?ml$/, ""),
        expect: "benign",
        note: String(item.category ?? ""),
      });
    }
  }
  return cases;
}

export async function loadSet(set: SetName): Promise<ScoredCase[]> {
  return set === "benign-dev" ? await loadBenignDev() : await loadCorpusSet(set);
}

/** Runs the cases through the standalone CLI code path, in order, one JSON line each. */
export async function evaluateCases(cases: ScoredCase[]): Promise<CaseResult[]> {
  const shield = scoringShield();
  const lines = cases.map((c) =>
    JSON.stringify({
      id: c.id,
      type: c.type,
      payload: c.payload,
      ...(c.annotations ? { annotations: c.annotations } : {}),
    })
  ).join("\n") + "\n";
  const input = new Blob([lines]).stream();
  let text = "";
  const decoder = new TextDecoder();
  const output = new WritableStream<Uint8Array>({
    write: (chunk) => void (text += decoder.decode(chunk, { stream: true })),
  });
  await runShieldEvaluate(shield, input, output);
  const answers = text.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));
  if (answers.length !== cases.length) {
    throw new Error(`Shield answered ${answers.length} lines for ${cases.length} cases`);
  }
  return answers.map((answer, index) => ({
    testCase: cases[index],
    decision: answer.decision as Decision,
    reason: String(answer.reason),
    latencyUs: Number(answer.latency_us),
  }));
}

/** A malicious case fails when ALLOWED; a benign one when BLOCKED (an escalation is a needless prompt). */
export function isFailure(result: CaseResult): boolean {
  return result.testCase.expect === "malicious" ? result.decision === "ALLOW" : result.decision === "BLOCK";
}

export function tallyByCategory(results: CaseResult[]): CategoryTally[] {
  const rows = new Map<string, CategoryTally>();
  for (const { testCase, decision } of results) {
    const key = `${testCase.expect}:${testCase.category}`;
    const row = rows.get(key) ??
      {
        category: testCase.category,
        expect: testCase.expect,
        cases: 0,
        blocked: 0,
        escalated: 0,
        allowed: 0,
      };
    row.cases++;
    if (decision === "BLOCK") row.blocked++;
    else if (decision === "ESCALATE") row.escalated++;
    else row.allowed++;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) =>
    a.expect === b.expect ? a.category.localeCompare(b.category) : a.expect === "malicious" ? -1 : 1
  );
}

/** Sums of a set: attacks stopped, benign blocked and escalated. */
export function totals(rows: CategoryTally[]) {
  const sum = (expect: string, key: "cases" | "blocked" | "escalated") =>
    rows.filter((row) => row.expect === expect).reduce((total, row) => total + row[key], 0);
  return {
    malicious: sum("malicious", "cases"),
    stopped: sum("malicious", "blocked") + sum("malicious", "escalated"),
    benign: sum("benign", "cases"),
    benignBlocked: sum("benign", "blocked"),
    benignEscalated: sum("benign", "escalated"),
  };
}

const percent = (part: number, whole: number) => whole === 0 ? "-" : `${(100 * part / whole).toFixed(1)} %`;

/** The table the issue uses: per category, attacks stopped (blocked + escalated) or benign blocked/escalated. */
export function formatTable(set: string, rows: CategoryTally[]): string {
  const lines = [`== ${set} ==`, `${"category".padEnd(34)}${"cases".padStart(6)}  result`];
  for (const row of rows) {
    const detail = row.expect === "malicious"
      ? `stopped ${row.blocked + row.escalated}/${row.cases} (${
        percent(row.blocked + row.escalated, row.cases)
      })` +
        ` = ${row.blocked} blocked + ${row.escalated} escalated`
      : `blocked ${row.blocked}, escalated ${row.escalated} (${percent(row.escalated, row.cases)})`;
    lines.push(`${row.category.padEnd(34)}${String(row.cases).padStart(6)}  ${detail}`);
  }
  const sum = totals(rows);
  if (sum.malicious > 0) {
    lines.push(`attacks stopped: ${sum.stopped}/${sum.malicious} (${percent(sum.stopped, sum.malicious)})`);
  }
  if (sum.benign > 0) {
    lines.push(
      `benign: ${sum.benign} cases, blocked ${sum.benignBlocked}, escalated ${sum.benignEscalated} ` +
        `(${percent(sum.benignEscalated, sum.benign)})`,
    );
  }
  return lines.join("\n");
}
