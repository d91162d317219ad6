/** Finds the API key of a model entry, failing with a message that names the variable to set. */

import { ProviderError } from "../../lib/errors.ts";
import type { ModelEntry } from "../types.ts";

export interface KeyRule {
  /** Whether the endpoint refuses calls without a key (hosted vendors) or not (ollama, local servers). */
  required: boolean;
  /** The vendor's usual variable, used when `api_key_env` is not set. */
  defaultEnv?: string;
}

export function resolveApiKey(
  entry: ModelEntry,
  env: (name: string) => string | undefined,
  rule: KeyRule,
): string | undefined {
  const name = entry.api_key_env ?? rule.defaultEnv;
  const value = name ? env(name)?.trim() : undefined;
  if (value) return value;
  if (entry.api_key_env || (rule.required && name)) {
    throw new ProviderError(
      `Model "${entry.name}" has no API key: environment variable "${name}" is not set`,
      false,
    );
  }
  if (rule.required) {
    throw new ProviderError(
      `Model "${entry.name}" has no API key: set "api_key_env" in its models entry`,
      false,
    );
  }
  return undefined;
}
