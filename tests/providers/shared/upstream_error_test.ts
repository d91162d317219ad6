/** Classification of upstream statuses, vendor error bodies and Retry-After headers. */

import assert from "node:assert/strict";
import {
  errorFromResponse,
  extractErrorMessage,
  isRetryableStatus,
  parseRetryAfterMs,
} from "../../../src/providers/shared/upstream_error.ts";

Deno.test("isRetryableStatus retries timeouts, 429 and 5xx but not client errors", () => {
  for (const status of [408, 409, 429, 500, 502, 503, 529]) {
    assert.equal(isRetryableStatus(status), true, `${status}`);
  }
  for (const status of [400, 401, 403, 404, 422]) assert.equal(isRetryableStatus(status), false, `${status}`);
});

Deno.test("extractErrorMessage reads OpenAI, Anthropic and Google error bodies", () => {
  assert.equal(extractErrorMessage('{"error":{"message":"Bad key","type":"x"}}'), "Bad key");
  assert.equal(extractErrorMessage('[{"error":{"code":429,"message":"Quota"}}]'), "Quota");
  assert.equal(extractErrorMessage('{"error":"model not found"}'), "model not found");
  assert.equal(extractErrorMessage("  <html>Bad gateway</html> "), "<html>Bad gateway</html>");
});

Deno.test("parseRetryAfterMs reads retry-after-ms, seconds and HTTP dates", () => {
  assert.equal(parseRetryAfterMs(new Headers({ "retry-after-ms": "250" })), 250);
  assert.equal(parseRetryAfterMs(new Headers({ "retry-after": "3" })), 3000);
  const now = Date.parse("2025-01-01T00:00:00Z");
  assert.equal(parseRetryAfterMs(new Headers({ "retry-after": "Wed, 01 Jan 2025 00:00:05 GMT" }), now), 5000);
  assert.equal(parseRetryAfterMs(new Headers({ "retry-after": "soon" })), undefined);
  assert.equal(parseRetryAfterMs(new Headers()), undefined);
});

Deno.test("errorFromResponse names the call, the status and the vendor message", async () => {
  const response = new Response('{"error":{"message":"Rate limit reached"}}', {
    status: 429,
    headers: { "retry-after": "7" },
  });
  const error = await errorFromResponse('openai model "gpt"', response);
  assert.equal(error.message, 'Call to openai model "gpt" failed with HTTP 429: Rate limit reached');
  assert.equal(error.retryable, true);
  assert.equal(error.upstreamStatus, 429);
  assert.equal(error.retryAfterMs, 7000);
  assert.equal(error.code, "LLM_CALL_FAILED");
});
