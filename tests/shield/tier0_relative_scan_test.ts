// Tier 0 scans a path's workspace-relative form for glob literals only when it is not the end of the absolute form
// (round 17): such a form holds no literal the absolute one lacks. The workspace root's form `.` is not an end of
// its absolute form and is still scanned; relative globs still match paths anywhere under the workspace.
import assert from "node:assert/strict";
import { Tier0Policy } from "../../src/shield/tier0_policy.ts";
import { parsePolicy } from "../../src/shield/policy.ts";
import { buildActionView } from "../../src/shield/action_view.ts";
import type { EvaluationContext } from "../../src/shield/evaluator.ts";
import type { Action } from "../../src/shield/types.ts";

const WORKSPACE = "/home/dev/project";
const HOME = "/home/dev";
const POLICY = `rules:
  - name: deny-root-listing
    action: deny
    tools: ["*"]
    paths: ["."]
  - name: deny-vault
    action: deny
    tools: ["*"]
    paths: ["ops/vault/**", "**/.vault-token"]
`;
const tier0 = new Tier0Policy(parsePolicy(POLICY, "test"), WORKSPACE, HOME);

function decide(action: Action): string {
  const view = buildActionView(action, WORKSPACE, HOME);
  return tier0.evaluate({ view: () => view } as unknown as EvaluationContext).decision;
}

Deno.test("a rule read off the relative form alone still matches", () => {
  const rows: Array<[Action, string]> = [
    [{ type: "read_file", payload: { path: "." } }, "BLOCK"],
    [{ type: "list_directory", payload: { path: "/home/dev/project" } }, "BLOCK"],
    [{ type: "read_file", payload: { path: "ops/vault/unseal.key" } }, "BLOCK"],
    [{ type: "execute_command", payload: { command: "cat ./ops/../ops/vault/root" } }, "BLOCK"],
    [{ type: "read_file", payload: { path: "/home/dev/project/ops/vault/x" } }, "BLOCK"],
    [{ type: "read_file", payload: { path: "~/project/sub/.vault-token" } }, "BLOCK"],
    [{ type: "read_file", payload: { path: "src/main.ts" } }, "ALLOW"],
    [{ type: "read_file", payload: { path: "/srv/ops/vault/x" } }, "ALLOW"],
  ];
  const wrong = rows.filter(([action, expected]) => decide(action) !== expected)
    .map(([action, expected]) => `${JSON.stringify(action.payload)}: wanted ${expected}`);
  assert.deepEqual(wrong, []);
});
