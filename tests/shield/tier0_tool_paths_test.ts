// Tier 0 tries only the path globs of the rules that apply to the action's tool (round 15): a rule for write tools
// (`**` outside the workspace, system folders) never costs a read or a command anything, and still holds for write
// tools under every name Shield reads as one, in any order of tools through one policy object. Compared over every
// top and dev case with the same policy where every rule's globs are tried for every tool.
import assert from "node:assert/strict";
import { Tier0Policy } from "../../src/shield/tier0_policy.ts";
import { parsePolicy, type Policy } from "../../src/shield/policy.ts";
import { DEFAULT_POLICY_YAML } from "../../src/shield/presets/default_policy.ts";
import { buildActionView } from "../../src/shield/action_view.ts";
import type { EvaluationContext } from "../../src/shield/evaluator.ts";
import type { Action } from "../../src/shield/types.ts";
import { globToRegExp } from "../../src/shield/glob.ts";

const WORKSPACE = "/home/dev/project";
const HOME = "/home/dev";
const policy = parsePolicy(DEFAULT_POLICY_YAML, "default");
const tier0 = new Tier0Policy(policy, WORKSPACE, HOME);

function judge(policyTier: Tier0Policy, action: Action): string {
  const view = buildActionView(action, WORKSPACE, HOME);
  const outcome = policyTier.evaluate({ view: () => view } as unknown as EvaluationContext);
  return `${outcome.decision} ${outcome.reason}`;
}

const ROWS: Array<[Action, string]> = [
  [{ type: "write_file", payload: { path: "/usr/local/bin/tool", content: "x" } }, "BLOCK"],
  [{ type: "Write", payload: { file_path: "/usr/bin/tool", content: "x" } }, "BLOCK"],
  [
    { type: "functions.write_file", payload: { path: "/home/dev/other/notes.txt", content: "x" } },
    "ESCALATE",
  ],
  [{ type: "write_file", payload: { path: "~/elsewhere/notes.txt", content: "x" } }, "ESCALATE"],
  [{ type: "delete_file", payload: { path: "/etc/sudoers.d/dev" } }, "BLOCK"],
  [{ type: "execute_command", payload: { command: "cat ~/.ssh/id_rsa" } }, "BLOCK"],
  [{ type: "run_shell", payload: { cmd: "ls; cat ~/.aws/credentials" } }, "ESCALATE"],
  [{ type: "fetch_document", payload: { path: "~/.aws/credentials" } }, "ESCALATE"],
  [{ type: "read_file", payload: { path: "/home/dev/other/notes.txt" } }, "ALLOW No policy rule matched"],
  [{ type: "execute_command", payload: { command: "cat /usr/share/doc/x" } }, "ALLOW No policy rule matched"],
];

Deno.test("Tier 0 applies write-tool path rules to write tools only, under any name and in any order", () => {
  const wrong: string[] = [];
  // Twice over, forwards and backwards: the per-tool tables are built once and reused whatever came before.
  for (const rows of [ROWS, [...ROWS].reverse(), ROWS]) {
    for (const [action, expected] of rows) {
      const got = judge(tier0, action);
      if (!got.startsWith(expected)) wrong.push(`${action.type} ${JSON.stringify(action.payload)}: ${got}`);
    }
  }
  assert.deepEqual(wrong, []);
});

/** The reference: the policy's rules for the action's tool, each widened to every tool, so that every path glob of
 * every rule that applies is tried (one per tool name, as Tier 0 keeps its tables). */
const references = new Map<string, Tier0Policy>();
function everyGlobReference(action: Action): string {
  const type = buildActionView(action, WORKSPACE, HOME).type;
  let reference = references.get(type);
  if (!reference) {
    const rules = policy.rules.filter((rule) => rule.tools.some((tool) => globToRegExp(tool).test(type)))
      .map((rule) => ({ ...rule, tools: ["*"] }));
    references.set(type, reference = new Tier0Policy({ ...policy, rules } as Policy, WORKSPACE, HOME));
  }
  return judge(reference, action);
}

Deno.test("Tier 0's per-tool path globs give the answers of trying every glob, over every top and dev case", async () => {
  const actions: Action[] = [];
  for (const folder of ["", "dev/"]) {
    const dir = new URL(`./cases/${folder}`, import.meta.url);
    for await (const entry of Deno.readDir(dir)) {
      if (!entry.isFile || !entry.name.endsWith(".jsonl")) continue;
      for (const line of (await Deno.readTextFile(new URL(entry.name, dir))).split("\n")) {
        if (line.trim()) actions.push(JSON.parse(line));
      }
    }
  }
  assert.ok(actions.length > 3000, `only ${actions.length} cases read`);
  const differ = [...actions, ...ROWS.map(([action]) => action)].filter((action) =>
    judge(tier0, action) !== everyGlobReference(action)
  );
  assert.deepEqual(differ.map((action) => JSON.stringify(action).slice(0, 120)), []);
});
