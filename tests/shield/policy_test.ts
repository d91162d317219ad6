/** Policy files: parsing, errors naming the rule and field, presets, and writing presets into a workspace. */

import assert from "node:assert/strict";
import { checkPolicyFile, loadPolicyFile, parsePolicy } from "../../src/shield/policy.ts";
import { POLICY_PRESETS, writePolicyPresets } from "../../src/shield/policy_presets.ts";
import { runCheckPolicy } from "../../src/shield/cli.ts";
import { ConfigError } from "../../src/lib/errors.ts";

function problemsOf(yaml: string): string[] {
  try {
    parsePolicy(yaml, "test.yaml");
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
}

Deno.test("policy parse accepts a valid rule and defaults tools to every tool", () => {
  const policy = parsePolicy("rules:\n  - name: a\n    action: deny\n    paths: ['~/.x']\n", "p.yaml");
  assert.equal(policy.rules[0].tools[0], "*");
  assert.equal(policy.source, "p.yaml");
});

Deno.test("policy errors name the rule index, rule name and field", () => {
  const problems = problemsOf(`rules:
  - name: ok
    action: allow
  - name: second
    action: deny
  - name: deny-keys
    action: forbid
`);
  assert.deepEqual(problems, ['Rule 3 "deny-keys": "action" must be deny, escalate or allow']);
});

Deno.test("policy errors report bad regexes, bad tiers, unknown fields and duplicate names", () => {
  const problems = problemsOf(`rules:
  - name: a
    action: deny
    commands: ["(unclosed"]
  - name: b
    action: escalate
    tier: 5
  - name: c
    action: deny
    colour: red
  - name: a
    action: allow
  - action: deny
`);
  assert.ok(
    problems.some((p) =>
      p.startsWith('Rule 1 "a": "commands" has an invalid regular expression "(unclosed"')
    ),
  );
  assert.ok(problems.includes('Rule 2 "b": "tier" must be 2 or 3'));
  assert.ok(problems.includes('Rule 3 "c": unknown field "colour"'));
  assert.ok(problems.includes('Rule 4 "a": "name" is used by an earlier rule'));
  assert.ok(problems.some((p) => p.startsWith('Rule 5: "name"')));
});

Deno.test("policy errors report broken YAML and a missing rules list", () => {
  assert.ok(problemsOf("rules: [")[0].startsWith("Invalid YAML"));
  assert.deepEqual(problemsOf("other: 1"), ['"rules" must be a list of rules']);
});

Deno.test("policy presets parse and carry their key rules", () => {
  for (const [name, text] of Object.entries(POLICY_PRESETS)) {
    const policy = parsePolicy(text, name);
    assert.ok(policy.rules.length >= 10, name);
    assert.ok(policy.rules.some((rule) => rule.name === "deny-ssh-private-keys"), name);
    assert.ok(policy.rules.some((rule) => rule.name === "deny-engine-state"), name);
  }
  assert.ok(
    parsePolicy(POLICY_PRESETS.strict, "strict").rules.some((rule) => rule.name === "escalate-shell"),
  );
});

Deno.test("policy presets are written once and never overwrite an edited file", async () => {
  const workspace = await Deno.makeTempDir();
  try {
    const first = await writePolicyPresets(workspace);
    assert.equal(first.length, 3);
    const path = `${workspace}/security/shield/default.yaml`;
    await Deno.writeTextFile(path, "rules: []\n");
    assert.deepEqual(await writePolicyPresets(workspace), []);
    assert.equal(await Deno.readTextFile(path), "rules: []\n");
    assert.equal((await loadPolicyFile(`${workspace}/security/shield/strict.yaml`)).rules.length > 0, true);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});

Deno.test("policy file check lists problems and the check-policy command exits non-zero", async () => {
  const workspace = await Deno.makeTempDir();
  try {
    const path = `${workspace}/bad.yaml`;
    await Deno.writeTextFile(path, "rules:\n  - name: x\n    action: maybe\n");
    assert.deepEqual(await checkPolicyFile(path), ['Rule 1 "x": "action" must be deny, escalate or allow']);
    assert.equal(await runCheckPolicy(path), 1);
    await Deno.writeTextFile(path, POLICY_PRESETS.default);
    assert.equal(await runCheckPolicy(path), 0);
    assert.equal((await checkPolicyFile(`${workspace}/missing.yaml`)).length, 1);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});
