// Speed round 35: `knownBadPinIn` asks the listed versions' literal gate (`VERSION_GATE`, answered from the scan the
// rules already made of a text) before the 91-version regex. Over every text of every top and dev case that the
// check reads (segments, code, written content, string arguments), scanned first as the rules scan them, the gated
// answer is the ungated one (`pinnedIn`), a shut gate's text pins nothing, and pins are found somewhere (the cases
// hold round 65's attacks); attacker spellings in other shapes are still blocked.
import assert from "node:assert/strict";
import { knownBadPinIn, pinnedIn, VERSION_GATE } from "../../../src/shield/effects/known_bad_pins.ts";
import { LITERALS } from "../../../src/shield/literal_index.ts";
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

Deno.test("speed 35: the version gate answers as the ungated check on every case text", async () => {
  let texts = 0;
  let shut = 0;
  let pins = 0;
  for (const action of await caseActions()) {
    for (const text of textsOf(action)) {
      if (text.length > 256 * 1024) continue;
      texts++;
      const ungated = pinnedIn(text);
      LITERALS.forget();
      LITERALS.scan(text);
      if (!VERSION_GATE.opens(text)) {
        shut++;
        assert.equal(ungated, undefined, `a shut gate hid ${ungated} in ${text.slice(0, 120)}`);
      }
      assert.equal(knownBadPinIn(text), ungated, text.slice(0, 120));
      if (ungated) pins++;
    }
  }
  assert.ok(texts > 10_000, `${texts} texts`);
  assert.ok(shut > texts / 2, `the gate shuts on ${shut} of ${texts} texts`);
  assert.ok(pins >= 10, `${pins} pins found`);
});

Deno.test("speed 35: a text nobody scanned is read by the regex; a scanned one through the gate", () => {
  const line = "cd app && npm install --save chalk@5.6.1";
  LITERALS.forget();
  assert.equal(knownBadPinIn(line), "chalk@5.6.1");
  LITERALS.scan(line);
  assert.equal(knownBadPinIn(line), "chalk@5.6.1");
  const fixed = "cd app && npm install --save chalk@5.6.2";
  LITERALS.scan(fixed);
  assert.equal(VERSION_GATE.opens(fixed), true, "the scan reads every digit as one symbol: 5.6.2 opens it");
  assert.equal(knownBadPinIn(fixed), undefined);
  const plain = "python3 -m pytest tests/ -x -q";
  LITERALS.scan(plain);
  assert.equal(VERSION_GATE.opens(plain), false);
  assert.equal(knownBadPinIn(plain), undefined);
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
