/** Is the chat model there? A bounded model-list probe for the web UI's "connect a model" card, remembered
 * for a while so that page loads do not each call the provider. */
import type { Config } from "../config/schema.ts";
import type { ProbeDeps } from "../providers/probe_model.ts";
import { importWhenNeeded } from "../lib/import_when_needed.ts";

export interface ModelCheck {
  /** roles.chat names a models[] entry. */
  configured: boolean;
  ok: boolean;
  name: string;
  provider: string;
  model: string;
  /** The address asked ("" when nothing is configured). */
  url: string;
  message: string;
  fix?: string;
}

const REMEMBER_MS = 30_000;
const PROBE_MS = 5000;

export function createModelCheck(
  config: () => Config,
  deps: ProbeDeps,
  now: () => number,
): (fresh: boolean) => Promise<ModelCheck> {
  let last: { at: number; key: string; result: ModelCheck } | undefined;
  return async (fresh) => {
    const current = config();
    const entry = current.models.find((model) => model.name === current.roles.chat);
    if (!entry) {
      return {
        configured: false,
        ok: false,
        name: "",
        provider: "",
        model: "",
        url: "",
        message: "No chat model is set: roles.chat names no models[] entry",
        fix: "run deno task start -- init, or add a models[] entry and /model chat NAME",
      };
    }
    const key = JSON.stringify(entry);
    if (!fresh && last && last.key === key && now() - last.at < REMEMBER_MS) return last.result;
    // Imported at the first check: an engine nobody opened the web UI of keeps no provider module loaded.
    const { probeModel } = await importWhenNeeded<typeof import("../providers/probe_model.ts")>(
      new URL("../providers/probe_model.ts", import.meta.url),
    );
    const probe = await probeModel(entry, deps, PROBE_MS);
    const result: ModelCheck = {
      configured: true,
      ok: probe.ok,
      name: entry.name,
      provider: entry.provider,
      model: entry.model,
      url: probe.url,
      message: probe.message,
      ...(probe.fix ? { fix: probe.fix } : {}),
    };
    last = { at: now(), key, result };
    return result;
  };
}
