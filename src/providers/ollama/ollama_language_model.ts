/** Ollama chat models through its OpenAI-compatible endpoint; a local runner needs no key. */

import { createOpenAiLanguageModel, type OpenAiFlavor } from "../openai/openai_language_model.ts";
import type { LanguageModel, ModelEntry, ProviderDeps } from "../types.ts";

export const OLLAMA_BASE_URL = "http://localhost:11434/v1";

export const OLLAMA_FLAVOR: OpenAiFlavor = { defaultBaseUrl: OLLAMA_BASE_URL, keyRequired: false };

export function createOllamaLanguageModel(entry: ModelEntry, deps: ProviderDeps): LanguageModel {
  return createOpenAiLanguageModel(entry, deps, OLLAMA_FLAVOR);
}
