/** Every heuristic rule id has a hit and a near-miss example, and the rule set meets its size floor. */

import assert from "node:assert/strict";
import { HEURISTIC_RULES } from "../../../src/shield/rules/index.ts";
import { CREDENTIAL_CASES } from "./credentials_cases.ts";
import { DESTRUCTIVE_CASES } from "./destructive_cases.ts";
import { EXFILTRATION_CASES } from "./exfiltration_cases.ts";
import { INJECTION_CASES } from "./injection_cases.ts";
import { PERSISTENCE_CASES } from "./persistence_cases.ts";
import { PRIVILEGE_CASES } from "./privilege_cases.ts";
import { RECON_CASES } from "./recon_cases.ts";
import { REMOTE_EXEC_CASES } from "./remote_exec_cases.ts";
import { RESOURCE_CASES } from "./resource_cases.ts";
import { SUBAGENT_CASES } from "./subagent_cases.ts";
import { TAMPERING_CASES } from "./tampering_cases.ts";
import { OPERATOR_CASES } from "./operator_commands_cases.ts";

const ALL_CASES = [
  ...DESTRUCTIVE_CASES,
  ...CREDENTIAL_CASES,
  ...EXFILTRATION_CASES,
  ...REMOTE_EXEC_CASES,
  ...PERSISTENCE_CASES,
  ...PRIVILEGE_CASES,
  ...TAMPERING_CASES,
  ...INJECTION_CASES,
  ...SUBAGENT_CASES,
  ...RESOURCE_CASES,
  ...RECON_CASES,
  ...OPERATOR_CASES,
];

Deno.test("heuristic rules number at least 120 with unique ids", () => {
  assert.ok(HEURISTIC_RULES.length >= 120, `only ${HEURISTIC_RULES.length} rules`);
  assert.equal(new Set(HEURISTIC_RULES.map((rule) => rule.id)).size, HEURISTIC_RULES.length);
});

Deno.test("every heuristic rule id has a hit and near-miss example", () => {
  const covered = new Set(ALL_CASES.map(([id]) => id));
  const missing = HEURISTIC_RULES.filter((rule) => !covered.has(rule.id)).map((rule) => rule.id);
  assert.deepEqual(missing, []);
});

Deno.test("every heuristic rule is data with a category prefix, severity and fields", () => {
  for (const rule of HEURISTIC_RULES) {
    assert.ok(rule.id.startsWith(`${rule.category}.`), rule.id);
    assert.ok(["critical", "high", "medium", "low"].includes(rule.severity), rule.id);
    assert.ok(rule.fields.length > 0 && rule.description.length > 0, rule.id);
    assert.ok(!rule.pattern.global && !rule.pattern.sticky, `${rule.id} must not keep lastIndex state`);
  }
});
