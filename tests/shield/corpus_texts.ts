/** Test helper: the independent corpus and the rule-table examples as actions, for equivalence checks. */

import type { Action } from "../../src/shield/types.ts";
import { CREDENTIAL_CASES } from "./rules/credentials_cases.ts";
import { DESTRUCTIVE_CASES } from "./rules/destructive_cases.ts";
import { EXFILTRATION_CASES } from "./rules/exfiltration_cases.ts";
import { INJECTION_CASES } from "./rules/injection_cases.ts";
import { PERSISTENCE_CASES } from "./rules/persistence_cases.ts";
import { PRIVILEGE_CASES } from "./rules/privilege_cases.ts";
import { RECON_CASES } from "./rules/recon_cases.ts";
import { REMOTE_EXEC_CASES } from "./rules/remote_exec_cases.ts";
import { RESOURCE_CASES } from "./rules/resource_cases.ts";
import { SUBAGENT_CASES } from "./rules/subagent_cases.ts";
import { TAMPERING_CASES } from "./rules/tampering_cases.ts";

const TABLES = [
  DESTRUCTIVE_CASES,
  CREDENTIAL_CASES,
  EXFILTRATION_CASES,
  REMOTE_EXEC_CASES,
  PERSISTENCE_CASES,
  PRIVILEGE_CASES,
  TAMPERING_CASES,
  INJECTION_CASES,
  SUBAGENT_CASES,
  RESOURCE_CASES,
  RECON_CASES,
];

function asAction(example: Action | string): Action {
  return typeof example === "string" ? { type: "execute_command", payload: { command: example } } : example;
}

/** Every corpus case and every hit and near-miss example of the rule tables. */
export function sampleActions(): Action[] {
  const actions: Action[] = [];
  const dir = new URL("./cases/", import.meta.url);
  for (const entry of Deno.readDirSync(dir)) {
    if (!entry.name.endsWith(".jsonl")) continue;
    for (const line of Deno.readTextFileSync(new URL(entry.name, dir)).split("\n")) {
      if (!line.trim()) continue;
      const { type, payload } = JSON.parse(line);
      actions.push({ type, payload });
    }
  }
  for (const table of TABLES) {
    for (const [, hit, nearMiss] of table) actions.push(asAction(hit), asAction(nearMiss));
  }
  return actions;
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => collectStrings(item, out));
  else if (value && typeof value === "object") {
    Object.values(value).forEach((item) => collectStrings(item, out));
  }
}

/** Every string of every top-level and dev case's payload (with each payload's JSON text too when asked): the texts
 * a gated shortcut must answer exactly as the check it stands for. */
export function caseStrings(withPayloadJson = false): string[] {
  const texts: string[] = [];
  for (const folder of ["./cases/", "./cases/dev/"]) {
    const dir = new URL(folder, import.meta.url);
    for (const entry of Deno.readDirSync(dir)) {
      if (!entry.name.endsWith(".jsonl")) continue;
      for (const line of Deno.readTextFileSync(new URL(entry.name, dir)).split("\n")) {
        if (!line.trim()) continue;
        const { payload } = JSON.parse(line);
        collectStrings(payload, texts);
        if (withPayloadJson) texts.push(JSON.stringify(payload));
      }
    }
  }
  return texts;
}
