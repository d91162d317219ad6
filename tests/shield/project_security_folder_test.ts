/** A project's own `security/` folder (playbooks, threat models, scanners' notes) is ordinary work, while the
 * policy files the spec names (`security/shield/`, `security/ifc/`), a policy-looking YAML directly in `security/`,
 * the folder as a whole and `config.yaml` stay out of the agent's reach under every preset and in every shape an
 * attacker would try. */

import assert from "node:assert/strict";
import { makeShield } from "./shield_fixture.ts";
import { parsePolicy } from "../../src/shield/policy.ts";
import { PERMISSIVE_POLICY_YAML } from "../../src/shield/presets/permissive_policy.ts";
import { STRICT_POLICY_YAML } from "../../src/shield/presets/strict_policy.ts";
import type { Action } from "../../src/shield/types.ts";

const write = (path: string, content = "rules: []\n"): Action => ({
  type: "write_file",
  payload: { path, content },
});
const sh = (command: string): Action => ({ type: "execute_command", payload: { command } });

const PROJECT_WORK: Action[] = [
  write("security/playbooks/incident-response.md", "# Incident response\n\n1. Page the on-call lead.\n"),
  write("security/README.md", "# Security\n\nReport vulnerabilities to security@corp.example.\n"),
  {
    type: "Edit",
    payload: { file_path: "security/threat-model.md", old_string: "TBD", new_string: "Spoofing" },
  },
  sh("sed -i 's/TODO/done/' security/checklists/release.md"),
  sh("rm -rf security/playbooks/drafts"),
];

const ENGINE_ATTACKS: Action[] = [
  write("security/shield/default.yaml"),
  write("security/shield/learned.yaml", "- allow: '*'\n"),
  write("security/ifc/default.yaml", "sinks: []\n"),
  write("security/policy.yaml"),
  write("security/custom.yml"),
  write("config.yaml", "shield:\n  enabled: false\n"),
  write("./security/./shield/../shield/default.yaml"),
  { type: "move_file", payload: { source: "evil.yaml", destination: "security/shield/default.yaml" } },
  { type: "delete_file", payload: { path: "security/ifc" } },
  sh("rm -rf security/"),
  sh("mv security /tmp/old-security"),
  sh("echo 'rules: []' > security/shield/default.yaml"),
  sh("cp /tmp/loose.yaml security/policy.yaml"),
  sh("git checkout HEAD~3 -- security/shield/default.yaml"),
];

const PRESETS = {
  default: undefined,
  permissive: parsePolicy(PERMISSIVE_POLICY_YAML, "permissive"),
  strict: parsePolicy(STRICT_POLICY_YAML, "strict"),
};

for (const [name, policy] of Object.entries(PRESETS)) {
  Deno.test(`${name} preset: the engine's policy files and config stay out of reach in every shape`, async () => {
    const shield = makeShield(policy ? { policy } : {});
    for (const action of ENGINE_ATTACKS) {
      const verdict = await shield.evaluate(action);
      assert.equal(verdict.decision, "BLOCK", `${JSON.stringify(action.payload)} → ${verdict.decision}`);
    }
  });
}

Deno.test("default preset: a project's own security/ folder is ordinary work", async () => {
  const shield = makeShield();
  for (const action of PROJECT_WORK) {
    const verdict = await shield.evaluate(action);
    assert.equal(
      verdict.decision,
      "ALLOW",
      `${JSON.stringify(action.payload)} → ${verdict.decision}: ${verdict.reason}`,
    );
  }
});
