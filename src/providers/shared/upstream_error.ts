/** Turns failed upstream answers and thrown errors into ProviderError, keeping the Retry-After hint. */

import { ProviderError } from "../../lib/errors.ts";
import { describeNetworkError } from "./network_error.ts";

/** A ProviderError that also carries how long the upstream asked the caller to wait before retrying. */
export class UpstreamError extends ProviderError {
  constructor(message: string, retryable: boolean, upstreamStatus?: number, readonly retryAfterMs?: number) {
    super(message, retryable, upstreamStatus);
  }
}

/** Timeouts, rate limits and server faults may pass on a second try; client errors never do. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

function statusError(label: string, status: number, detail: string, headers?: Headers): UpstreamError {
  const suffix = detail ? `: ${detail}` : "";
  const retryAfterMs = headers ? parseRetryAfterMs(headers) : undefined;
  return new UpstreamError(
    `Call to ${label} failed with HTTP ${status}${suffix}`,
    isRetryableStatus(status),
    status,
    retryAfterMs,
  );
}

/** Builds the error for a non-2xx response, reading the vendor's `{error: {message}}` body when present. */
export async function errorFromResponse(label: string, response: Response): Promise<UpstreamError> {
  let text = "";
  try {
    text = await response.text();
  } catch {
    // The status alone is enough to classify the failure.
  }
  return statusError(
    label,
    response.status,
    extractErrorMessage(text) || response.statusText,
    response.headers,
  );
}

/** Finds the human message in OpenAI, Anthropic and Google error bodies; falls back to the raw text. */
export function extractErrorMessage(text: string): string {
  try {
    const parsed = JSON.parse(text);
    const body = Array.isArray(parsed) ? parsed[0] : parsed;
    const message = body?.error?.message ?? body?.message ?? body?.error;
    if (typeof message === "string") return message.slice(0, 500);
  } catch {
    // Not JSON: use the text itself.
  }
  return text.trim().slice(0, 500);
}

/** Reads `retry-after-ms` (OpenAI) or `retry-after` (seconds or an HTTP date) in milliseconds. */
export function parseRetryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const milliseconds = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Classifies anything thrown during a call: network failures retry, malformed answers do not. */
export function toProviderError(label: string, error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof SyntaxError) {
    return new ProviderError(`Call to ${label} failed: invalid response: ${message}`, false);
  }
  if (isNetworkError(error)) {
    return new ProviderError(`Call to ${label} failed: network error: ${describeNetworkError(error)}`, true);
  }
  return new ProviderError(`Call to ${label} failed: ${message}`, false);
}

function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // Deno's fetch reports refused or reset connections as TypeError or as its own Http/ConnectionError classes.
  return error instanceof TypeError ||
    /^(Http|Connection\w*|BadResource|Interrupted|TimedOut)$/.test(error.name);
}

export function abortError(): DOMException {
  return new DOMException("The LLM call was aborted", "AbortError");
}
