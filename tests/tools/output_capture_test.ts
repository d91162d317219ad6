import assert from "node:assert/strict";
import { OutputCapture } from "../../src/tools/output_capture.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("OutputCapture keeps everything under the limit", () => {
  const capture = new OutputCapture(11);
  for (const part of ["hello", " ", "world"]) capture.append(bytes(part));
  assert.equal(capture.text(), "hello world");
  assert.equal(capture.totalBytes, 11);
});

Deno.test("OutputCapture keeps head and tail around an omission marker", () => {
  const capture = new OutputCapture(10);
  for (let index = 0; index < 100; index++) capture.append(bytes(String(index % 10)));
  assert.equal(capture.text(), "01234\n[... 90 bytes omitted ...]\n56789");
  assert.equal(capture.totalBytes, 100);
});

Deno.test("OutputCapture handles one chunk larger than the limit", () => {
  const capture = new OutputCapture(4);
  capture.append(bytes("abcdefghij"));
  assert.equal(capture.text(), "ab\n[... 6 bytes omitted ...]\nij");
});
