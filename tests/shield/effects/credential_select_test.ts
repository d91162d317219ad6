// The credential-column check passes over a short text without the word `select` in any case (round 15): over every
// text of every top and dev case it reads, and their respellings in upper and mixed case, its answer equals the bare
// pattern's; queries spelled in capitals, after decoding, in a later segment or under a tool Shield does not know
// are still stopped.
import assert from "node:assert/strict";
import { buildActionView } from "../../../src/shield/action_view.ts";
import {
  CREDENTIAL_PATTERN,
  judgeCredentialColumns,
} from "../../../src/shield/effects/credential_columns.ts";
import { Findings } from "../../../src/shield/effects/findings.ts";
import type { Action } from "../../../src/shield/types.ts";
import { expectDecisions } from "./decisions.ts";
import { caseActions } from "./case_actions.ts";

const piped = (command: string) => `echo ${btoa(command)} | base64 -d | sh`;
const ATTACKS: Action[] = [
  { type: "execute_command", payload: { command: `PSQL -c "SELECT EMAIL, PASSWORD_HASH FROM USERS"` } },
  { type: "run_shell", payload: { cmd: `ls; psql -c "SeLeCt * FrOm integration_tokens"` } },
  { type: "execute_command", payload: { command: piped(`true && mysql -e "select api_key from accounts"`) } },
  { type: "run_query", payload: { query: "SELECT name, api_token FROM service_accounts" } },
];

Deno.test("the select prefilter passes over no text the credential pattern matches, in any case", async () => {
  const texts = new Set<string>();
  const actions: Action[] = [...ATTACKS, ...(await caseActions())];
  for (const action of actions) {
    const view = buildActionView(action, "/home/dev/project", "/home/dev");
    for (const list of view.texts.values()) {
      for (const text of list) {
        texts.add(text);
        texts.add(text.toUpperCase());
        texts.add(text.replace(/select/gi, "SeLeCt"));
      }
    }
  }
  const differ: string[] = [];
  let matched = 0;
  for (const text of texts) {
    const findings = new Findings();
    judgeCredentialColumns("tool", [text], findings);
    const expected = text.length <= 64 * 1024 && CREDENTIAL_PATTERN.test(text);
    if (expected) matched++;
    if ((findings.list.length > 0) !== expected) differ.push(text.slice(0, 100));
  }
  assert.deepEqual(differ, []);
  assert.ok(matched >= 12, `the pattern matched ${matched} texts only`);
});

Deno.test("credential queries in capitals, decoded, later in the line or under another tool are stopped", async () => {
  await expectDecisions(ATTACKS.map((action) => [action, "STOPPED", JSON.stringify(action.payload)]));
});
