/** The sub-agent manager with scripted children: the tool-call bridge into the parent's session, limits,
 * cancellation, and a child that breaks the protocol. */
import { assert, assertEquals, assertRejects, assertThrows } from "../../support/assert.ts";
import { ToolError } from "../../../src/lib/errors.ts";
import { finished, managerRig } from "./_manager_rig.ts";

const readCall = { id: "c1", name: "read_file", arguments: '{"path":"a.txt"}' };

Deno.test("a sub-agent's calls run in the parent's session and its transcript lands in its own session", async () => {
  const rig = await managerRig();
  try {
    const parent = rig.sessions.create().id;
    const created = await rig.manager.create(parent, { task: "Read a.txt and report" });
    const child = rig.spawner.children[0];
    const start = await child.nextReceived("start");
    assert(start.type === "start");
    assertEquals([start.task, start.api_key, start.max_rounds], ["Read a.txt and report", "secret-key", 20]);
    assertEquals(start.tools.map((tool) => tool.name), ["read_file"]);

    child.push({ type: "ready" });
    child.push({ type: "round", round: 1 });
    child.push({ type: "assistant", content: "Reading.", tool_calls: [readCall] });
    child.push({ type: "tool_call", call_id: "c1" });
    const result = await child.nextReceived("tool_result");
    assertEquals(result, { type: "tool_result", call_id: "c1", content: "tool output", is_error: false });
    const [call, context] = rig.calls[0];
    assertEquals(call.name, "read_file");
    assertEquals([context.sessionId, context.agentId, context.otr], [parent, created.id, false]);
    assertEquals([...context.offered], ["read_file"]);

    child.push({ type: "round", round: 2 });
    child.push({ type: "done", content: "a.txt says hello" });
    const answer = await finished(rig, parent, created.id);
    assertEquals([answer.state, answer.result, answer.rounds_used], ["completed", "a.txt says hello", 2]);
    assert(child.killed, "the child's process group is ended once it finished");
    const transcript = rig.sessions.messages(created.child_session_id).map((message) => message.role);
    assertEquals(transcript, ["user", "assistant", "tool", "assistant"]);
    const updates = rig.events.filter((event) => event.type === "sub_agent_update");
    assert(updates.every((event) => event.session_id === parent), "progress goes to the parent's clients");
    assertEquals(updates.at(-1)?.data.state, "completed");
    assertEquals(rig.audit.map((entry) => entry.event), ["sub_agent_started", "sub_agent_finished"]);
    assertEquals(rig.store.get(created.id)?.state, "completed");
  } finally {
    await rig.close();
  }
});

Deno.test("the sub-agent past the concurrency limit is a tool error until one finishes", async () => {
  const rig = await managerRig({ maxConcurrent: 2 });
  try {
    const parent = rig.sessions.create().id;
    const first = await rig.manager.create(parent, { task: "one" });
    await rig.manager.create(parent, { task: "two" });
    const refused = await assertRejects(() => rig.manager.create(parent, { task: "three" }), ToolError);
    assert(refused.message.includes("2 of 2 are running"), refused.message);
    assertEquals(rig.spawner.children.length, 2, "no process was started for the refused one");
    rig.spawner.children[0].push({ type: "done", content: "done" });
    await finished(rig, parent, first.id);
    await rig.manager.create(parent, { task: "three" });
    assertEquals(rig.manager.active().length, 2);
  } finally {
    await rig.close();
  }
});

Deno.test("a child past the round limit is stopped and reports why", async () => {
  const rig = await managerRig({ maxRounds: 2 });
  try {
    const parent = rig.sessions.create().id;
    const agent = await rig.manager.create(parent, { task: "loop" });
    const child = rig.spawner.children[0];
    child.push({ type: "round", round: 1 });
    child.push({ type: "round", round: 2 });
    // A child that ignores its own limit is stopped by the engine.
    child.push({ type: "round", round: 3 });
    const answer = await finished(rig, parent, agent.id);
    assertEquals(answer.state, "round_limit");
    assert(String(answer.reason).includes("2 LLM rounds"), String(answer.reason));
    assert(child.killed);
  } finally {
    await rig.close();
  }
});

Deno.test("a child that reports its round limit ends in round_limit", async () => {
  const rig = await managerRig({ maxRounds: 1 });
  try {
    const parent = rig.sessions.create().id;
    const agent = await rig.manager.create(parent, { task: "loop" });
    const child = rig.spawner.children[0];
    child.push({ type: "round", round: 1 });
    child.push({ type: "assistant", content: "More.", tool_calls: [readCall] });
    child.push({ type: "failed", code: "ROUND_LIMIT", message: "Used all 1 LLM rounds" });
    const answer = await finished(rig, parent, agent.id);
    assertEquals([answer.state, answer.result], ["round_limit", "More."]);
  } finally {
    await rig.close();
  }
});

Deno.test("a child over its time limit is killed; a per-spawn timeout never exceeds the configured one", async () => {
  const rig = await managerRig({ timeoutSeconds: 1 });
  try {
    const parent = rig.sessions.create().id;
    const agent = await rig.manager.create(parent, { task: "hang", timeout: 3600 });
    assertEquals(agent.timeout_seconds, 1);
    const answer = await finished(rig, parent, agent.id);
    assertEquals(answer.state, "timed_out");
    assert(String(answer.reason).includes("1 s"), String(answer.reason));
    assert(rig.spawner.children[0].killed);
  } finally {
    await rig.close();
  }
});

for (
  const [label, lines] of [
    ["a call it never announced", [{ type: "tool_call", call_id: "forged" }]],
    ["a malformed line", [{ invalid: "Line is not JSON" }]],
    ["a round out of order", [{ type: "round", round: 5 }]],
    ["the same call twice", [
      { type: "assistant", content: "", tool_calls: [readCall] },
      { type: "tool_call", call_id: "c1" },
      { type: "tool_call", call_id: "c1" },
    ]],
  ] as const
) {
  Deno.test(`a child that sends ${label} is stopped for breaking the protocol`, async () => {
    const rig = await managerRig();
    try {
      const parent = rig.sessions.create().id;
      const agent = await rig.manager.create(parent, { task: "misbehave" });
      const child = rig.spawner.children[0];
      for (const line of lines) child.push(line as never);
      const answer = await finished(rig, parent, agent.id);
      assertEquals(answer.state, "failed");
      assert(String(answer.reason).includes("breaking the protocol"), String(answer.reason));
      assert(rig.calls.length <= 1, "a forged or repeated call never reaches the pipeline");
      assert(child.killed);
    } finally {
      await rig.close();
    }
  });
}

Deno.test("a child whose process ends without a result is failed", async () => {
  const rig = await managerRig();
  try {
    const parent = rig.sessions.create().id;
    const agent = await rig.manager.create(parent, { task: "crash" });
    rig.spawner.children[0].exit();
    const answer = await finished(rig, parent, agent.id);
    assertEquals(answer.state, "failed");
    assert(String(answer.reason).includes("ended without a result"));
  } finally {
    await rig.close();
  }
});

Deno.test("deleting the parent session kills its children and forgets them", async () => {
  const rig = await managerRig();
  try {
    const parent = rig.sessions.create().id;
    const agent = await rig.manager.create(parent, { task: "work" });
    rig.manager.sessionDeleted(parent);
    assert(rig.spawner.children[0].killed);
    assertEquals(rig.manager.active(), []);
    assertEquals(rig.store.get(agent.id), undefined);
  } finally {
    await rig.close();
  }
});

Deno.test("delete_agent cancels a running child and removes it; another session cannot see it", async () => {
  const rig = await managerRig();
  try {
    const parent = rig.sessions.create().id;
    const other = rig.sessions.create().id;
    const agent = await rig.manager.create(parent, { task: "work" });
    assertThrows(() => rig.manager.status(other, agent.id), ToolError, "No sub-agent");
    assertThrows(() => rig.manager.delete(other, agent.id), ToolError);
    assert(!rig.spawner.children[0].killed, "another session's delete did nothing");
    const deleted = rig.manager.delete(parent, agent.id);
    assertEquals(deleted.state, "cancelled");
    assert(rig.spawner.children[0].killed);
    assertEquals(rig.manager.list(parent), []);
  } finally {
    await rig.close();
  }
});

Deno.test("agent_message reaches a running child; a finished one reads no messages", async () => {
  const rig = await managerRig();
  try {
    const parent = rig.sessions.create().id;
    const agent = await rig.manager.create(parent, { task: "work" });
    const child = rig.spawner.children[0];
    await rig.manager.message(parent, agent.id, "Also check b.txt");
    assertEquals(await child.nextReceived("message"), { type: "message", content: "Also check b.txt" });
    child.push({ type: "done", content: "ok" });
    await finished(rig, parent, agent.id);
    await assertRejects(() => rig.manager.message(parent, agent.id, "more"), ToolError, "has finished");
  } finally {
    await rig.close();
  }
});

Deno.test("an OTR parent's children are not written to the database and their session is OTR", async () => {
  const rig = await managerRig();
  try {
    const parent = rig.sessions.create("otr").id;
    const agent = await rig.manager.create(parent, { task: "secret work" });
    assertEquals(rig.store.get(agent.id), undefined);
    assertEquals(rig.sessions.get(agent.child_session_id).mode, "otr");
    assertEquals(rig.manager.list(parent).map((item) => item.id), [agent.id]);
    const started = rig.audit.find((entry) => entry.event === "sub_agent_started");
    assertEquals(started?.details, { agent_id: agent.id });
  } finally {
    await rig.close();
  }
});

Deno.test("children running when the engine stopped are marked interrupted at the next start", async () => {
  const rig = await managerRig();
  try {
    const parent = rig.sessions.create().id;
    const agent = await rig.manager.create(parent, { task: "work" });
    rig.restart();
    assertEquals(rig.store.get(agent.id)?.state, "interrupted");
  } finally {
    await rig.close();
  }
});
