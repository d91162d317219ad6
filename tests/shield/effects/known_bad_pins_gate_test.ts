// Speed round 35: `knownBadPinIn` asks a native pre-test (`VERSION_SIGN`: a dotted pair of digits, or a listed
// version without one, literally) before the 91-version regex. Over every text of every top and dev case that the
// check reads (segments, code, written content, the shell line, string arguments), the answer is the one without
// the pre-test (`pinnedIn`), a text failing the pre-test pins nothing, and pins are found somewhere (the cases hold
// round 65's attacks); attacker spellings in other shapes are still blocked.
import assert from "node:assert/strict";
import { knownBadPinIn, pinnedIn, VERSION_SIGN } from "../../../src/shield/effects/known_bad_pins.ts";
import { expectDecisions, run, tool, write } from "./decisions.ts";
import { viewOf } from "./gate_fixture.ts";
import { caseActions } from "./case_actions.ts";

function textsOf(action: Parameters<typeof viewOf>[0]): string[] {
  const view = viewOf(action);
  const texts = view.segments.map((segment) => segment.text);
  for (const kind of ["code", "content", "shell"] as const) texts.push(...(view.texts.get(kind) ?? []));
  for (const value of Object.values(view.calledPayload)) if (typeof value === "string") texts.push(value);
  return texts;
}

Deno.test("speed 35: the version pre-test answers as the check without it on every case text", async () => {
  let texts = 0;
  let shut = 0;
  let pins = 0;
  for (const action of await caseActions()) {
    for (const text of textsOf(action)) {
      if (text.length > 256 * 1024) continue;
      texts++;
      const ungated = pinnedIn(text);
      if (!VERSION_SIGN.test(text)) {
        shut++;
        assert.equal(ungated, undefined, `the pre-test hid ${ungated} in ${text.slice(0, 120)}`);
      }
      assert.equal(knownBadPinIn(text), ungated, text.slice(0, 120));
      if (ungated) pins++;
    }
  }
  assert.ok(texts > 10_000, `${texts} texts`);
  assert.ok(shut > texts / 2, `the pre-test fails on ${shut} of ${texts} texts`);
  assert.ok(pins >= 10, `${pins} pins found`);
});

Deno.test("speed 35: the pre-test passes every listed spelling and fails plain command lines", () => {
  assert.equal(knownBadPinIn("cd app && npm install --save chalk@5.6.1"), "chalk@5.6.1");
  assert.equal(
    knownBadPinIn("uses: tj-actions/changed-files@0E58ED8671D6B60D0890C21B07F8835ACE038E67"),
    "tj-actions/changed-files@0E58ED8671D6B60D0890C21B07F8835ACE038E67",
  );
  assert.equal(VERSION_SIGN.test("npm install chalk@5.6.2"), true);
  assert.equal(knownBadPinIn("npm install chalk@5.6.2"), undefined);
  for (const line of ["python3 -m pytest tests/ -x -q", "head -20 src/app.ts", "git log -n 5 --oneline"]) {
    assert.equal(VERSION_SIGN.test(line), false, line);
  }
});

Deno.test("speed 35: known-bad pins in other shapes are still blocked", async () => {
  await expectDecisions([
    [run("pnpm add -D debug@4.4.2 && pnpm test"), "BLOCK", "pnpm pin after a list"],
    [run("sudo -E pip3 install 'ultralytics==8.3.41' --quiet"), "BLOCK", "pip pin under sudo"],
    [
      write(
        "yarn.lock",
        'chalk@^5.0.0:\n  version "5.6.1"\n  resolved "https://registry.yarnpkg.com/chalk"\n',
      ),
      "BLOCK",
      "a yarn lockfile entry",
    ],
    [tool("bump_dependency", { package: "debug", to: "4.4.2" }), "BLOCK", "a tool's name and version"],
    [run("npm install chalk@5.6.2 debug@4.4.3"), "ALLOW", "the fixed releases"],
  ]);
});
