import { assert, assertEquals } from "../support/assert.ts";
import { startAgentRig, turnTypes } from "./agent_support.ts";

Deno.test("agent turn: streamed text, event order and payloads, persisted messages", async () => {
  const rig = await startAgentRig();
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    rig.llm.enqueue({
      text: ["Hello", ", ", "world", "!"],
      usage: { prompt_tokens: 50, completion_tokens: 4 },
    });
    client.send({ type: "message", session_id: sessionId, content: "Say hello" });
    const done = await client.waitFor("response_complete");
    assertEquals(turnTypes(client), [
      "llm_token",
      "llm_token",
      "llm_token",
      "llm_token",
      "response_complete",
    ]);
    const tokens = client.ofType("llm_token");
    assertEquals(tokens.map((event) => event.data!.token).join(""), "Hello, world!");
    for (const event of tokens) {
      assertEquals(event.session_id, sessionId);
      assertEquals(typeof event.timestamp, "number");
      assertEquals(Object.keys(event.data!).sort(), ["message_id", "token"]);
      assertEquals(event.data!.message_id, done.data!.message_id);
    }
    assertEquals(done.data!.content, "Hello, world!");
    assertEquals(done.data!.token_usage, { input_tokens: 50, output_tokens: 4, total_tokens: 54 });
    assert(Array.isArray(done.data!.thoughts));

    const request = rig.llm.requests.at(-1)!;
    assertEquals(request.path, "/v1/chat/completions");
    assertEquals(request.body.stream, true);
    assertEquals(request.body.messages[0].role, "system");
    assertEquals(request.body.messages.at(-1), { role: "user", content: "Say hello" });
    assert(
      request.body.tools.some((tool: { function: { name: string } }) => tool.function.name === "write_file"),
    );
    assertEquals(request.headers.authorization, "Bearer test-key");

    const messages = await rig.messages(sessionId);
    assertEquals(messages.map((message) => message.role), ["user", "assistant"]);
    assertEquals(messages[1].message_id, done.data!.message_id);
    assertEquals(messages[1].content, "Hello, world!");
    assertEquals(messages[1].token_usage, { input_tokens: 50, output_tokens: 4, total_tokens: 54 });
    const session = await (await fetch(`${rig.engine.url}/api/sessions/${sessionId}`)).json();
    assertEquals(session.title, "Say hello");
  } finally {
    await rig.close();
  }
});

Deno.test("agent turn: a tool call runs through the pipeline and its result reaches disk and the model", async () => {
  const rig = await startAgentRig();
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    rig.llm.enqueue(
      {
        toolCalls: [{
          id: "call_1",
          name: "write_file",
          arguments: { path: "notes/todo.md", content: "- buy milk\n" },
        }],
        text: "Writing it.",
      },
      { text: "Saved your list." },
    );
    client.send({ type: "message", session_id: sessionId, content: "Save my todo list" });
    const done = await client.waitFor("response_complete");
    const types = turnTypes(client).filter((type) => type !== "llm_token");
    assertEquals(types, ["action_started", "shield_verdict", "action_completed", "response_complete"]);
    const order = turnTypes(client);
    assert(
      order.indexOf("llm_token") < order.indexOf("action_started"),
      "text before the call streams first",
    );
    assertEquals(order.at(-2), "llm_token");

    const started = client.ofType("action_started")[0].data!;
    assertEquals(started.tool_name, "write_file");
    assertEquals(started.arguments, { path: "notes/todo.md", content: "- buy milk\n" });
    assertEquals(typeof started.action_id, "string");
    const verdict = client.ofType("shield_verdict")[0].data!;
    assertEquals(verdict.action_id, started.action_id);
    assertEquals(verdict.decision, "ALLOW");
    assertEquals(typeof verdict.tier, "number");
    assertEquals(typeof verdict.reason, "string");
    assert(Array.isArray(verdict.tier_results) && (verdict.tier_results as unknown[]).length > 0);
    for (const result of verdict.tier_results as Record<string, unknown>[]) {
      assertEquals(Object.keys(result).sort(), ["decision", "reason", "tier"]);
    }
    const completed = client.ofType("action_completed")[0].data!;
    assertEquals(completed.action_id, started.action_id);
    assertEquals(completed.tool_name, "write_file");
    assertEquals(completed.is_error, false);
    assertEquals(typeof completed.result, "string");
    assert(Number.isInteger(completed.duration_ms));

    assertEquals(await Deno.readTextFile(`${rig.engine.workspace}/notes/todo.md`), "- buy milk\n");
    const thoughts = done.data!.thoughts as { stage: string; detail?: Record<string, unknown> }[];
    const toolThought = thoughts.find((thought) => thought.stage === "tool_call")!;
    assertEquals(toolThought.detail!.tool_name, "write_file");
    assertEquals(toolThought.detail!.success, true);
    assert(thoughts.some((thought) => thought.stage === "reasoning"));

    const second = rig.llm.requests.at(-1)!.body.messages;
    const toolMessage = second.find((message: { role: string }) => message.role === "tool");
    assertEquals(toolMessage.tool_call_id, "call_1");
    const messages = await rig.messages(sessionId);
    assertEquals(messages.map((message) => message.role), ["user", "assistant", "tool", "assistant"]);
    assertEquals((messages[1].tool_calls as { name: string }[])[0].name, "write_file");
    assertEquals(messages[2].tool_call_id, "call_1");
    assertEquals(messages[2].action_id, started.action_id);
    const outcome = messages[2].tool_outcome as Record<string, unknown>;
    assertEquals(outcome.decision, "ALLOW");
    assertEquals(outcome.tier, verdict.tier);
    assertEquals(outcome.is_error, false);
    assertEquals(outcome.duration_ms, completed.duration_ms);
  } finally {
    await rig.close();
  }
});

Deno.test("agent turn: an OTR session refuses writes with otr_blocked and leaves nothing behind", async () => {
  const rig = await startAgentRig();
  try {
    const sessionId = await rig.newSession("otr");
    const client = await rig.connect(sessionId);
    rig.llm.enqueue(
      { toolCalls: [{ name: "write_file", arguments: { path: "secret.txt", content: "private" } }] },
      { toolCalls: [{ name: "execute_command", arguments: { command: "touch made-by-shell" } }] },
      { text: "I cannot write in this session." },
    );
    client.send({ type: "message", session_id: sessionId, content: "Write my secret down" });
    await client.waitFor("response_complete");
    const blocked = client.ofType("otr_blocked");
    assertEquals(blocked.map((event) => event.data!.tool_name), ["write_file", "execute_command"]);
    assertEquals(typeof blocked[0].data!.reason, "string");
    assertEquals(client.ofType("action_completed").length, 0);
    await Deno.stat(`${rig.engine.workspace}/secret.txt`).then(
      () => assert(false, "file must not exist"),
      () => {},
    );
    await Deno.stat(`${rig.engine.workspace}/made-by-shell`).then(
      () => assert(false, "file must not exist"),
      () => {},
    );
    const log = await Deno.readTextFile(`${rig.engine.workspace}/.engine/logs/engine.log`);
    assert(!log.includes("Write my secret down") && !log.includes("private"), "no OTR content in logs");
    const audit = await Deno.readTextFile(`${rig.engine.workspace}/.engine/audit.jsonl`);
    assert(!audit.includes("secret.txt") && !audit.includes("made-by-shell"), "no OTR targets in audit");
    for (const file of ["engine.db", "engine.db-wal"]) {
      const bytes = await Deno.readFile(`${rig.engine.workspace}/.engine/${file}`).catch(() =>
        new Uint8Array()
      );
      assert(!new TextDecoder().decode(bytes).includes("Write my secret down"), `no OTR text in ${file}`);
    }
  } finally {
    await rig.close();
  }
});
