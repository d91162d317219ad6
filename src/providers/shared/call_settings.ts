/** Fills in the defaults of ProviderDeps and builds the retry options of one call. */

import { newId } from "../../lib/clock.ts";
import type { ModelEntry, ProviderDeps } from "../types.ts";
import type { RetryingOptions } from "./retrying_stream.ts";

const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

export interface CallSettings {
  fetch: typeof fetch;
  env: (name: string) => string | undefined;
  idleTimeoutMs: number;
  sleep: (ms: number) => Promise<void>;
  generateId: () => string;
}

export function callSettings(deps: ProviderDeps): CallSettings {
  return {
    fetch: deps.fetch,
    env: deps.env,
    idleTimeoutMs: deps.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    generateId: deps.generateId ?? (() => newId("call_")),
  };
}

/** `openai model "gpt-4o"`: how errors name the call. */
export function callLabel(entry: ModelEntry): string {
  return `${entry.provider} model "${entry.model}"`;
}

export function retryingOptions(
  entry: ModelEntry,
  settings: CallSettings,
  signal?: AbortSignal,
): RetryingOptions {
  return { label: callLabel(entry), signal, idleTimeoutMs: settings.idleTimeoutMs, sleep: settings.sleep };
}

/** Joins a base URL and a path without doubling or dropping the slash. */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, "") + "/" + path.replace(/^\/+/, "");
}
