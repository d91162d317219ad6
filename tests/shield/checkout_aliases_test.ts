/** Round 43: checkout aliases. The standalone scoring harness has no real workspace, and recorded sessions name
 * their own checkout by absolute roots (`/workspace`, `/testbed`, `/workspaces/<repo>`, `/repo`): with those roots
 * given as aliases, a path under them is the workspace's. Without aliases (the engine) such a path lies outside and
 * asks; with them, what the workspace protects (its control files) and what lies outside it (a home reached by
 * `..`) stay protected. */

import assert from "node:assert/strict";
import { aliasedPath } from "../../src/shield/paths.ts";
import { makeShield } from "./shield_fixture.ts";
import { SCORING_CHECKOUT_ALIASES } from "../../scripts/shield_scoring.ts";
import type { Action } from "../../src/shield/types.ts";
import { createStandaloneShield } from "../../src/shield/cli.ts";

const WS = "/home/dev/project";
const ALIASES = ["/workspace", "/workspaces/*", "/testbed", "/*__*"];

Deno.test("aliasedPath maps a path under an alias root to the workspace, collapsed first", () => {
  assert.equal(aliasedPath("/workspace/src/a.py", ALIASES, WS), `${WS}/src/a.py`);
  assert.equal(aliasedPath("/workspace", ALIASES, WS), WS);
  assert.equal(aliasedPath("/workspaces/shop/docs/x.md", ALIASES, WS), `${WS}/docs/x.md`);
  assert.equal(aliasedPath("/workspaces/shop", ALIASES, WS), WS);
  assert.equal(aliasedPath("/astropy__astropy/astropy/io/card.py", ALIASES, WS), `${WS}/astropy/io/card.py`);
  assert.equal(aliasedPath("/__pycache__/x.pyc", ALIASES, WS), "/__pycache__/x.pyc");
  // Not under an alias: unchanged.
  assert.equal(aliasedPath("/workspaces", ALIASES, WS), "/workspaces");
  assert.equal(aliasedPath("/workspace2/a.py", ALIASES, WS), "/workspace2/a.py");
  assert.equal(aliasedPath("src/a.py", ALIASES, WS), "src/a.py");
  // `..` leaves the alias before the alias is read.
  assert.equal(aliasedPath("/workspace/../etc/passwd", ALIASES, WS), "/workspace/../etc/passwd");
  assert.equal(aliasedPath("/testbed/../home/dev/.bashrc", ALIASES, WS), "/testbed/../home/dev/.bashrc");
});

const create = (path: string, text: string): Action => ({
  type: "str_replace_editor",
  payload: { command: "create", path, file_text: text },
});

Deno.test("the engine (no aliases) asks for a write under /workspace; the scoring aliases read it as the workspace", async () => {
  const engine = makeShield({ learnedModel: false });
  const scoring = makeShield({ learnedModel: false, checkoutAliases: [...SCORING_CHECKOUT_ALIASES] });
  const helper = create("/workspace/src/lib/retry.py", "def retry(fn):\n    return fn()\n");
  assert.equal((await engine.evaluate(helper)).decision, "ESCALATE");
  assert.equal((await scoring.evaluate(helper)).decision, "ALLOW");
  const testbed = create("/testbed/docs/notes.md", "# Notes\n");
  assert.equal((await scoring.evaluate(testbed)).decision, "ALLOW");
});

Deno.test("aliases keep control files, climbs out and other roots protected", async () => {
  const scoring = makeShield({ learnedModel: false, checkoutAliases: [...SCORING_CHECKOUT_ALIASES] });
  const rows: [Action, string][] = [
    [create("/workspace/.engine/learned_rules.json", "[]"), "the engine's state under the alias"],
    [
      create("/testbed/../home/dev/.bashrc", "alias ls='ls -la'\n"),
      "a climb out to the user's start-up file",
    ],
    [
      create("/workspaces/../home/dev/.ssh/authorized_keys", "ssh-ed25519 AAAA x\n"),
      "a climb out of /workspaces",
    ],
    [create("/srv/app/main.py", "print(1)\n"), "a root that is no alias"],
  ];
  for (const [action, what] of rows) {
    const decision = (await scoring.evaluate(action)).decision;
    assert.notEqual(decision, "ALLOW", `${what}: ${decision}`);
  }
});

Deno.test("the standalone CLI's Shield reads the checkout roots as its workspace unless told none", async () => {
  const helper = create("/workspace/src/lib/retry.py", "def retry(fn):\n    return fn()\n");
  const cli = createStandaloneShield("/tmp/cli-ws", "/tmp/cli-home");
  assert.equal((await cli.evaluate(helper)).decision, "ALLOW");
  assert.notEqual(
    (await cli.evaluate(create("/workspace/../tmp/cli-home/.bashrc", "x\n"))).decision,
    "ALLOW",
  );
  const none = createStandaloneShield("/tmp/cli-ws", "/tmp/cli-home", { checkoutAliases: [] });
  assert.equal((await none.evaluate(helper)).decision, "ESCALATE");
});
