/** Real sub-agent child processes: their permission flags (model host only, the engine's port denied, no files,
 * environment or programs), a whole task run against the scripted LLM, and exit when the engine goes away. */
import { assert, assertEquals, assertThrows } from "../../support/assert.ts";
import {
  childPermissionFlags,
  engineAddresses,
  modelHost,
} from "../../../src/engine/sub_agents/child_flags.ts";
import { createChildSpawner } from "../../../src/engine/sub_agents/child_spawner.ts";
import { startFakeLlm } from "../../support/fake_llm.ts";
import { fromFileUrl } from "../../support/paths.ts";

const PROBE = fromFileUrl(new URL("../../support/permission_probe.ts", import.meta.url));
const CHILD_MAIN = fromFileUrl(new URL("../../../src/engine/sub_agents/child_main.ts", import.meta.url));
const CONFIG = fromFileUrl(new URL("../../../deno.json", import.meta.url));

Deno.test("child flags allow only the model's host and deny every spelling of the engine's address", () => {
  const entry = { name: "m", provider: "openai" as const, model: "x", base_url: "http://127.0.0.1:4100/v1" };
  const flags = childPermissionFlags(entry, { host: "", port: 3100 });
  assert(flags.includes("--allow-net=127.0.0.1:4100"), flags.join(" "));
  assert(flags.includes("--no-prompt"));
  const deny = flags.find((flag) => flag.startsWith("--deny-net="))!;
  for (const address of ["127.0.0.1:3100", "localhost:3100", "[::1]:3100"]) {
    assert(deny.includes(address), deny);
  }
  assert(!flags.some((flag) => /^--allow-(read|write|env|run|sys|ffi|all)/.test(flag)), flags.join(" "));
  assertEquals(modelHost({ provider: "anthropic" }), "api.anthropic.com");
  assertEquals(engineAddresses({ host: "10.0.0.5", port: 3100 }).includes("10.0.0.5:3100"), true);
});

Deno.test("no child is started for a model whose endpoint is the engine itself", () => {
  const entry = {
    name: "loop",
    provider: "openai" as const,
    model: "x",
    base_url: "http://localhost:3100/v1",
  };
  assertThrows(() => childPermissionFlags(entry, { host: "", port: 3100 }), Error, "engine's own address");
});

Deno.test("a process with a child's flags reaches its model but not the engine, files, environment or programs", async () => {
  const llm = await startFakeLlm();
  const engine = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response("engine"),
  );
  try {
    const llmUrl = new URL(llm.url);
    const flags = childPermissionFlags(
      { name: "m", provider: "openai", model: "x", base_url: llm.url },
      { host: "", port: engine.addr.port },
    );
    const plan = {
      fetch: [
        `${llm.url}/models`,
        `http://127.0.0.1:${engine.addr.port}/api/status`,
        `http://localhost:${engine.addr.port}/`,
      ],
      read: ["/etc/hostname", CONFIG],
      env: ["HOME"],
      run: ["sh"],
    };
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", ...flags, PROBE, JSON.stringify(plan)],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const outcome = JSON.parse(new TextDecoder().decode(output.stdout));
    assertEquals(outcome, {
      [`fetch ${llm.url}/models`]: "allowed",
      [`fetch http://127.0.0.1:${engine.addr.port}/api/status`]: "denied",
      [`fetch http://localhost:${engine.addr.port}/`]: "denied",
      "read /etc/hostname": "denied",
      [`read ${CONFIG}`]: "denied",
      "env HOME": "denied",
      "run sh": "denied",
    });
    assert(llmUrl.port !== String(engine.addr.port));
  } finally {
    await engine.shutdown();
    await llm.close();
  }
});

Deno.test("a real child runs a task against the scripted LLM, proposing its call to the engine", async () => {
  const llm = await startFakeLlm();
  llm.enqueue(
    { text: "Reading.", toolCalls: [{ name: "read_file", arguments: { path: "a.txt" } }] },
    { text: "The file says hi." },
  );
  const model = { name: "fake", provider: "openai" as const, model: "fake-model", base_url: llm.url };
  const child = createChildSpawner({ engine: () => ({ host: "", port: 1 }), env: {} }).spawn(
    model,
    "sa_test",
  );
  try {
    await child.send({
      type: "start",
      task: "Read a.txt",
      system_prompt: "You are a sub-agent.",
      model,
      api_key: "child-key",
      tools: [{ name: "read_file", description: "Read", parameters: { type: "object" } }],
      max_rounds: 5,
      max_response_tokens: 100,
    });
    const seen: string[] = [];
    for await (const event of child.events()) {
      assert("message" in event, JSON.stringify(event));
      seen.push(event.message.type);
      if (event.message.type === "tool_call") {
        await child.send({
          type: "tool_result",
          call_id: event.message.call_id,
          content: "hi",
          is_error: false,
        });
      }
      if (event.message.type === "done") {
        assertEquals(event.message.content, "The file says hi.");
        break;
      }
    }
    assertEquals(seen.filter((type) => type !== "token"), [
      "ready",
      "round",
      "usage",
      "assistant",
      "tool_call",
      "round",
      "usage",
      "done",
    ]);
    assertEquals(llm.requests[0].headers.authorization, "Bearer child-key");
  } finally {
    child.kill();
    await llm.close();
  }
});

Deno.test("a child exits by itself when its stdin closes (the engine died)", async () => {
  const process = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--config", CONFIG, CHILD_MAIN],
    stdin: "piped",
    stdout: "null",
    stderr: "null",
  }).spawn();
  await process.stdin.close();
  const status = await process.status;
  assertEquals(status.code, 0);
});
