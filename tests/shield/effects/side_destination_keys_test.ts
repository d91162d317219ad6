// Whether a key names a destination is remembered per key name (round 15): the answers stay those of its words
// whatever came before, after the table is emptied when full, and for keys named like Object's own properties.
import assert from "node:assert/strict";
import { sideDestinations } from "../../../src/shield/effects/side_destinations.ts";
import { resolveEnvironment } from "../../../src/shield/environment.ts";

const environment = resolveEnvironment({ workspace: "/home/dev/project", home: "/home/dev" });
const OUTSIDE = "https://collect.example.net/in";

Deno.test("a destination key is found the same before and after thousands of other keys and a refill", () => {
  const keys = [
    "callback_url",
    "webhookUrl",
    "notify-to",
    "cc",
    "share_with",
    "constructor",
    "toString",
    "text",
  ];
  const first = keys.map((key) => sideDestinations({ [key]: OUTSIDE }, environment).length);
  for (let k = 0; k < 5000; k++) {
    sideDestinations({ [`field_${k}`]: OUTSIDE, [`send_${k}`]: "x" }, environment);
  }
  const again = keys.map((key) => sideDestinations({ [key]: OUTSIDE }, environment).length);
  assert.deepEqual(first, [1, 1, 1, 1, 1, 0, 1, 0]);
  assert.deepEqual(again, first);
  // Keys first seen once the table has filled and been emptied.
  const fresh = ["title_text", "delivery_address", "body"].map((key) =>
    sideDestinations({ [key]: OUTSIDE }, environment).length
  );
  assert.deepEqual(fresh, [0, 1, 0]);
  // A nested value under a destination key is one too, whatever its own key.
  assert.deepEqual(sideDestinations({ report: { anything: OUTSIDE } }, environment), ["collect.example.net"]);
});
