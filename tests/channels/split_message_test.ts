/** Splitting replies for platforms: every part fits once rendered, paragraphs and code blocks stay whole where
 * they can, a code block that cannot is closed and reopened, order is kept, nothing is lost. */
import { assert, assertEquals } from "../support/assert.ts";
import { splitMessage } from "../../src/channels/split_message.ts";
import { renderTelegram } from "../../src/channels/telegram/format.ts";

const plain = (text: string) => text;

Deno.test("split: a short reply is one part", () => {
  assertEquals(splitMessage("Hello **you**", 4096, renderTelegram), ["Hello <b>you</b>"]);
});

Deno.test("split: paragraphs are packed whole, in order, under the limit", () => {
  const paragraphs = Array.from({ length: 20 }, (_, index) => `P${index} ` + "x".repeat(40));
  const parts = splitMessage(paragraphs.join("\n\n"), 200, plain);
  assert(parts.length > 1);
  for (const part of parts) assert(part.length <= 200, `${part.length}`);
  assertEquals(parts.join("\n\n"), paragraphs.join("\n\n"));
});

Deno.test("split: a code block that fits is never cut; one that does not is fenced in every part", () => {
  const small = "```js\nconst a = 1;\n```";
  const parts = splitMessage("x".repeat(150) + "\n\n" + small, 160, plain);
  assertEquals(parts[1], small);
  const big = "```py\n" + Array.from({ length: 30 }, (_, index) => `print(${index})`).join("\n") + "\n```";
  const cut = splitMessage(big, 80, plain);
  assert(cut.length > 1);
  for (const part of cut) {
    assert(part.startsWith("```py\n") && part.endsWith("\n```"), part);
    assert(part.length <= 80);
  }
  const lines = cut.flatMap((part) => part.split("\n").filter((line) => line.startsWith("print")));
  assertEquals(lines.length, 30);
});

Deno.test("split: escaping growth is counted, long words are cut, emoji are not torn", () => {
  const parts = splitMessage("<".repeat(3000), 4096, renderTelegram);
  for (const part of parts) assert(part.length <= 4096);
  assertEquals(parts.join("").replaceAll("&lt;", "<"), "<".repeat(3000));
  const emoji = "😀".repeat(100);
  const torn = splitMessage(emoji, 51, plain);
  for (const part of torn) {
    assert(part.length <= 51);
    assert(!/[\uD800-\uDBFF]$/.test(part), "no lone high surrogate at a cut");
  }
  assertEquals(torn.join(""), emoji);
});
