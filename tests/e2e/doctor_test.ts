import { assert, assertEquals } from "../support/assert.ts";
import { startFakeLlm } from "../support/fake_llm.ts";
import { freePort } from "../support/engine_harness.ts";
import { fromFileUrl } from "../support/paths.ts";
import { stringify } from "yaml";

const MAIN = fromFileUrl(new URL("../../main.ts", import.meta.url));

async function doctor(folder: string, config: Record<string, unknown>, env: Record<string, string> = {}) {
  await Deno.writeTextFile(`${folder}/config.yaml`, stringify(config));
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "doctor", "--config", `${folder}/config.yaml`, "--timeout", "2"],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...env },
  }).output();
  const decoder = new TextDecoder();
  const stdout = decoder.decode(output.stdout);
  const line = (name: string) =>
    stdout.split("\n").find((text) => text.slice(6).startsWith(`${name} `)) ?? "";
  return { code: output.code, stdout, stderr: decoder.decode(output.stderr), line };
}

Deno.test("doctor: a reachable model, its key and a sane setup pass; exit 0", async () => {
  const llm = await startFakeLlm();
  const folder = await Deno.makeTempDir();
  try {
    const result = await doctor(folder, {
      workspace: "./workspace",
      web: { port: freePort() },
      models: [{
        name: "fake",
        provider: "openai",
        model: "fake-model",
        base_url: llm.url,
        api_key_env: "DOC_KEY",
      }],
      roles: { chat: "fake" },
    }, { DOC_KEY: "secret-value-123" });
    assertEquals(result.code, 0, result.stdout + result.stderr);
    assert(result.line("model fake").startsWith("ok"), result.stdout);
    assert(result.line("model fake").includes("fake (openai fake-model, chat): Answered in"), result.stdout);
    assert(result.line("key DOC_KEY").startsWith("ok"), result.stdout);
    assert(result.line("config").startsWith("ok"), result.stdout);
    assert(result.line("port").startsWith("ok"), result.stdout);
    assert(result.line("workspace").includes("will be created"), result.stdout);
    assert(!result.stdout.includes("secret-value-123"), "key values are never printed");
    assertEquals(llm.requests.map((request) => `${request.method} ${request.path}`), ["GET /v1/models"]);
    assertEquals(llm.requests[0].headers.authorization, "Bearer secret-value-123");
  } finally {
    await llm.close();
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("doctor: an unreachable model, a silent one, a missing key and an unknown model id fail with fixes", async () => {
  const llm = await startFakeLlm();
  const silent = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const held: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const connection of silent) held.push(connection);
  })();
  const closedPort = freePort();
  const folder = await Deno.makeTempDir();
  try {
    const silentUrl = `http://127.0.0.1:${(silent.addr as Deno.NetAddr).port}/v1`;
    const result = await doctor(folder, {
      workspace: "./workspace",
      web: { port: freePort() },
      models: [
        { name: "gone", provider: "openai", model: "m", base_url: `http://127.0.0.1:${closedPort}/v1` },
        { name: "mute", provider: "openai", model: "m", base_url: silentUrl },
        {
          name: "nokey",
          provider: "openai",
          model: "fake-model",
          base_url: llm.url,
          api_key_env: "ABSENT_KEY",
        },
        { name: "typo", provider: "openai", model: "fake-modle", base_url: llm.url },
      ],
      roles: { chat: "gone", shield: "mute", embedding: "nokey", sub_agent: "typo" },
    });
    assertEquals(result.code, 1, result.stdout + result.stderr);
    const gone = result.line("model gone");
    assert(gone.startsWith("FAIL"), result.stdout);
    assert(gone.includes(`Cannot reach http://127.0.0.1:${closedPort}/v1/models`), gone);
    assert(gone.includes('fix: check base_url of "gone"'), gone);
    const mute = result.line("model mute");
    assert(mute.includes(`No answer from ${silentUrl}/models within 2 s`), mute);
    assert(result.line("key ABSENT_KEY").startsWith("FAIL"), result.stdout);
    assert(result.line("model nokey").includes('"ABSENT_KEY" is not set'), result.stdout);
    assert(
      result.line("model typo").includes('has no model "fake-modle" (it has fake-model)'),
      result.stdout,
    );
    assert(result.stdout.trim().endsWith("checks failed."), result.stdout);
  } finally {
    silent.close();
    await accepting.catch(() => {});
    for (const connection of held) connection.close();
    await llm.close();
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("doctor: an invalid config and a busy port are failures, a missing config a warning", async () => {
  const folder = await Deno.makeTempDir();
  const blocker = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const port = (blocker.addr as Deno.NetAddr).port;
    const bad = await doctor(folder, { web: { port, prot: 1 } });
    assertEquals(bad.code, 1);
    assert(bad.line("config").includes('did you mean "port"?'), bad.stdout);
    const busy = await doctor(folder, { workspace: "./w", web: { port } });
    assert(busy.line("port").startsWith("FAIL"), busy.stdout);
    assert(busy.line("port").includes("in use by another program"), busy.stdout);
    await Deno.remove(`${folder}/config.yaml`);
    const missing = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, "doctor", "--config", `${folder}/config.yaml`],
      stdout: "piped",
      env: { NO_COLOR: "1" },
    }).output();
    const text = new TextDecoder().decode(missing.stdout);
    assert(text.startsWith("warn  config"), text);
    await Deno.stat(`${folder}/config.yaml`).then(() => assert(false, "doctor writes nothing"), () => {});
  } finally {
    blocker.close();
    await Deno.remove(folder, { recursive: true });
  }
});
