// A view's memo of a function of text (src/shield/view_memo.ts): the function's own answer for each text, made once
// per distinct text, whether the text is among the first listed or past them, and for equal strings built apart.
import assert from "node:assert/strict";
import { TextMemo } from "../../src/shield/view_memo.ts";
import { buildActionView } from "../../src/shield/action_view.ts";

Deno.test("a text memo answers as its function, once per distinct text, listed or mapped", () => {
  const made: string[] = [];
  const memo = new TextMemo((text) => {
    made.push(text);
    return { upper: text.toUpperCase() };
  });
  const texts = Array.from({ length: 20 }, (_, k) => `text ${k}`);
  const first = texts.map((text) => memo.get(text));
  // Equal strings of another identity (built by concatenation), in reverse order.
  const again = [...texts].reverse().map((text) => memo.get(["text", text.slice(5)].join(" ")));
  assert.deepEqual(first.map((value) => value.upper), texts.map((text) => text.toUpperCase()));
  assert.deepEqual([...again].reverse(), first);
  assert.deepEqual(made, texts);
  assert.equal(memo.get(""), memo.get(""));
  assert.deepEqual(made.slice(20), [""]);
});

Deno.test("a view with many distinct commands and paths keeps each one's own parse and normal form", () => {
  const lines = Array.from({ length: 14 }, (_, k) => `cat dir${k}/file${k}.txt`);
  const view = buildActionView(
    { type: "execute_command", payload: { command: lines.join("; ") + "; cat ~/.ssh/id_rsa" } },
    "/home/dev/project",
    "/home/dev",
  );
  assert.deepEqual(
    view.segments.map((segment) => segment.argv[1]),
    [...lines.map((_, k) => `dir${k}/file${k}.txt`), "~/.ssh/id_rsa"],
  );
  assert.ok(view.paths.some((path) => path.absolute === "/home/dev/.ssh/id_rsa"));
  for (let k = 0; k < 14; k++) {
    assert.ok(
      view.paths.some((path) => path.absolute === `/home/dev/project/dir${k}/file${k}.txt`),
      `path ${k}`,
    );
  }
});
