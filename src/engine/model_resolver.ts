/** Resolves the model of each role from the live config, rebuilding a client only when its entry changes. */
import type { ConfigHolder } from "./config_holder.ts";
import type { EmbeddingModel, LanguageModel, ProviderDeps } from "../providers/types.ts";
import { createEmbeddingModel, createLanguageModel } from "../providers/mod.ts";
import type { Config } from "../config/schema.ts";

type Role = keyof Config["roles"];

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
      model = createLanguageModel(entry, this.deps);
      this.cache.set(key, model);
    }
    return model;
  }

  embedding(): EmbeddingModel | undefined {
    const entry = this.entryFor("embedding");
    return entry ? createEmbeddingModel(entry, this.deps) : undefined;
  }

  private entryFor(role: Role) {
    const current = this.config.current();
    const name = current.roles[role];
    return name ? current.models.find((model) => model.name === name) : undefined;
  }
}
