/** OpenAI and OpenAI-compatible chat models (ollama, vLLM, llama.cpp...): `fetch` + server-sent events against
 * `{base_url}/chat/completions` with function tools, like the other providers (no SDK). */

import { joinUrl } from "../shared/call_settings.ts";
import { createSseLanguageModel } from "../shared/sse_language_model.ts";
import type { ChatRequest, LanguageModel, ModelEntry, ProviderDeps } from "../types.ts";
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
  const baseUrl = entry.base_url ?? flavor.defaultBaseUrl;
  const official = baseUrl.replace(/\/+$/, "") === OPENAI_BASE_URL;
  return createSseLanguageModel(entry, deps, {
    key: {
      required: flavor.keyRequired && !entry.base_url,
      defaultEnv: entry.base_url ? undefined : flavor.defaultKeyEnv,
    },
    call: (request, apiKey) => ({
      url: joinUrl(baseUrl, "chat/completions"),
      headers: { accept: "text/event-stream", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: buildOpenAiBody(entry, request, official),
    }),
    parser: (label, settings) => createOpenAiChunkParser(label, settings.generateId),
    // "[DONE]" ends the stream; the parser's finish() then checks that a finish reason came.
    endMarker: "[DONE]",
  });
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
