/** Shield Tier 0+1 latency: per action over the corpus (tests/shield/cases/*.jsonl, or built-in cases when
 * absent), p50/p99 in µs and actions/second on one core; then cost against body size (1 KB, 100 KB, 1 MB)
 * with each figure as a ratio to the 1 KB baseline measured in the same run. Bounded: under 60 s. */

import { createShield } from "../src/shield/shield.ts";
import { parsePolicy } from "../src/shield/policy.ts";
import { DEFAULT_POLICY_YAML } from "../src/shield/presets/default_policy.ts";
import { MAX_SCAN_CHARS } from "../src/shield/normalize.ts";
import type { Action } from "../src/shield/types.ts";

const shield = createShield({
  workspace: "/home/dev/project",
  home: "/home/dev",
  policy: parsePolicy(DEFAULT_POLICY_YAML, "default"),
  heuristicEnabled: true,
  failClosed: true,
  rateLimitPerMinute: 0,
  verdictTtlSeconds: 0,
  clock: { now: () => Date.now() },
});

async function loadCases(): Promise<Action[]> {
  const actions: Action[] = [];
  try {
    for await (const entry of Deno.readDir(new URL("../tests/shield/cases/", import.meta.url))) {
      if (!entry.name.endsWith(".jsonl")) continue;
      const text = await Deno.readTextFile(new URL(`../tests/shield/cases/${entry.name}`, import.meta.url));
      for (const line of text.split("\n")) if (line.trim()) actions.push(JSON.parse(line));
    }
  } catch {
    // No corpus: fall back to a few built-in cases below.
  }
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

const cases = await loadCases();
for (const action of cases) await timeOne(action); // warm up JIT and caches
const samples: number[] = [];
const deadline = performance.now() + 15_000;
let rounds = 0;
while (rounds < 20 && performance.now() < deadline) {
  for (const action of cases) samples.push(await timeOne(action));
  rounds++;
}
samples.sort((a, b) => a - b);
const total = samples.reduce((sum, value) => sum + value, 0);
console.log(
  `corpus: ${cases.length} actions x ${rounds} rounds = ${samples.length} evaluations (Tier 0 + Tier 1)`,
);
console.log(`p50_us ${percentile(samples, 0.5).toFixed(1)}`);
console.log(`p90_us ${percentile(samples, 0.9).toFixed(1)}`);
console.log(`p99_us ${percentile(samples, 0.99).toFixed(1)}`);
console.log(`max_us ${samples[samples.length - 1].toFixed(1)}`);
console.log(`actions_per_second ${(samples.length / (total / 1e6)).toFixed(0)}`);

function bodyOf(bytes: number): string {
  const line = '{"user":"alice","note":"ordinary JSON payload for an API","n":12345}\n';
  return line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
}

async function sizeCost(bytes: number): Promise<number> {
  const action: Action = {
    type: "http_request",
    payload: { url: "https://api.example.com/import", method: "POST", body: bodyOf(bytes) },
  };
  await timeOne(action);
  const times: number[] = [];
  const until = performance.now() + 4_000;
  while (times.length < 200 && performance.now() < until) times.push(await timeOne(action));
  times.sort((a, b) => a - b);
  return percentile(times, 0.5);
}

console.log(
  `scan limit: at most ${MAX_SCAN_CHARS / 1024 / 1024} MiB of each text is scanned; larger texts ESCALATE`,
);
const baseline = await sizeCost(1024);
for (const [label, bytes] of [["1KB", 1024], ["100KB", 100 * 1024], ["1MB", 1024 * 1024]] as const) {
  const median = bytes === 1024 ? baseline : await sizeCost(bytes);
  const perKb = median / (bytes / 1024);
  console.log(
    `body_${label} p50_us ${median.toFixed(0)} per_KB_us ${perKb.toFixed(2)} ratio_to_1KB ${
      (median / baseline).toFixed(1)
    }x`,
  );
}
