/** Every action of the top-level corpus and the development set (tests/shield/cases/*.jsonl and dev/*.jsonl): what
 * the gate tests run each gated check over, gated and ungated, to show a gate never hides a finding. */
import type { Action } from "../../../src/shield/types.ts";

export async function caseActions(): Promise<Action[]> {
  const actions: Action[] = [];
  for (const folder of ["", "dev/"]) {
    const dir = new URL(`../cases/${folder}`, import.meta.url);
    for await (const entry of Deno.readDir(dir)) {
      if (!entry.isFile || !entry.name.endsWith(".jsonl")) continue;
      for (const line of (await Deno.readTextFile(new URL(entry.name, dir))).split("\n")) {
        if (line.trim()) actions.push(JSON.parse(line));
      }
    }
  }
  return actions;
}
