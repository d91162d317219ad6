/** Google Gemini chat models: `fetch` + server-sent events against `models/{model}:streamGenerateContent`. */

import { joinUrl } from "../shared/call_settings.ts";
import { createSseLanguageModel } from "../shared/sse_language_model.ts";
import type { ChatRequest, LanguageModel, ModelEntry, ProviderDeps } from "../types.ts";
import { convertToGoogleContents, convertToGoogleTools } from "./convert_to_google_contents.ts";
import { createGoogleStreamParser } from "./parse_google_stream.ts";

export const GOOGLE_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";
export const GOOGLE_KEY_ENV = "GEMINI_API_KEY";

export function createGoogleLanguageModel(entry: ModelEntry, deps: ProviderDeps): LanguageModel {
  return createSseLanguageModel(entry, deps, {
    key: { required: true, defaultEnv: GOOGLE_KEY_ENV },
    call: (request, apiKey) => ({
      url: googleModelUrl(entry, "streamGenerateContent") + "?alt=sse",
      headers: { "x-goog-api-key": apiKey ?? "" },
      body: buildGoogleBody(request),
    }),
    parser: (label, settings) => createGoogleStreamParser(label, settings.generateId),
  });
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
