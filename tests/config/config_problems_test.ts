import { assert, assertEquals, assertThrows } from "../support/assert.ts";
import { parseConfigText } from "../../src/config/load_config.ts";
import { ConfigError } from "../../src/lib/errors.ts";

const MODEL = "models:\n  - name: local\n    provider: ollama\n    model: llama3.2\n";

Deno.test("config: a typo of a key is an error naming the key it resembles, at the key's line", () => {
  const error = assertThrows(() => parseConfigText(`${MODEL}rols:\n  chat: local\n`), ConfigError);
  assertEquals(error.problems, ['rols (line 5): unknown key, did you mean "roles"?']);
  const nested = assertThrows(() => parseConfigText("web:\n  host: ''\n  prot: 3100\n"), ConfigError);
  assertEquals(nested.problems, ['web.prot (line 3): unknown key, did you mean "port"?']);
  const deep = assertThrows(() => parseConfigText("shield:\n  tier3:\n    max_per_huor: 3\n"), ConfigError);
  assertEquals(deep.problems, [
    'shield.tier3.max_per_huor (line 3): unknown key, did you mean "max_per_hour"?',
  ]);
  const inList = assertThrows(
    () =>
      parseConfigText("models:\n  - name: a\n    provider: openai\n    model: m\n    base_ulr: http://x\n"),
    ConfigError,
  );
  assertEquals(inList.problems, ['models[0].base_ulr (line 5): unknown key, did you mean "base_url"?']);
});

Deno.test("config: a key unlike any known one stays a warning", () => {
  const { warnings } = parseConfigText(
    "notes: mine\nmcp:\n  servers:\n    - {name: a, command: x, env: {ANY_NAME: '1'}}\n",
  );
  assertEquals(warnings, ["Unknown key notes (line 1) is ignored"]);
});

Deno.test("config: each problem is reported once (a dangling roles.chat, a typo beside a bad value)", () => {
  const dangling = assertThrows(() => parseConfigText("roles:\n  chat: nothing\n"), ConfigError);
  assertEquals(dangling.problems, ['roles.chat (line 2): "nothing" is not the name of any models[] entry']);
  const both = assertThrows(
    () => parseConfigText("web:\n  prot: 1\n  port: 0\nroles:\n  chat: x\n"),
    ConfigError,
  );
  assertEquals(both.problems.length, 3, both.problems.join("\n"));
  assertEquals(new Set(both.problems).size, 3);
});

Deno.test("config: a wrong fixed value suggests the right one", () => {
  const error = assertThrows(
    () => parseConfigText("models:\n  - name: a\n    provider: openia\n    model: m\n"),
    ConfigError,
  );
  assertEquals(error.problems.length, 1);
  assert(error.problems[0].startsWith("models[0].provider (line 3): "), error.problems[0]);
  assert(error.problems[0].endsWith('did you mean "openai"?'), error.problems[0]);
});

Deno.test("config: YAML errors are reported once per line", () => {
  const error = assertThrows(
    () => parseConfigText("web:\n  port: [1, 2\n  host: {a\nroles: x: y\n"),
    ConfigError,
  );
  const lines = error.problems.map((problem) => problem.match(/^line (\d+)/)?.[1]);
  assertEquals(lines.length, new Set(lines).size, error.problems.join("\n"));
  assert(error.problems.length >= 1);
});

Deno.test("config: an unsandboxed shell without a password is an error (its commands could answer approvals)", () => {
  const error = assertThrows(
    () => parseConfigText("tools:\n  allow_unsandboxed_shell: true\n"),
    ConfigError,
  );
  assertEquals(error.problems.length, 1, error.problems.join("\n"));
  assert(error.problems[0].startsWith("tools.allow_unsandboxed_shell"), error.problems[0]);
  assert(error.problems[0].includes("web.password_hash"), error.problems[0]);
  const { config } = parseConfigText(
    `tools:\n  allow_unsandboxed_shell: true\nweb:\n  password_hash: "${"$2a$04$" + "a".repeat(53)}"\n`,
  );
  assertEquals(config.tools.allow_unsandboxed_shell, true);
});
