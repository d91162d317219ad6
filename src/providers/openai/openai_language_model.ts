/** OpenAI and OpenAI-compatible chat models (ollama, vLLM, llama.cpp...): `fetch` + server-sent events against
 * `{base_url}/chat/completions` with function tools, like the other providers (no SDK). */

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
import { convertToOpenAiMessages, convertToOpenAiTools } from "./convert_to_openai_messages.ts";
import { createOpenAiChunkParser } from "./parse_openai_chunks.ts";

export const OPENAI_BASE_URL = "https://api.openai.com/v1";

/** What differs between OpenAI itself and servers that only speak its protocol. */
export interface OpenAiFlavor {
  defaultBaseUrl: string;
  /** The vendor's usual key variable; only read for the default endpoint, never sent to another host. */
  defaultKeyEnv?: string;
  keyRequired: boolean;
}

export const OPENAI_FLAVOR: OpenAiFlavor = {
  defaultBaseUrl: OPENAI_BASE_URL,
  defaultKeyEnv: "OPENAI_API_KEY",
  keyRequired: true,
};

export function createOpenAiLanguageModel(
  entry: ModelEntry,
  deps: ProviderDeps,
  flavor: OpenAiFlavor = OPENAI_FLAVOR,
): LanguageModel {
  const settings = callSettings(deps);
  const baseUrl = entry.base_url ?? flavor.defaultBaseUrl;
  const official = baseUrl.replace(/\/+$/, "") === OPENAI_BASE_URL;
  return {
    provider: entry.provider,
    model: entry.model,
    stream(request: ChatRequest): AsyncIterable<StreamEvent> {
      const open = (signal: AbortSignal) => {
        const apiKey = resolveApiKey(entry, settings.env, {
          required: flavor.keyRequired && !entry.base_url,
          defaultEnv: entry.base_url ? undefined : flavor.defaultKeyEnv,
        });
        const body = buildOpenAiBody(entry, request, official);
        return streamOnce(entry, joinUrl(baseUrl, "chat/completions"), body, apiKey, signal, settings);
      };
      return retryingStream(open, retryingOptions(entry, settings, request.signal));
    },
  };
}

function buildOpenAiBody(
  entry: ModelEntry,
  request: ChatRequest,
  official: boolean,
): Record<string, unknown> {
  const tools = request.tools ?? [];
  return {
    model: entry.model,
    messages: convertToOpenAiMessages(request.messages),
    ...(tools.length > 0 ? { tools: convertToOpenAiTools(tools) } : {}),
    // OpenAI's reasoning models reject max_tokens; most compatible servers only know max_tokens.
    ...(official ? { max_completion_tokens: request.maxTokens } : { max_tokens: request.maxTokens }),
    stream: true,
    stream_options: { include_usage: true },
  };
}

async function* streamOnce(
  entry: ModelEntry,
  url: string,
  body: Record<string, unknown>,
  apiKey: string | undefined,
  signal: AbortSignal,
  settings: CallSettings,
): AsyncGenerator<StreamEvent[]> {
  const label = callLabel(entry);
  const response = await settings.fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "text/event-stream",
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) throw await errorFromResponse(label, response);
  const parser = createOpenAiChunkParser(label, settings.generateId);
  for await (const batch of readSseBatches(response.body)) {
    // "[DONE]" ends the stream; the parser's finish() then checks that a finish reason came.
    yield batch.filter((message) => message.data.trim() !== "[DONE]")
      .flatMap((message) => parser.push(JSON.parse(message.data)));
  }
  yield parser.finish();
}
