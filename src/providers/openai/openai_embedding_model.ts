/** Embeddings through an OpenAI-compatible `{base_url}/embeddings` endpoint (OpenAI, ollama, others). */

import { resolveApiKey } from "../shared/api_key.ts";
import { asRecord } from "../shared/as_record.ts";
import { callLabel, callSettings, joinUrl, retryingOptions } from "../shared/call_settings.ts";
import { checkVectors } from "../shared/check_vectors.ts";
import { postJsonWithRetry } from "../shared/post_json.ts";
import type { EmbeddingModel, ModelEntry, ProviderDeps } from "../types.ts";
import { OPENAI_FLAVOR, type OpenAiFlavor } from "./openai_language_model.ts";

export function createOpenAiEmbeddingModel(
  entry: ModelEntry,
  deps: ProviderDeps,
  flavor: OpenAiFlavor = OPENAI_FLAVOR,
): EmbeddingModel {
  const settings = callSettings(deps);
  return {
    model: entry.model,
    async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
      if (texts.length === 0) return [];
      const apiKey = resolveApiKey(entry, settings.env, {
        required: flavor.keyRequired && !entry.base_url,
        defaultEnv: entry.base_url ? undefined : flavor.defaultKeyEnv,
      });
      const answer = await postJsonWithRetry({
        fetch: settings.fetch,
        url: joinUrl(entry.base_url ?? flavor.defaultBaseUrl, "embeddings"),
        headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
        body: { model: entry.model, input: texts, encoding_format: "float" },
      }, retryingOptions(entry, settings, signal));
      const data = asRecord(answer).data;
      const items = (Array.isArray(data) ? data : []).map(asRecord);
      // The API may answer out of order; `index` says which input each vector belongs to.
      items.sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0));
      return checkVectors(callLabel(entry), items.map((item) => item.embedding), texts.length);
    },
  };
}
