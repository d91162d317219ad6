/** Asks a model's endpoint for its model list, within a time limit: does it answer, does it accept the key,
 * does it know the model? Costs no tokens; used by the startup banner, `doctor` and the web UI. */
import { ProviderError } from "../lib/errors.ts";
import {
  ANTHROPIC_BASE_URL,
  ANTHROPIC_VERSION,
  anthropicMessagesUrl,
} from "./anthropic/anthropic_language_model.ts";
import { GOOGLE_BASE_URL, GOOGLE_KEY_ENV } from "./google/google_language_model.ts";
import { OLLAMA_BASE_URL } from "./ollama/ollama_language_model.ts";
import { OPENAI_BASE_URL } from "./openai/openai_language_model.ts";
import { resolveApiKey } from "./shared/api_key.ts";
import { joinUrl } from "./shared/call_settings.ts";
import { extractErrorMessage } from "./shared/upstream_error.ts";
import { describeNetworkError } from "./shared/network_error.ts";
import type { ModelEntry } from "./types.ts";

export interface ModelProbe {
  ok: boolean;
  /** The URL asked (no key in it). */
  url: string;
  /** "answered in 12 ms" or what went wrong, in sentence case without a trailing period. */
  message: string;
  /** What to do about a failure. */
  fix?: string;
  /** Model ids the endpoint listed, when it listed any. */
  models?: string[];
}

export interface ProbeDeps {
  fetch: typeof fetch;
  env: (name: string) => string | undefined;
  now?: () => number;
}

export async function probeModel(entry: ModelEntry, deps: ProbeDeps, timeoutMs = 5000): Promise<ModelProbe> {
  const target = listRequest(entry);
  let key: string | undefined;
  try {
    key = resolveApiKey(entry, deps.env, target.keyRule);
  } catch (error) {
    return { ok: false, url: target.url, message: (error as ProviderError).message, fix: keyFix(entry) };
  }
  const now = deps.now ?? Date.now;
  const started = now();
  let response: Response;
  try {
    response = await deps.fetch(target.url, {
      headers: key ? target.headers(key) : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    const message = timedOut
      ? `No answer from ${target.url} within ${Math.round(timeoutMs / 1000)} s`
      : `Cannot reach ${target.url}: ${describeNetworkError(error).replace(/^cannot reach \S+: /, "")}`;
    return { ok: false, url: target.url, message, fix: unreachableFix(entry) };
  }
  return readAnswer(entry, target.url, response, Math.round(now() - started));
}

/** What the model list says: the key refused, no list at all (still an answer), or the model missing. */
async function readAnswer(
  entry: ModelEntry,
  url: string,
  response: Response,
  elapsed: number,
): Promise<ModelProbe> {
  const text = await response.text().catch(() => "");
  if (response.status === 401 || response.status === 403) {
    const detail = extractErrorMessage(text) || response.statusText;
    return {
      ok: false,
      url,
      message: `The key was refused (HTTP ${response.status}: ${detail})`,
      fix: keyFix(entry),
    };
  }
  // Some compatible servers have no model list; answering at all shows the address is right.
  if (response.status === 404 || response.status === 405) {
    return { ok: true, url, message: `Answered in ${elapsed} ms (no model list to check "${entry.model}")` };
  }
  if (!response.ok) {
    return { ok: false, url, message: `HTTP ${response.status} from ${url}`, fix: unreachableFix(entry) };
  }
  const ids = modelIds(text);
  if (ids.length > 0 && !ids.some((id) => sameModel(id, entry.model))) {
    const known = ids.slice(0, 5).join(", ") + (ids.length > 5 ? ", \u2026" : "");
    return {
      ok: false,
      url,
      message: `Answered, but has no model "${entry.model}" (it has ${known})`,
      models: ids,
      fix: entry.provider === "ollama"
        ? `run: ollama pull ${entry.model}`
        : `set models[].model of "${entry.name}" to one the server lists`,
    };
  }
  return { ok: true, url, message: `Answered in ${elapsed} ms`, models: ids };
}

interface ListRequest {
  url: string;
  headers: (key: string) => Record<string, string>;
  keyRule: { required: boolean; defaultEnv?: string };
}

function listRequest(entry: ModelEntry): ListRequest {
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  switch (entry.provider) {
    case "anthropic":
      return {
        url: anthropicMessagesUrl(entry.base_url ?? ANTHROPIC_BASE_URL).replace(/messages$/, "models"),
        headers: (key) => ({ "x-api-key": key, "anthropic-version": ANTHROPIC_VERSION }),
        keyRule: { required: true, defaultEnv: "ANTHROPIC_API_KEY" },
      };
    case "google":
      return {
        url: joinUrl(entry.base_url ?? GOOGLE_BASE_URL, "models"),
        headers: (key) => ({ "x-goog-api-key": key }),
        keyRule: { required: true, defaultEnv: GOOGLE_KEY_ENV },
      };
    case "ollama":
      return {
        url: joinUrl(entry.base_url ?? OLLAMA_BASE_URL, "models"),
        headers: bearer,
        keyRule: { required: false },
      };
    default:
      return {
        url: joinUrl(entry.base_url ?? OPENAI_BASE_URL, "models"),
        headers: bearer,
        keyRule: { required: !entry.base_url, defaultEnv: entry.base_url ? undefined : "OPENAI_API_KEY" },
      };
  }
}

function modelIds(text: string): string[] {
  try {
    const body = JSON.parse(text);
    const items: unknown[] = Array.isArray(body?.data)
      ? body.data
      : Array.isArray(body?.models)
      ? body.models
      : [];
    return items
      .map((item) => (item as { id?: unknown; name?: unknown })?.id ?? (item as { name?: unknown })?.name)
      .filter((id): id is string => typeof id === "string")
      .map((id) => id.replace(/^models\//, ""));
  } catch {
    return [];
  }
}

/** Ollama lists "llama3.2:latest" for "llama3.2"; Google lists "models/gemini-x" for "gemini-x". */
function sameModel(listed: string, configured: string): boolean {
  const wanted = configured.replace(/^models\//, "");
  return listed === wanted || listed === `${wanted}:latest`;
}

function keyFix(entry: ModelEntry): string {
  if (entry.api_key_env) {
    return `export ${entry.api_key_env}=... before starting, or remove api_key_env from "${entry.name}" if the ` +
      "server needs no key";
  }
  return `set api_key_env of "${entry.name}" to the environment variable holding the key`;
}

function unreachableFix(entry: ModelEntry): string {
  if (entry.provider === "ollama" && !entry.base_url) {
    return `start Ollama (ollama serve) and run: ollama pull ${entry.model}; or configure another model: deno task start -- init`;
  }
  return `check base_url of "${entry.name}" and that the server is running; or run: deno task start -- init`;
}
