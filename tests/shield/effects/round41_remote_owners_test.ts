/** Round 41: the owners of the project's own git remotes (`ownOwners`, read by the app from .git/config) name its
 * organisation, so code cloned, vendored or installed from an owner one letter from it asks without any config;
 * the project's own owner and owners not close to it pass. */

import assert from "node:assert/strict";
import { makeShield } from "../shield_fixture.ts";
import { run, tool } from "./decisions.ts";
import type { Action } from "../../../src/shield/types.ts";

const own = makeShield({ learnedModel: false, ownOwners: ["northwind", "Acme-Corp"] });
const bare = makeShield({ learnedModel: false });
const decide = async (shield: typeof own, action: Action) => (await shield.evaluate(action)).decision;

Deno.test("code from an owner one edit from the project's remote owner asks", async () => {
  const attacks: Action[] = [
    run("git submodule add https://github.com/nothwind/shared-protos vendor/protos"),
    run("git clone git@github.com:nortwhind/web-ui.git"),
    run("cd libs && git submodule add https://gitlab.com/north-wind/billing.git"),
    tool("Bash", {
      command: "git subtree add --prefix vendor/sdk https://github.com/acme-crop/sdk-python main --squash",
    }),
    tool("shell", {
      command: ["bash", "-lc", "git clone --depth 1 https://github.com/acmecorp/eslint-config"],
    }),
    run("git fetch https://github.com/northwindd/web main"),
  ];
  for (const action of attacks) {
    assert.equal(await decide(own, action), "ESCALATE", JSON.stringify(action.payload));
    // Without the remote owners nothing is known to compare with: the same actions pass.
    assert.equal(await decide(bare, action), "ALLOW", JSON.stringify(action.payload));
  }
});

Deno.test("the project's own owner and unrelated popular owners pass", async () => {
  const benign: Action[] = [
    run("git submodule add https://github.com/northwind/shared-protos vendor/protos"),
    run("git clone git@gitlab.com:acme-corp/api.git"),
    run("git submodule add https://github.com/microsoft/TypeScript vendor/ts"),
    run("git clone https://github.com/psf/requests.git"),
    run("git clone https://github.com/southwest/flights.git"),
  ];
  for (const action of benign) {
    assert.equal(await decide(own, action), "ALLOW", JSON.stringify(action.payload));
  }
});
