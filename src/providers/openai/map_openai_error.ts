/** Maps errors thrown by the openai SDK to ProviderError; anything else passes through unchanged. */

import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { ProviderError } from "../../errors.ts";
import { statusError } from "../shared/upstream_error.ts";

export function mapOpenAiError(label: string, error: unknown): unknown {
  // An abort is the caller's or the idle timer's decision; the retry layer knows which.
  if (error instanceof APIUserAbortError) return error;
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderError(`Call to ${label} failed: no response in time`, true);
  }
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return new ProviderError(`Call to ${label} failed: network error${cause}`, true);
  }
  if (error instanceof APIError) {
    if (typeof error.status === "number") {
      return statusError(label, error.status, vendorMessage(error), error.headers ?? undefined);
    }
    // A mid-stream `error` payload carries no status.
    const kind = `${error.type ?? ""} ${error.code ?? ""}`;
    return new ProviderError(
      `Call to ${label} failed: ${vendorMessage(error)}`,
      /server|overload|rate|timeout/i.test(kind),
    );
  }
  return error;
}

function vendorMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  return typeof body?.message === "string" ? body.message : error.message;
}
