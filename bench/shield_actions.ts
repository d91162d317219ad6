/** The action sets Shield's diagnostic benches time: the corpus (tests/shield/cases/*.jsonl) and the real-work
 * benign set (../shared/corpora/benign-dev, empty when not on this machine). */

import type { Action } from "../src/shield/types.ts";
import { createShield, type Shield } from "../src/shield/shield.ts";
import { parsePolicy } from "../src/shield/policy.ts";
import { DEFAULT_POLICY_YAML } from "../src/shield/presets/default_policy.ts";
import { parse as parseYaml } from "yaml";

/** The Shield the latency benches time: the default policy, heuristics on, no rate limit or verdict cache. */
export function benchShield(): Shield {
  return createShield({
    workspace: "/home/dev/project",
    home: "/home/dev",
    policy: parsePolicy(DEFAULT_POLICY_YAML, "default"),
    heuristicEnabled: true,
    failClosed: true,
    rateLimitPerMinute: 0,
    verdictTtlSeconds: 0,
    clock: { now: () => Date.now() },
  });
}

export async function loadCorpus(folder = ""): Promise<Action[]> {
  const actions: Action[] = [];
  const dir = new URL(`../tests/shield/cases/${folder}`, import.meta.url);
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.name.endsWith(".jsonl")) continue;
    for (const line of (await Deno.readTextFile(new URL(entry.name, dir))).split("\n")) {
      if (line.trim()) actions.push(JSON.parse(line));
    }
  }
  return actions;
}

/** The dev cases (tests/shield/cases/dev/*.jsonl). */
export async function loadDev(): Promise<Action[]> {
  return await loadCorpus("dev/");
}

export async function loadRealWork(): Promise<Action[]> {
  const folder = "/work/shared/corpora/benign-dev/";
  const actions: Action[] = [];
  try {
    for await (const entry of Deno.readDir(folder)) {
      if (!/\.ya?ml$/.test(entry.name)) continue;
      const list = parseYaml(await Deno.readTextFile(folder + entry.name)) as Array<
        { expected_harmful_action?: Action }
      >;
      for (const item of list) if (item?.expected_harmful_action) actions.push(item.expected_harmful_action);
    }
  } catch {
    // Not on this machine.
  }
  return actions;
}
