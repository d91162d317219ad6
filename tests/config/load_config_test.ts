import { assert, assertEquals, assertRejects, assertThrows } from "../support/assert.ts";
import { loadConfig, parseConfigText } from "../../src/config/load_config.ts";
import { DEFAULT_CONFIG_YAML } from "../../src/config/default_config.ts";
import { ConfigError } from "../../src/lib/errors.ts";

Deno.test("config: the default text parses with every spec default", () => {
  const { config, warnings } = parseConfigText(DEFAULT_CONFIG_YAML);
  assertEquals(warnings, []);
  assertEquals(config.web.port, 3100);
  assertEquals(config.web.host, "");
  assertEquals(config.shield.onnx_threshold, 0.85);
  assertEquals(config.shield.tier3, { max_per_hour: 10, timeout_seconds: 300 });
  assertEquals(config.agents.max_tool_rounds, 25);
  assertEquals(config.agents.context_window, 128000);
  assertEquals(config.agents.compaction_threshold, 70);
  assertEquals(config.general, {
    fail_closed: true,
    rate_limit: 30,
    verdict_ttl_seconds: 60,
    daily_budget: 100,
    output_sanitization: false,
  });
  assertEquals(config.chronicle, { max_snapshots: 100, max_age_days: 30 });
  assertEquals(config.security.ifc_policy, "security/ifc/default.yaml");
  assertEquals(config.workspace, "./workspace");
});

Deno.test("config: an empty file gets every default", () => {
  const { config } = parseConfigText("");
  assertEquals(config.shield.policy_file, "security/shield/default.yaml");
  assertEquals(config.shield.classifier_skip_types.length, 7);
  assertEquals(config.agents.crash_restart_budget, 5);
  assertEquals(config.identity.name, "Parapet");
  // A workspace of its own by default, never the config file's folder.
  assertEquals(config.workspace, "./workspace");
});

Deno.test("config.example.yaml is the same text as the default written on first start", async () => {
  assertEquals(
    await Deno.readTextFile(new URL("../../config.example.yaml", import.meta.url)),
    DEFAULT_CONFIG_YAML,
  );
});

Deno.test("config: every problem is listed with key path and line", () => {
  const text = [
    "models:",
    "  - name: a",
    "    provider: openia",
    "    model: gpt",
    "roles:",
    "  chat: missing",
    "shield:",
    "  onnx_threshold: 1.5",
    "agents:",
    "  compaction_threshold: 101",
    "web:",
    "  port: 70000",
  ].join("\n");
  const error = assertThrows(() => parseConfigText(text), ConfigError);
  const problems = error.problems.join("\n");
  assert(problems.includes("models[0].provider (line 3)"), problems);
  assert(problems.includes("shield.onnx_threshold (line 8)"), problems);
  assert(problems.includes("agents.compaction_threshold (line 10)"), problems);
  assert(problems.includes("web.port (line 12)"), problems);
  assert(problems.includes('roles.chat (line 6): "missing" is not the name'), problems);
});

Deno.test("config: unknown keys are warnings with their line", () => {
  const { warnings } = parseConfigText("web:\n  port: 3100\n  colour: blue\nfrobnicate: 1\n");
  assertEquals(warnings, [
    "Unknown key web.colour (line 3) is ignored",
    "Unknown key frobnicate (line 4) is ignored",
  ]);
});

Deno.test("config: invalid YAML names the line", () => {
  const error = assertThrows(() => parseConfigText("web:\n  port: [1,\n"), ConfigError);
  assert(error.problems.some((problem) => /line \d/.test(problem)), error.problems.join("\n"));
});

Deno.test("config: a missing file is written with the commented default and loaded", async () => {
  const folder = await Deno.makeTempDir();
  try {
    const loaded = await loadConfig(`${folder}/config.yaml`);
    assert(loaded.created);
    // The workspace and the policies resolve against the config file's folder, side by side.
    assertEquals(loaded.workspace, `${folder}/workspace`);
    assertEquals(loaded.policyFile, `${folder}/security/shield/default.yaml`);
    assertEquals(loaded.learnedRulesFile, `${folder}/security/shield/learned.yaml`);
    assertEquals(loaded.ifcPolicyFile, `${folder}/security/ifc/default.yaml`);
    assertEquals(await Deno.readTextFile(`${folder}/config.yaml`), DEFAULT_CONFIG_YAML);
    const again = await loadConfig(`${folder}/config.yaml`);
    assertEquals(again.created, false);
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("config: a directory where the file should be is a clear error", async () => {
  const folder = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${folder}/config.yaml`);
    await assertRejects(() => loadConfig(`${folder}/config.yaml`), ConfigError, "Cannot read");
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("config: roles.embedding cannot point at an anthropic model", () => {
  const text = "models:\n  - {name: claude, provider: anthropic, model: x}\nroles:\n  embedding: claude\n";
  const error = assertThrows(() => parseConfigText(text), ConfigError);
  assert(
    error.problems.some((problem) => problem.includes("roles.embedding") && problem.includes("anthropic")),
  );
});
