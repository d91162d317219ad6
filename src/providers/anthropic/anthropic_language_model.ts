/** Anthropic chat models: `fetch` + server-sent events against the streaming Messages API. */

import { resolveApiKey } from "../shared/api_key.ts";
import {
  callLabel,
  type CallSettings,
  callSettings,
  joinUrl,
  retryingOptions,
} from "../shared/call_settings.ts";
import { readSseBatches } from "../shared/read_sse.ts";
import { retryingStream } from "../shared/retrying_stream.ts";
import { errorFromResponse } from "../shared/upstream_error.ts";
import type { ChatRequest, LanguageModel, ModelEntry, ProviderDeps, StreamEvent } from "../types.ts";
import { convertToAnthropicMessages, convertToAnthropicTools } from "./convert_to_anthropic_messages.ts";
import { createAnthropicStreamParser } from "./parse_anthropic_stream.ts";

export const ANTHROPIC_BASE_URL = "https://api.anthropic.com";
export const ANTHROPIC_VERSION = "2023-06-01";

export function createAnthropicLanguageModel(entry: ModelEntry, deps: ProviderDeps): LanguageModel {
  const settings = callSettings(deps);
  return {
    provider: entry.provider,
    model: entry.model,
    stream(request: ChatRequest): AsyncIterable<StreamEvent> {
      const open = (signal: AbortSignal) => {
        const apiKey = resolveApiKey(entry, settings.env, {
          required: true,
          defaultEnv: "ANTHROPIC_API_KEY",
        });
        return streamOnce(entry, request, apiKey ?? "", signal, settings);
      };
      return retryingStream(open, retryingOptions(entry, settings, request.signal));
    },
  };
}

/** Accepts a base_url with or without the trailing "/v1". */
export function anthropicMessagesUrl(baseUrl = ANTHROPIC_BASE_URL): string {
  return joinUrl(baseUrl, /\/v1\/*$/.test(baseUrl) ? "messages" : "v1/messages");
}

function buildAnthropicBody(entry: ModelEntry, request: ChatRequest): Record<string, unknown> {
  const prompt = convertToAnthropicMessages(request.messages);
  const tools = request.tools ?? [];
  return {
    model: entry.model,
    max_tokens: request.maxTokens,
    ...prompt,
    ...(tools.length > 0 ? { tools: convertToAnthropicTools(tools) } : {}),
    stream: true,
  };
}

async function* streamOnce(
  entry: ModelEntry,
  request: ChatRequest,
  apiKey: string,
  signal: AbortSignal,
  settings: CallSettings,
): AsyncGenerator<StreamEvent[]> {
  const label = callLabel(entry);
  const response = await settings.fetch(anthropicMessagesUrl(entry.base_url), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": apiKey,
      "anthropic-version": ANTHROPIC_VERSION,
    },
    body: JSON.stringify(buildAnthropicBody(entry, request)),
    signal,
  });
  if (!response.ok || !response.body) throw await errorFromResponse(label, response);
  const parser = createAnthropicStreamParser(label);
  for await (const batch of readSseBatches(response.body)) {
    yield batch.flatMap((message) => parser.push(JSON.parse(message.data)));
  }
  yield parser.finish();
}
