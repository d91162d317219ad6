/** What every streaming provider shares: the key is looked up when a call opens, the vendor's body is POSTed, the
 * server-sent events go through the vendor's parser, and failures retry per the shared policy. A vendor states
 * only what differs: where to post, its headers and body, and its parser. */

import type { ChatRequest, LanguageModel, ModelEntry, ProviderDeps, StreamEvent } from "../types.ts";
import { type KeyRule, resolveApiKey } from "./api_key.ts";
import { callLabel, type CallSettings, callSettings, retryingOptions } from "./call_settings.ts";
import { readSseBatches } from "./read_sse.ts";
import { retryingStream } from "./retrying_stream.ts";
import { errorFromResponse } from "./upstream_error.ts";

export interface StreamParser {
  /** Events carried by one server-sent event (its data already parsed as JSON). */
  push(chunk: unknown): StreamEvent[];
  /** Closing events; throws when the stream ended before the vendor said it was complete. */
  finish(): StreamEvent[];
}

export interface HttpCall {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export interface SseVendor {
  key: KeyRule;
  call(request: ChatRequest, apiKey: string | undefined): HttpCall;
  parser(label: string, settings: CallSettings): StreamParser;
  /** A data line that ends the stream instead of carrying a chunk (OpenAI's "[DONE]"). */
  endMarker?: string;
}

export function createSseLanguageModel(
  entry: ModelEntry,
  deps: ProviderDeps,
  vendor: SseVendor,
): LanguageModel {
  const settings = callSettings(deps);
  return {
    provider: entry.provider,
    model: entry.model,
    stream(request: ChatRequest): AsyncIterable<StreamEvent> {
      const open = (signal: AbortSignal) => {
        const apiKey = resolveApiKey(entry, settings.env, vendor.key);
        return streamOnce(entry, vendor, vendor.call(request, apiKey), signal, settings);
      };
      return retryingStream(open, retryingOptions(entry, settings, request.signal));
    },
  };
}

async function* streamOnce(
  entry: ModelEntry,
  vendor: SseVendor,
  call: HttpCall,
  signal: AbortSignal,
  settings: CallSettings,
): AsyncGenerator<StreamEvent[]> {
  const label = callLabel(entry);
  const response = await settings.fetch(call.url, {
    method: "POST",
    headers: { "content-type": "application/json", ...call.headers },
    body: JSON.stringify(call.body),
    signal,
  });
  if (!response.ok || !response.body) throw await errorFromResponse(label, response);
  const parser = vendor.parser(label, settings);
  for await (const batch of readSseBatches(response.body)) {
    const chunks = vendor.endMarker === undefined
      ? batch
      : batch.filter((message) => message.data.trim() !== vendor.endMarker);
    yield chunks.flatMap((message) => parser.push(JSON.parse(message.data)));
  }
  yield parser.finish();
}
