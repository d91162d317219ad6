/** OpenAI and OpenAI-compatible chat models (ollama, vLLM, llama.cpp...) through the openai SDK, streaming
 * `{base_url}/chat/completions` with function tools. */

import OpenAI from "openai";
import { resolveApiKey } from "../shared/api_key.ts";
import { callLabel, type CallSettings, callSettings, retryingOptions } from "../shared/call_settings.ts";
import { retryingStream } from "../shared/retrying_stream.ts";
import type { ChatRequest, LanguageModel, ModelEntry, ProviderDeps, StreamEvent } from "../types.ts";
import { convertToOpenAiMessages, convertToOpenAiTools } from "./convert_to_openai_messages.ts";
import { mapOpenAiError } from "./map_openai_error.ts";
import { createOpenAiChunkParser } from "./parse_openai_chunks.ts";

type ChatCompletionCreateParamsStreaming = OpenAI.Chat.ChatCompletionCreateParamsStreaming;

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
        const client = createClient(baseUrl, apiKey, settings);
        return streamOnce(client, entry, buildBody(entry, request, official), signal, settings);
      };
      return retryingStream(open, retryingOptions(entry, settings, request.signal));
    },
  };
}

async function* streamOnce(
  client: OpenAI,
  entry: ModelEntry,
  body: ChatCompletionCreateParamsStreaming,
  signal: AbortSignal,
  settings: CallSettings,
): AsyncGenerator<StreamEvent[]> {
  const label = callLabel(entry);
  const parser = createOpenAiChunkParser(label, settings.generateId);
  try {
    const stream = await client.chat.completions.create(body, { signal });
    for await (const chunk of stream) yield parser.push(chunk);
  } catch (error) {
    throw mapOpenAiError(label, error);
  }
  yield parser.finish();
}

function buildBody(
  entry: ModelEntry,
  request: ChatRequest,
  official: boolean,
): ChatCompletionCreateParamsStreaming {
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

function createClient(baseUrl: string, apiKey: string | undefined, settings: CallSettings): OpenAI {
  return new OpenAI({
    baseURL: baseUrl,
    // The SDK insists on a key; without one the Authorization header is removed below.
    apiKey: apiKey ?? "unused",
    defaultHeaders: apiKey ? {} : { Authorization: null },
    // Explicit nulls stop the SDK from reading OPENAI_* variables behind the config layer's back.
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    fetch: settings.fetch,
    // Retries and timeouts are ours (shared/retrying_stream.ts); the SDK's would duplicate them.
    maxRetries: 0,
    timeout: settings.idleTimeoutMs * 2,
  });
}
