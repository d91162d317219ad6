/** Entry point of the providers: builds the language or embedding model of a `models[]` entry. */

import { ConfigError } from "../lib/errors.ts";
import { createAnthropicLanguageModel } from "./anthropic/anthropic_language_model.ts";
import { createGoogleEmbeddingModel } from "./google/google_embedding_model.ts";
import { createGoogleLanguageModel } from "./google/google_language_model.ts";
import { createOllamaLanguageModel, OLLAMA_FLAVOR } from "./ollama/ollama_language_model.ts";
import { createOpenAiEmbeddingModel } from "./openai/openai_embedding_model.ts";
import { createOpenAiLanguageModel } from "./openai/openai_language_model.ts";
import type { EmbeddingModel, LanguageModel, ModelEntry, ProviderDeps } from "./types.ts";

export { complete, type CompleteOptions, type Completion } from "./complete.ts";
export type * from "./types.ts";

export const PROVIDERS = ["openai", "anthropic", "google", "ollama"] as const;

/** Never calls the network and never throws for a missing key: that surfaces on the first call. */
export function createLanguageModel(entry: ModelEntry, deps: ProviderDeps): LanguageModel {
  switch (entry.provider) {
    case "openai":
      return createOpenAiLanguageModel(entry, deps);
    case "anthropic":
      return createAnthropicLanguageModel(entry, deps);
    case "google":
      return createGoogleLanguageModel(entry, deps);
    case "ollama":
      return createOllamaLanguageModel(entry, deps);
    default:
      throw unknownProvider(entry);
  }
}

export function createEmbeddingModel(entry: ModelEntry, deps: ProviderDeps): EmbeddingModel {
  switch (entry.provider) {
    case "openai":
      return createOpenAiEmbeddingModel(entry, deps);
    case "ollama":
      return createOpenAiEmbeddingModel(entry, deps, OLLAMA_FLAVOR);
    case "google":
      return createGoogleEmbeddingModel(entry, deps);
    case "anthropic":
      throw new ConfigError(
        `Model "${entry.name}" cannot embed: provider "anthropic" has no embedding API`,
        [`roles.embedding: choose an openai, google or ollama model instead of "${entry.name}"`],
      );
    default:
      throw unknownProvider(entry);
  }
}

function unknownProvider(entry: ModelEntry): ConfigError {
  const provider = (entry as { provider: unknown }).provider;
  const message = `Model "${entry.name}" has an unknown provider "${provider}": expected one of ${
    PROVIDERS.join(", ")
  }`;
  return new ConfigError(message, [message]);
}
