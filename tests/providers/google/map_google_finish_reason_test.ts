/** mapGoogleFinishReason: Gemini finish reasons, filters and the tool-call case. */

import assert from "node:assert/strict";
import { mapGoogleFinishReason } from "../../../src/providers/google/map_google_finish_reason.ts";

Deno.test("mapGoogleFinishReason maps each Gemini finish reason", () => {
  assert.equal(mapGoogleFinishReason("STOP", false), "stop");
  assert.equal(mapGoogleFinishReason("STOP", true), "tool_calls");
  assert.equal(mapGoogleFinishReason("MAX_TOKENS", false), "length");
  for (const reason of ["SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY"]) {
    assert.equal(mapGoogleFinishReason(reason, false), "content_filter");
  }
  assert.equal(mapGoogleFinishReason("MALFORMED_FUNCTION_CALL", false), "other");
  assert.equal(mapGoogleFinishReason(undefined, false), "other");
});
