import { assert, assertEquals } from "../support/assert.ts";
import { compare } from "bcrypt-ts";
import { parse } from "yaml";
import { startFakeLlm } from "../support/fake_llm.ts";
import { TmuxTerminal } from "../support/tmux.ts";
import { fromFileUrl } from "../support/paths.ts";
import { DEFAULT_CONFIG_YAML } from "../../src/config/default_config.ts";
import { parseConfigText } from "../../src/config/load_config.ts";

const MAIN = fromFileUrl(new URL("../../main.ts", import.meta.url));

Deno.test("init on a terminal: asks provider, URL, key variable and model, test-calls it, sets a password", async () => {
  const llm = await startFakeLlm();
  const folder = await Deno.makeTempDir();
  const path = `${folder}/config.yaml`;
  const terminal = await TmuxTerminal.start([Deno.execPath(), "run", "-A", MAIN, "init", "--config", path], {
    env: { WIZARD_KEY: "wizard-secret-1" },
  });
  try {
    await terminal.waitFor("Choice: [1]");
    await terminal.line("2");
    await terminal.waitFor("Base URL of its OpenAI-compatible API:");
    await terminal.line(llm.url);
    await terminal.waitFor("(Enter for none):");
    await terminal.line("WIZARD_KEY");
    await terminal.waitFor("Model id: [fake-model]");
    await terminal.press("Enter");
    await terminal.waitFor("It answered:");
    await terminal.waitFor("Set a web UI password");
    await terminal.line("y");
    await terminal.waitFor("Password (at least 8 characters):");
    await terminal.line("correct horse");
    await terminal.waitFor("Again:");
    await terminal.line("correct horse");
    await terminal.waitFor("Listen on every network interface");
    await terminal.line("n");
    const screen = await terminal.waitFor("Workspace ready at");
    assert(!screen.includes("correct horse"), "the password is never echoed");
    assertEquals(await terminal.waitForExit(), 0);

    const text = await Deno.readTextFile(path);
    const { config, warnings } = parseConfigText(text);
    assertEquals(warnings, []);
    assertEquals(config.roles.chat, "local");
    assertEquals(config.models, [{
      name: "local",
      provider: "openai",
      model: "fake-model",
      api_key_env: "WIZARD_KEY",
      base_url: llm.url,
    }]);
    assert(await compare("correct horse", config.web.password_hash!), "the hash is of the password typed");
    assertEquals(config.web.host, "");
    assert(!text.includes("wizard-secret-1"), "the key itself never goes in the file");
    // Everything but the model block and the two edited keys is the default text, comments included.
    assert(
      text.includes(
        DEFAULT_CONFIG_YAML.slice(DEFAULT_CONFIG_YAML.indexOf("shield:\n"), -1).split("\nweb:")[0],
      ),
    );
    const chat = llm.requests.find((request) => request.path.endsWith("/chat/completions"));
    assertEquals(chat?.headers.authorization, "Bearer wizard-secret-1");
    assertEquals(chat?.body.model, "fake-model");
  } finally {
    await terminal.close();
    await llm.close();
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("init on a terminal adds the model to an existing config and keeps its other lines", async () => {
  const llm = await startFakeLlm();
  const folder = await Deno.makeTempDir();
  const path = `${folder}/config.yaml`;
  const before =
    "# mine\nmodels:\n  - name: local   # my first\n    provider: ollama\n    model: x\nroles:\n  chat: local\n";
  await Deno.writeTextFile(path, before);
  const terminal = await TmuxTerminal.start([Deno.execPath(), "run", "-A", MAIN, "init", "--config", path]);
  try {
    await terminal.waitFor("Choice: [1]");
    await terminal.line("2");
    await terminal.waitFor("Base URL");
    await terminal.line(llm.url);
    await terminal.waitFor("(Enter for none):");
    await terminal.press("Enter");
    await terminal.waitFor("Model id:");
    await terminal.press("Enter");
    await terminal.waitFor("Set a web UI password");
    await terminal.line("n");
    await terminal.waitFor("Workspace ready at");
    const text = await Deno.readTextFile(path);
    assert(
      text.startsWith("# mine\nmodels:\n  - name: local   # my first\n    provider: ollama\n    model: x\n"),
      text,
    );
    const parsed = parse(text);
    assertEquals(parsed.roles.chat, "local2");
    assertEquals(parsed.models[1], {
      name: "local2",
      provider: "openai",
      model: "fake-model",
      base_url: llm.url,
    });
  } finally {
    await terminal.close();
    await llm.close();
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("init without a terminal asks nothing and writes the default config", async () => {
  const folder = await Deno.makeTempDir();
  try {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, "init", "--config", `${folder}/config.yaml`],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    assertEquals(output.code, 0, new TextDecoder().decode(output.stderr));
    assertEquals(await Deno.readTextFile(`${folder}/config.yaml`), DEFAULT_CONFIG_YAML);
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});
