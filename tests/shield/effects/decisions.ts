/** Table-driven decision checks for the effect-class tests: each row is an action, the decision Shield must
 * reach, and what the row stands for (shown when it fails). */

import assert from "node:assert/strict";
import { makeShield } from "../shield_fixture.ts";
import type { Action } from "../../../src/shield/types.ts";

export type Expected = "ALLOW" | "BLOCK" | "ESCALATE" | "STOPPED";
export type Row = [Action, Expected, string];

/** The tables pin what the rules and the effect profile decide; the learned model, which can only add an escalation
 * on top, is judged by tests/shield/learned_model_test.ts and by the corpus figures (score-shield), where it is on. */
const shield = makeShield({ learnedModel: false });

export const run = (command: string): Action => ({ type: "execute_command", payload: { command } });
export const tool = (type: string, payload: Record<string, unknown>): Action => ({ type, payload });
export const write = (path: string, content: string): Action => ({
  type: "write_file",
  payload: { path, content },
});

/** Checks every row; STOPPED accepts BLOCK or ESCALATE (a human then denies). */
export async function expectDecisions(rows: Row[]): Promise<void> {
  const wrong: string[] = [];
  for (const [action, expected, what] of rows) {
    const verdict = await shield.evaluate(action);
    const ok = expected === "STOPPED" ? verdict.decision !== "ALLOW" : verdict.decision === expected;
    if (!ok) {
      wrong.push(`${what}: wanted ${expected}, got ${verdict.decision} (${verdict.reason.slice(0, 120)})`);
    }
  }
  assert.deepEqual(wrong, []);
}
