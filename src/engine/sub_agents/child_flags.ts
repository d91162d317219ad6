/** Deno permission flags of a sub-agent child: network to its model's host only, the engine's own API port
 * explicitly denied, and nothing else (no files, no environment, no programs). Tool calls never run in the child:
 * it proposes them to the engine. */
import type { ModelEntry } from "../../providers/types.ts";

const DEFAULT_HOSTS: Record<ModelEntry["provider"], string> = {
  openai: "api.openai.com",
  anthropic: "api.anthropic.com",
  google: "generativelanguage.googleapis.com",
  ollama: "localhost:11434",
};

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]", "0.0.0.0"];

/** A child's V8 heap cap: a runaway child cannot take the machine's memory. */
export const CHILD_HEAP_MB = 192;

export interface EngineAddress {
  /** web.host as configured ("" = 127.0.0.1). */
  host: string;
  port: number;
}

/** host[:port] the child's model is reached at. */
export function modelHost(entry: Pick<ModelEntry, "provider" | "base_url">): string {
  if (!entry.base_url) return DEFAULT_HOSTS[entry.provider];
  const url = new URL(entry.base_url);
  return url.port
    ? `${url.hostname.includes(":") ? `[${url.hostname}]` : url.hostname}:${url.port}`
    : url.host;
}

/** Every spelling of the engine's own listening address a child could try. */
export function engineAddresses(engine: EngineAddress): string[] {
  const names = new Set(LOOPBACK_NAMES);
  if (engine.host && engine.host !== "0.0.0.0" && engine.host !== "::") {
    names.add(engine.host.includes(":") ? `[${engine.host}]` : engine.host);
  }
  return [...names].map((name) => `${name}:${engine.port}`);
}

/** Throws when the model endpoint is the engine itself: the child must never reach the engine's API. */
export function childPermissionFlags(entry: ModelEntry, engine: EngineAddress): string[] {
  const host = modelHost(entry);
  const denied = engineAddresses(engine);
  const sameAsEngine = denied.includes(host) ||
    (host === `${engine.host || "127.0.0.1"}:${engine.port}`);
  if (sameAsEngine) {
    throw new Error(`The sub-agent model "${entry.name}" points at the engine's own address "${host}"`);
  }
  return [
    "--no-prompt",
    `--allow-net=${host}`,
    `--deny-net=${denied.join(",")}`,
    `--v8-flags=--max-old-space-size=${CHILD_HEAP_MB}`,
  ];
}
