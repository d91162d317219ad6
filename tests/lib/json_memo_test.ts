import { assertEquals, assertThrows } from "../support/assert.ts";
import { JsonMemo } from "../../src/lib/json_memo.ts";

Deno.test("json memo: made once per state of its keys, again when any key changes", () => {
  let builds = 0;
  const state = { count: 1, config: { name: "a" } };
  const memo = new JsonMemo(() => (builds++, { count: state.count, name: state.config.name }));
  assertEquals(memo.text(state.config, state.count), '{"count":1,"name":"a"}');
  assertEquals(memo.text(state.config, state.count), '{"count":1,"name":"a"}');
  assertEquals(builds, 1);
  state.count = 2;
  assertEquals(memo.text(state.config, state.count), '{"count":2,"name":"a"}');
  state.config = { name: "b" };
  assertEquals(memo.text(state.config, state.count), '{"count":2,"name":"b"}');
  assertEquals(builds, 3);
  // A key that is undefined still counts as a key: the first call builds.
  const empty = new JsonMemo(() => []);
  assertEquals(empty.text(), "[]");
});

Deno.test("json memo: a build that throws keeps nothing, so the next call builds again", () => {
  let fail = true;
  const memo = new JsonMemo(() => {
    if (fail) throw new Error("not ready");
    return { ok: true };
  });
  assertThrows(() => memo.text(1), Error, "not ready");
  fail = false;
  assertEquals(memo.text(1), '{"ok":true}');
});
