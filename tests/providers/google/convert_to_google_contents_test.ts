/** convertToGoogleContents / convertToGoogleTools against a recorded Gemini request. */

import assert from "node:assert/strict";
import {
  convertToGoogleContents,
  convertToGoogleTools,
} from "../../../src/providers/google/convert_to_google_contents.ts";
import { GOOGLE_HISTORY, READ_FILE_TOOL } from "../support/conversations.ts";
import { readJsonFixture } from "../support/replay_server.ts";

// deno-lint-ignore no-explicit-any
const recorded = readJsonFixture("google", "request_tool_history.json") as any;

Deno.test("convertToGoogleContents produces systemInstruction and model/user contents with function parts", () => {
  const prompt = convertToGoogleContents(GOOGLE_HISTORY);
  assert.deepEqual(prompt.systemInstruction, recorded.systemInstruction);
  assert.deepEqual(prompt.contents, recorded.contents);
});

Deno.test("convertToGoogleContents wraps a non-object tool result and merges consecutive user turns", () => {
  const { contents, systemInstruction } = convertToGoogleContents([
    { role: "tool", tool_call_id: "a", name: "git_log", content: "[1, 2]" },
    { role: "user", content: "next" },
  ]);
  assert.equal(systemInstruction, undefined);
  assert.deepEqual(contents, [{
    role: "user",
    parts: [{ functionResponse: { name: "git_log", response: { content: "[1, 2]" } } }, { text: "next" }],
  }]);
});

Deno.test("convertToGoogleTools produces functionDeclarations with a JSON Schema, none for no tools", () => {
  assert.deepEqual(convertToGoogleTools([READ_FILE_TOOL]), recorded.tools);
  assert.deepEqual(convertToGoogleTools([]), []);
});
