import assert from "node:assert/strict";
import { isSecretKeyName, redactObject, redactSecrets } from "../../src/lib/redaction.ts";

Deno.test("redactSecrets masks vendor API keys and tokens", () => {
  const samples = [
    "sk-proj-" + "a1B2c3D4e5F6g7H8i9J0kLmNoPqRsT",
    "sk-ant-api03-" + "x".repeat(40),
    "AKIAIOSFODNN7EXAMPLE",
    "ghp_" + "A".repeat(36),
    "github_pat_" + "B".repeat(40),
    "xoxb-123456789012-abcdefghijkl",
    "AIza" + "S".repeat(35),
    "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "glpat-" + "z".repeat(20),
    "123456789:AA" + "h".repeat(33),
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
  ];
  for (const secret of samples) {
    const out = redactSecrets(`value ${secret} end`);
    assert.ok(!out.includes(secret), `not masked: ${secret}`);
    assert.match(out, /^value \[REDACTED\] end$/);
  }
});

Deno.test("redactSecrets masks private key blocks, bearer tokens, URL passwords and key=value secrets", () => {
  const pem =
    "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----";
  assert.equal(redactSecrets(`key:\n${pem}\nafter`), "key:\n[REDACTED]\nafter");
  assert.equal(redactSecrets("Authorization: Bearer abc.def-ghi_123"), "Authorization: Bearer [REDACTED]");
  assert.equal(redactSecrets("postgres://admin:s3cr3tpw@db:5432/x"), "postgres://admin:[REDACTED]@db:5432/x");
  assert.equal(redactSecrets("password=hunter22 user=bob"), "password=[REDACTED] user=bob");
  assert.equal(redactSecrets('{"api_key": "abcd1234"}'), '{"api_key": "[REDACTED]"}');
  assert.equal(redactSecrets("DB_PASSWORD: 'xyz987'"), "DB_PASSWORD: '[REDACTED]'");
});

Deno.test("redactSecrets leaves ordinary text alone", () => {
  const text =
    "The task-manager wrote 120 tokens; max_tokens=4096, author: Ana, see https://example.com/a?b=c";
  assert.equal(redactSecrets(text), text);
});

Deno.test("redactObject masks known secret values and secret-named keys deeply, without mutating", () => {
  const input = {
    provider: { api_key: "k-123456", api_key_env: "OPENAI_API_KEY", max_tokens: 4096 },
    web: { password_hash: "$2b$10$abc", token: "t0k3n-value" },
    log: ["calling with my-own-secret-value inside", { nested: "my-own-secret-value" }],
    ok: true,
  };
  const out = redactObject(input, ["my-own-secret-value", "abc"]);
  assert.deepEqual(out, {
    provider: { api_key: "[REDACTED]", api_key_env: "OPENAI_API_KEY", max_tokens: 4096 },
    web: { password_hash: "[REDACTED]", token: "[REDACTED]" },
    log: ["calling with [REDACTED] inside", { nested: "[REDACTED]" }],
    ok: true,
  });
  assert.equal(input.provider.api_key, "k-123456");
});

Deno.test("redactObject survives cycles and ignores secrets shorter than 4 characters", () => {
  const cyclic: Record<string, unknown> = { name: "a b c" };
  cyclic.self = cyclic;
  assert.deepEqual(redactObject(cyclic, ["b"]), { name: "a b c", self: "[Circular]" });
});

Deno.test("isSecretKeyName matches secret names but not counters or env-var names", () => {
  for (
    const key of ["password", "DB_PASSWORD", "apiKey", "api-key", "client_secret", "access_token", "token"]
  ) {
    assert.ok(isSecretKeyName(key), key);
  }
  for (const key of ["max_tokens", "input_tokens", "token_count", "bot_token_env", "author", "path"]) {
    assert.ok(!isSecretKeyName(key), key);
  }
});
