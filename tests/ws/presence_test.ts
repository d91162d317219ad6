import assert from "node:assert/strict";
import { Presence } from "../../src/ws/presence.ts";

Deno.test("Presence sums every surface's clients for a session; a removed surface no longer counts", () => {
  const presence = new Presence();
  const sockets = new Map([["s1", 2]]);
  presence.add((sessionId) => sockets.get(sessionId) ?? 0);
  const remove = presence.add((sessionId) => sessionId === "s1" ? 1 : 0);
  assert.equal(presence.clientsFor("s1"), 3);
  assert.equal(presence.clientsFor("s2"), 0);
  remove();
  assert.equal(presence.clientsFor("s1"), 2);
});
