/** Anthropic chat models: `fetch` + server-sent events against the streaming Messages API. */

import { joinUrl } from "../shared/call_settings.ts";
import { createSseLanguageModel } from "../shared/sse_language_model.ts";
import type { ChatRequest, LanguageModel, ModelEntry, ProviderDeps } from "../types.ts";
import { convertToAnthropicMessages, convertToAnthropicTools } from "./convert_to_anthropic_messages.ts";
import { createAnthropicStreamParser } from "./parse_anthropic_stream.ts";

export const ANTHROPIC_BASE_URL = "https://api.anthropic.com";
export const ANTHROPIC_VERSION = "2023-06-01";

export function createAnthropicLanguageModel(entry: ModelEntry, deps: ProviderDeps): LanguageModel {
  return createSseLanguageModel(entry, deps, {
    key: { required: true, defaultEnv: "ANTHROPIC_API_KEY" },
    call: (request, apiKey) => ({
      url: anthropicMessagesUrl(entry.base_url),
      headers: { "x-api-key": apiKey ?? "", "anthropic-version": ANTHROPIC_VERSION },
      body: buildAnthropicBody(entry, request),
    }),
    parser: (label) => createAnthropicStreamParser(label),
  });
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
