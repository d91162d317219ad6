/** Resolves the model of each role from the live config, rebuilding a client only when its entry changes.
 * Provider modules (and their SDKs) are imported on the first call, not at start: faster start, less memory
 * for an engine that has not talked to a model yet. */
import type { ConfigHolder } from "../config/config_holder.ts";
import type {
  ChatRequest,
  EmbeddingModel,
  LanguageModel,
  ModelEntry,
  ProviderDeps,
  StreamEvent,
} from "../providers/types.ts";
import type { Config } from "../config/schema.ts";
import { importWhenNeeded } from "../lib/import_when_needed.ts";

type Role = keyof Config["roles"];
type ProvidersModule = typeof import("../providers/mod.ts");

let providers: Promise<ProvidersModule> | undefined;
const loadProviders = () =>
  providers ??= importWhenNeeded<ProvidersModule>(new URL("../providers/mod.ts", import.meta.url));

export class ModelResolver {
  private readonly cache = new Map<string, LanguageModel>();

  constructor(private readonly config: ConfigHolder, private readonly deps: ProviderDeps) {}

  chat(): LanguageModel | undefined {
    return this.language("chat");
  }

  language(role: Role): LanguageModel | undefined {
    const entry = this.entryFor(role);
    if (!entry) return undefined;
    const key = JSON.stringify(entry);
    let model = this.cache.get(key);
    if (!model) {
      model = lazyLanguageModel(entry, this.deps);
      this.cache.set(key, model);
    }
    return model;
  }

  embedding(): EmbeddingModel | undefined {
    const entry = this.entryFor("embedding");
    return entry ? lazyEmbeddingModel(entry, this.deps) : undefined;
  }

  private entryFor(role: Role): ModelEntry | undefined {
    const current = this.config.current();
    const name = current.roles[role];
    return name ? current.models.find((model) => model.name === name) : undefined;
  }
}

function lazyLanguageModel(entry: ModelEntry, deps: ProviderDeps): LanguageModel {
  let real: Promise<LanguageModel> | undefined;
  return {
    provider: entry.provider,
    model: entry.model,
    async *stream(request: ChatRequest): AsyncIterable<StreamEvent> {
      real ??= loadProviders().then((module) => module.createLanguageModel(entry, deps));
      yield* (await real).stream(request);
    },
  };
}

function lazyEmbeddingModel(entry: ModelEntry, deps: ProviderDeps): EmbeddingModel {
  let real: Promise<EmbeddingModel> | undefined;
  return {
    model: entry.model,
    async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
      real ??= loadProviders().then((module) => module.createEmbeddingModel(entry, deps));
      return await (await real).embed(texts, signal);
    },
  };
}
