/** Turns Gemini `streamGenerateContent?alt=sse` chunks (GenerateContentResponse objects) into normalized
 * stream events. Pure and stateful: one parser per response. */

import { ProviderError } from "../../lib/errors.ts";
import { asCount, asRecord, asString } from "../shared/as_record.ts";
import type { StreamEvent } from "../types.ts";
import { mapGoogleFinishReason } from "./map_google_finish_reason.ts";

export interface GoogleStreamParser {
  push(chunk: unknown): StreamEvent[];
  /** Closing events (usage, finish); throws when no chunk carried a finish reason. */
  finish(): StreamEvent[];
}

export function createGoogleStreamParser(label: string, generateId: () => string): GoogleStreamParser {
  let usage: StreamEvent | undefined;
  let finishReason: string | undefined;
  let blocked = false;
  let sawToolCalls = false;

  return {
    push(chunk) {
      const body = asRecord(chunk);
      if (body.error !== undefined) throw streamError(label, body.error);
      const metadata = asRecord(body.usageMetadata);
      if (Object.keys(metadata).length > 0) {
        usage = {
          type: "usage",
          input_tokens: asCount(metadata.promptTokenCount),
          output_tokens: asCount(metadata.candidatesTokenCount) + asCount(metadata.thoughtsTokenCount),
        };
      }
      if (asString(asRecord(body.promptFeedback).blockReason)) blocked = true;
      const candidate = asRecord(Array.isArray(body.candidates) ? body.candidates[0] : undefined);
      finishReason = asString(candidate.finishReason) ?? finishReason;
      const parts = asRecord(candidate.content).parts;
      const events = (Array.isArray(parts) ? parts : []).flatMap((part) =>
        partEvents(asRecord(part), generateId)
      );
      if (events.some((event) => event.type === "tool-call")) sawToolCalls = true;
      return events;
    },
    finish() {
      if (finishReason === undefined && !blocked) {
        throw new ProviderError(`Call to ${label} failed: the stream ended without a finish reason`, true);
      }
      const reason = blocked && finishReason === undefined
        ? "content_filter"
        : mapGoogleFinishReason(finishReason, sawToolCalls);
      return [...(usage ? [usage] : []), { type: "finish", reason }];
    },
  };
}

function partEvents(part: Record<string, unknown>, generateId: () => string): StreamEvent[] {
  if (typeof part.text === "string" && part.text !== "") {
    return [{ type: part.thought === true ? "reasoning-delta" : "text-delta", text: part.text }];
  }
  const call = asRecord(part.functionCall);
  const name = asString(call.name);
  if (!name) return [];
  const signature = asString(part.thoughtSignature);
  return [{
    type: "tool-call",
    call: {
      // Gemini sends each call whole, usually without an id.
      id: asString(call.id) || generateId(),
      name,
      arguments: JSON.stringify(call.args ?? {}),
      ...(signature ? { signature } : {}),
    },
  }];
}

function streamError(label: string, error: unknown): ProviderError {
  const detail = asRecord(error);
  const status = asString(detail.status) ?? "ERROR";
  const code = typeof detail.code === "number" ? detail.code : undefined;
  const retryable = code === 429 || (code !== undefined && code >= 500) || status === "UNAVAILABLE";
  return new ProviderError(
    `Call to ${label} failed: ${status}: ${asString(detail.message) ?? "unknown error"}`,
    retryable,
    code,
  );
}
