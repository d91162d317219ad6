/** Shield Tier 0+1 latency: per action over the corpus (tests/shield/cases/*.jsonl, or built-in cases when
 * absent) and the dev and held-out case sets, p50/p99 in µs over every sample and over each action's cheapest
 * round (its own cost, without the machine's other load), and actions/second on one core; then cost against body size (1 KB, 100 KB, 1 MB)
 * and on adversarial megabyte texts. Every figure is also given as a ratio to a baseline measured in the same
 * run over the same actions (the corpus, then the real-work benign set of ../shared/corpora/benign-dev when
 * present): JSON.stringify of the action plus one regex-free pass over its characters (the
 * least any judge must do to read the action). Per set it also says what the tail over 100 µs (the p99 goal) is made
 * of: its actions counted by tool, written file extension and payload size. Bounded: under 60 s. */

import { MAX_SCAN_CHARS } from "../src/shield/normalize.ts";
import type { Action } from "../src/shield/types.ts";
import { benchShield } from "./shield_actions.ts";
import { parse as parseYaml } from "yaml";

const shield = benchShield();

async function loadCases(folder = ""): Promise<Action[]> {
  const actions: Action[] = [];
  try {
    const dir = new URL(`../tests/shield/cases/${folder}`, import.meta.url);
    for await (const entry of Deno.readDir(dir)) {
      if (!entry.name.endsWith(".jsonl")) continue;
      const text = await Deno.readTextFile(new URL(entry.name, dir));
      for (const line of text.split("\n")) if (line.trim()) actions.push(JSON.parse(line));
    }
  } catch {
    // No corpus: fall back to a few built-in cases below.
  }
  if (folder !== "") return actions;
  if (actions.length > 0) return actions;
  return [
    { type: "execute_command", payload: { command: "rm -rf node_modules" } },
    { type: "execute_command", payload: { command: "echo cm0gLXJmIC8= | base64 -d | sh" } },
    { type: "read_file", payload: { path: "/etc/nginx/nginx.conf" } },
    { type: "http_request", payload: { url: "https://api.example.com/x", method: "POST", body: '{"a":1}' } },
  ];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

async function timeOne(action: Action): Promise<number> {
  const start = performance.now();
  await shield.evaluate(action);
  return (performance.now() - start) * 1000;
}

let sink = 0;
/** The baseline: serialise the action and touch every character once, no regex. */
function timeBaseline(action: Action): number {
  const start = performance.now();
  const text = JSON.stringify(action);
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum = (sum + text.charCodeAt(i)) | 0;
  sink ^= sum;
  return (performance.now() - start) * 1000;
}

const ratio = (value: number, base: number) => `${(value / Math.max(base, 0.01)).toFixed(1)}x`;
const load = Deno.loadavg().map((value) => value.toFixed(2)).join(" ");
console.log(`machine: ${navigator.hardwareConcurrency} cores, load average ${load} (figures are wall time)`);

/** The per-action goal for p99: actions whose cheapest round costs more are the tail. */
const TAIL_US = 100;

/** What the tail is made of: actions over TAIL_US by tool (file writes by extension) and payload size, most first. */
function tailKinds(cases: Action[], cheapest: number[]): string {
  const counts = new Map<string, number>();
  cases.forEach((action, index) => {
    if (cheapest[index] <= TAIL_US) return;
    const path = String(action.payload?.path ?? action.payload?.file_path ?? "");
    const extension = /write|edit/i.test(action.type) ? (path.match(/\.[A-Za-z0-9]+$/)?.[0] ?? "") : "";
    const size = JSON.stringify(action.payload ?? {}).length;
    const bucket = size < 200 ? "<200B" : size < 1000 ? "<1KB" : size < 5000 ? "<5KB" : ">=5KB";
    const kind = `${action.type}${extension}:${bucket}`;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  });
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const kinds = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([kind, count]) =>
    `${kind}=${count}`
  );
  return `${total} actions: ${kinds.join(" ")}`;
}

/** p50/p90/p99 of Shield and of the baseline over `cases`, same rounds, same run. */
async function measure(label: string, cases: Action[]): Promise<void> {
  for (const action of cases) {
    await timeOne(action); // warm up JIT and caches
    timeBaseline(action);
  }
  const samples: number[] = [];
  const baselines: number[] = [];
  // Per action, its cheapest round: the action's own cost with the machine's other work (preemptions, other
  // processes on a shared core) taken out. Wall-time percentiles over every sample follow it.
  const cheapest = cases.map(() => Infinity);
  const cheapestBase = cases.map(() => Infinity);
  const deadline = performance.now() + 15_000;
  let rounds = 0;
  while (rounds < 20 && performance.now() < deadline) {
    for (let index = 0; index < cases.length; index++) {
      const sample = await timeOne(cases[index]);
      const base = timeBaseline(cases[index]);
      samples.push(sample);
      baselines.push(base);
      cheapest[index] = Math.min(cheapest[index], sample);
      cheapestBase[index] = Math.min(cheapestBase[index], base);
    }
    rounds++;
  }
  const tail = tailKinds(cases, cheapest);
  cheapest.sort((a, b) => a - b);
  cheapestBase.sort((a, b) => a - b);
  samples.sort((a, b) => a - b);
  baselines.sort((a, b) => a - b);
  const total = samples.reduce((sum, value) => sum + value, 0);
  const baseTotal = baselines.reduce((sum, value) => sum + value, 0);
  console.log(
    `${label}: ${cases.length} actions x ${rounds} rounds = ${samples.length} evaluations (Tier 0 + Tier 1)`,
  );
  for (const [name, p] of [["p50", 0.5], ["p90", 0.9], ["p99", 0.99]] as const) {
    const value = percentile(samples, p);
    const base = percentile(baselines, p);
    console.log(
      `${label}_${name}_us ${value.toFixed(1)} baseline_us ${base.toFixed(2)} ratio_to_baseline ${
        ratio(value, base)
      }`,
    );
  }
  for (const [name, p] of [["p50", 0.5], ["p90", 0.9], ["p99", 0.99]] as const) {
    const value = percentile(cheapest, p);
    const base = percentile(cheapestBase, p);
    console.log(
      `${label}_per_action_${name}_us ${value.toFixed(1)} baseline_us ${base.toFixed(2)} ratio_to_baseline ${
        ratio(value, base)
      }`,
    );
  }
  console.log(`${label}_over_${TAIL_US}us ${tail}`);
  console.log(`${label}_max_us ${samples[samples.length - 1].toFixed(1)}`);
  console.log(
    `${label}_actions_per_second ${(samples.length / (total / 1e6)).toFixed(0)} baseline ${
      (baselines.length / (baseTotal / 1e6)).toFixed(0)
    }`,
  );
}

/** The real-work benign set (coding-agent tool calls), read from ../shared when this machine has it. */
async function loadBenignDev(): Promise<Action[] | undefined> {
  const dir = new URL("../../../shared/corpora/benign-dev/", import.meta.url);
  const candidates = [dir.pathname, "/work/shared/corpora/benign-dev/"];
  for (const folder of candidates) {
    try {
      const actions: Action[] = [];
      for await (const entry of Deno.readDir(folder)) {
        if (!/\.ya?ml$/.test(entry.name)) continue;
        const list = parseYaml(await Deno.readTextFile(`${folder}${entry.name}`)) as Array<
          { expected_harmful_action?: Action }
        >;
        for (const item of list) {
          if (item?.expected_harmful_action) actions.push(item.expected_harmful_action);
        }
      }
      if (actions.length > 0) return actions;
    } catch {
      // Not on this machine: try the next place.
    }
  }
  return undefined;
}

await measure("corpus", await loadCases());
const caseSets = [...await loadCases("dev/"), ...await loadCases("heldout/")];
if (caseSets.length > 0) await measure("case_sets", caseSets);
const realWork = await loadBenignDev();
if (realWork) await measure("benign_dev", realWork);
else console.log("benign_dev: not measured (../shared/corpora/benign-dev is not on this machine)");

function bodyOf(bytes: number): string {
  const line = '{"user":"alice","note":"ordinary JSON payload for an API","n":12345}\n';
  return line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
}

/** Median Shield time and median baseline time for one action, within a time budget. */
async function sizeCost(action: Action, budgetMs: number): Promise<{ median: number; base: number }> {
  const warm = performance.now() + budgetMs / 4;
  for (let i = 0; i < 20 && (i < 2 || performance.now() < warm); i++) await timeOne(action); // warm up JIT
  timeBaseline(action);
  const times: number[] = [];
  const bases: number[] = [];
  const until = performance.now() + budgetMs;
  while (times.length < 200 && (times.length < 3 || performance.now() < until)) {
    times.push(await timeOne(action));
    bases.push(timeBaseline(action));
  }
  times.sort((a, b) => a - b);
  bases.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), base: percentile(bases, 0.5) };
}

const post = (body: string): Action => ({
  type: "http_request",
  payload: { url: "https://api.example.com/import", method: "POST", body },
});

console.log(
  `scan limit: at most ${MAX_SCAN_CHARS / 1024 / 1024} MiB of each text is scanned; larger texts ESCALATE`,
);
const small = await sizeCost(post(bodyOf(1024)), 3_000);
for (const [label, bytes] of [["1KB", 1024], ["100KB", 100 * 1024], ["1MB", 1024 * 1024]] as const) {
  const { median, base } = bytes === 1024 ? small : await sizeCost(post(bodyOf(bytes)), 4_000);
  const perKb = median / (bytes / 1024);
  console.log(
    `body_${label} p50_us ${median.toFixed(0)} per_KB_us ${perKb.toFixed(2)} ratio_to_1KB ${
      ratio(median, small.median)
    } baseline_us ${base.toFixed(0)} ratio_to_baseline ${ratio(median, base)}`,
  );
}

/** Megabyte texts built from rule literals and single characters: the cost stays linear and bounded. */
const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const ADVERSARIAL: Array<[string, Action]> = [
  ["a_x1MB_content", { type: "write_file", payload: { path: "notes.md", content: "a".repeat(1024 * 1024) } }],
  ["slash_dot_x256KB_command", { type: "execute_command", payload: { command: fill("/.", 256 * 1024) } }],
  ["curl_dot_x1MB_task", {
    type: "create_agent",
    payload: { task: fill("curl.", 1024 * 1024) + "| echo sh" },
  }],
  ["sandbox_dot_x1MB_content", {
    type: "write_file",
    payload: { path: "notes.md", content: fill("sandbox.", 1024 * 1024 - 64) + " = x off" },
  }],
  ["apikey_x1MB_body", post(fill("apikey", 1024 * 1024 - 64) + " : short")],
  ["send_x1MB_task", { type: "create_agent", payload: { task: fill("send ", 1024 * 1024) } }],
];
for (const [label, action] of ADVERSARIAL) {
  const { median, base } = await sizeCost(action, 2_000);
  const verdict = await shield.evaluate(action);
  console.log(
    `adversarial_${label} p50_us ${median.toFixed(0)} ratio_to_baseline ${
      ratio(median, base)
    } decision ${verdict.decision}`,
  );
}
if (sink === 42) console.log("");
