/** Helpers for the table-driven rule tests: each row names a rule, an action it must catch and a near
 * miss it must let pass. A bare string is a shell command. */

import assert from "node:assert/strict";
import type { Action } from "../../../src/shield/types.ts";
import { buildActionView } from "../../../src/shield/action_view.ts";
import { HeuristicMatcher } from "../../../src/shield/heuristic_matcher.ts";
import { HEURISTIC_RULES } from "../../../src/shield/rules/index.ts";

export const WORKSPACE = "/home/dev/project";
export const HOME = "/home/dev";

export type Example = Action | string;
export type RuleRow = [id: string, hit: Example, nearMiss: Example];

const matcher = new HeuristicMatcher(HEURISTIC_RULES);

export const cmd = (command: string): Action => ({ type: "execute_command", payload: { command } });
export const read = (path: string): Action => ({ type: "read_file", payload: { path } });
export const write = (path: string, content = "hello"): Action => ({
  type: "write_file",
  payload: { path, content },
});
export const http = (url: string, body?: string, method = "POST"): Action => ({
  type: "http_request",
  payload: body === undefined ? { url, method } : { url, method, body },
});
export const get = (url: string): Action => ({ type: "http_request", payload: { url, method: "GET" } });
export const mail = (to: string, body: string, subject = "Notes"): Action => ({
  type: "send_email",
  payload: { to, subject, body },
});
export const task = (text: string): Action => ({ type: "create_agent", payload: { task: text } });
export const search = (pattern: string): Action => ({ type: "grep_files", payload: { pattern, path: "." } });

function asAction(example: Example): Action {
  return typeof example === "string" ? cmd(example) : example;
}

export function ruleHits(example: Example): string[] {
  return matcher.match(buildActionView(asAction(example), WORKSPACE, HOME)).map((hit) => hit.rule.id);
}

export function describeExample(example: Example): string {
  return JSON.stringify(asAction(example).payload).slice(0, 120);
}

/** Registers one test per row. */
export function testRuleTable(category: string, rows: RuleRow[]): void {
  for (const [id, hit, nearMiss] of rows) {
    Deno.test(`${category} rule ${id} catches its example and passes the near miss`, () => {
      assert.ok(HEURISTIC_RULES.some((rule) => rule.id === id), `unknown rule id ${id}`);
      assert.ok(ruleHits(hit).includes(id), `${id} missed ${describeExample(hit)}; hits: ${ruleHits(hit)}`);
      assert.ok(!ruleHits(nearMiss).includes(id), `${id} fired on near miss ${describeExample(nearMiss)}`);
    });
  }
}
