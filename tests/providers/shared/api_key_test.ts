/** resolveApiKey: explicit variables, vendor defaults and keyless local endpoints. */

import assert from "node:assert/strict";
import { ProviderError } from "../../../src/lib/errors.ts";
import { resolveApiKey } from "../../../src/providers/shared/api_key.ts";
import type { ModelEntry } from "../../../src/providers/types.ts";

const entry: ModelEntry = { name: "main", provider: "anthropic", model: "claude" };
const env = (values: Record<string, string>) => (name: string) => values[name];

Deno.test("resolveApiKey reads the variable named by api_key_env", () => {
  const key = resolveApiKey({ ...entry, api_key_env: "MY_KEY" }, env({ MY_KEY: " k1 " }), { required: true });
  assert.equal(key, "k1");
});

Deno.test("resolveApiKey fails naming api_key_env when that variable is empty, even where keys are optional", () => {
  assert.throws(
    () => resolveApiKey({ ...entry, api_key_env: "MY_KEY" }, env({ MY_KEY: "" }), { required: false }),
    (error) =>
      error instanceof ProviderError && !error.retryable &&
      error.message === 'Model "main" has no API key: environment variable "MY_KEY" is not set',
  );
});

Deno.test("resolveApiKey falls back to the vendor variable and names it when missing", () => {
  assert.equal(
    resolveApiKey(entry, env({ VENDOR_KEY: "k2" }), { required: true, defaultEnv: "VENDOR_KEY" }),
    "k2",
  );
  assert.throws(
    () => resolveApiKey(entry, env({}), { required: true, defaultEnv: "VENDOR_KEY" }),
    /"VENDOR_KEY"/,
  );
});

Deno.test("resolveApiKey returns undefined for a keyless endpoint", () => {
  assert.equal(resolveApiKey(entry, env({}), { required: false }), undefined);
});

Deno.test("resolveApiKey asks for api_key_env when a key is required and there is no default", () => {
  assert.throws(() => resolveApiKey(entry, env({}), { required: true }), /set "api_key_env"/);
});
