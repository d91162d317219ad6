/** Google Gemini chat models: `fetch` + server-sent events against `models/{model}:streamGenerateContent`. */

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
import { convertToGoogleContents, convertToGoogleTools } from "./convert_to_google_contents.ts";
import { createGoogleStreamParser } from "./parse_google_stream.ts";

export const GOOGLE_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";
export const GOOGLE_KEY_ENV = "GEMINI_API_KEY";

export function createGoogleLanguageModel(entry: ModelEntry, deps: ProviderDeps): LanguageModel {
  const settings = callSettings(deps);
  return {
    provider: entry.provider,
    model: entry.model,
    stream(request: ChatRequest): AsyncIterable<StreamEvent> {
      const open = (signal: AbortSignal) => {
        const apiKey = resolveApiKey(entry, settings.env, { required: true, defaultEnv: GOOGLE_KEY_ENV });
        return streamOnce(entry, request, apiKey ?? "", signal, settings);
      };
      return retryingStream(open, retryingOptions(entry, settings, request.signal));
    },
  };
}

/** `{base}/models/{model}:{method}`; a model written as "models/x" is accepted too. */
export function googleModelUrl(entry: ModelEntry, method: string): string {
  const model = entry.model.replace(/^models\//, "");
  return joinUrl(entry.base_url ?? GOOGLE_BASE_URL, `models/${encodeURIComponent(model)}:${method}`);
}

function buildGoogleBody(request: ChatRequest): Record<string, unknown> {
  const tools = convertToGoogleTools(request.tools ?? []);
  return {
    ...convertToGoogleContents(request.messages),
    ...(tools.length > 0 ? { tools } : {}),
    generationConfig: { maxOutputTokens: request.maxTokens },
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
  const response = await settings.fetch(googleModelUrl(entry, "streamGenerateContent") + "?alt=sse", {
    method: "POST",
    headers: { "content-type": "application/json", "x-goog-api-key": apiKey },
    body: JSON.stringify(buildGoogleBody(request)),
    signal,
  });
  if (!response.ok || !response.body) throw await errorFromResponse(label, response);
  const parser = createGoogleStreamParser(label, settings.generateId);
  for await (const batch of readSseBatches(response.body)) {
    yield batch.flatMap((message) => parser.push(JSON.parse(message.data)));
  }
  yield parser.finish();
}
