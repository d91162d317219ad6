/** Gemini embeddings through `models/{model}:batchEmbedContents`. */

import { resolveApiKey } from "../shared/api_key.ts";
import { asRecord } from "../shared/as_record.ts";
import { callLabel, callSettings, retryingOptions } from "../shared/call_settings.ts";
import { checkVectors } from "../shared/check_vectors.ts";
import { postJsonWithRetry } from "../shared/post_json.ts";
import type { EmbeddingModel, ModelEntry, ProviderDeps } from "../types.ts";
import { GOOGLE_KEY_ENV, googleModelUrl } from "./google_language_model.ts";

export function createGoogleEmbeddingModel(entry: ModelEntry, deps: ProviderDeps): EmbeddingModel {
  const settings = callSettings(deps);
  const modelName = `models/${entry.model.replace(/^models\//, "")}`;
  return {
    model: entry.model,
    async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
      if (texts.length === 0) return [];
      const apiKey = resolveApiKey(entry, settings.env, { required: true, defaultEnv: GOOGLE_KEY_ENV });
      const answer = await postJsonWithRetry({
        fetch: settings.fetch,
        url: googleModelUrl(entry, "batchEmbedContents"),
        headers: { "x-goog-api-key": apiKey ?? "" },
        body: { requests: texts.map((text) => ({ model: modelName, content: { parts: [{ text }] } })) },
      }, retryingOptions(entry, settings, signal));
      const embeddings = asRecord(answer).embeddings;
      const vectors = (Array.isArray(embeddings) ? embeddings : []).map((item) => asRecord(item).values);
      return checkVectors(callLabel(entry), vectors, texts.length);
    },
  };
}
