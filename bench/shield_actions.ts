/** The action sets Shield's diagnostic benches time: the corpus (tests/shield/cases/*.jsonl) and the real-work
 * benign set (../shared/corpora/benign-dev, empty when not on this machine). */

import type { Action } from "../src/shield/types.ts";
import { parse as parseYaml } from "yaml";

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
