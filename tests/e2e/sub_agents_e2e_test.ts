/** Sub-agents in the real engine with the scripted LLM: delegation to two children that write files and report
 * back, the concurrency limit, the round and time limits, a child's Tier 3 request reaching the human of the
 * parent session, and no child outliving a killed engine. */
import { assert, assertEquals } from "../support/assert.ts";
import { startAgentRig } from "./agent_support.ts";
import { startShieldRig } from "./shield_e2e_support.ts";
import type { RecordedRequest, ScriptStep } from "../support/fake_llm.ts";
import { createdIds, eventually, isChild, router, taskOf, toolResults } from "./sub_agent_support.ts";
import { livingProcesses } from "../support/mcp_server_command.ts";

type Json = Record<string, unknown>;

async function getJson(url: string): Promise<unknown> {
  return await (await fetch(url)).json();
}

/** The parent creates one sub-agent per task, then waits for each result, then answers. */
function delegatingParent(tasks: { task: string; timeout?: number }[]) {
  return (request: RecordedRequest): ScriptStep => {
    const results = toolResults(request).length;
    if (results === 0) {
      return {
        toolCalls: tasks.map((args) => ({ name: "create_agent", arguments: args })),
        text: "Delegating.",
      };
    }
    if (results === tasks.length) {
      const ids = createdIds(request);
      return { toolCalls: ids.map((id) => ({ name: "agent_result", arguments: { id, wait_seconds: 120 } })) };
    }
    return { text: "All sub-agents reported back." };
  };
}

async function agentResults(messages: Json[]): Promise<Json[]> {
  return await Promise.resolve(
    messages.filter((message) => message.role === "tool" && message.name === "agent_result")
      .map((message) => JSON.parse(String(message.content)) as Json),
  );
}

Deno.test("sub-agents e2e: a parent delegates to two children that write files and report back", async () => {
  const rig = await startAgentRig();
  try {
    rig.llm.setFallback(router(
      delegatingParent([{ task: "Write alpha.txt containing alpha" }, {
        task: "Write beta.txt containing beta",
      }]),
      (request) => {
        const name = /Write (\w+)\.txt/.exec(taskOf(request))![1];
        if (toolResults(request).length === 0) {
          return {
            toolCalls: [{ name: "write_file", arguments: { path: `${name}.txt`, content: `${name}\n` } }],
          };
        }
        return { text: `Wrote ${name}.txt` };
      },
    ));
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    client.send({ type: "message", session_id: sessionId, content: "Write the two files, in parallel" });
    await client.waitFor("response_complete", () => true, 60_000);

    assertEquals(await Deno.readTextFile(`${rig.engine.workspace}/alpha.txt`), "alpha\n");
    assertEquals(await Deno.readTextFile(`${rig.engine.workspace}/beta.txt`), "beta\n");
    const results = await agentResults(await rig.messages(sessionId));
    assertEquals(results.map((result) => [result.state, result.result]).sort(), [
      ["completed", "Wrote alpha.txt"],
      ["completed", "Wrote beta.txt"],
    ]);

    // The children's calls went through the pipeline in the parent's session, marked with the child's id.
    const writes = client.ofType("action_started").filter((event) => event.data?.tool_name === "write_file");
    assertEquals(writes.length, 2);
    const ids = results.map((result) => result.id);
    assert(writes.every((event) => ids.includes(event.data?.agent_id)), JSON.stringify(writes));
    const updates = client.ofType("sub_agent_update").map((event) => event.data?.state);
    assert(updates.includes("running") && updates.includes("completed"), updates.join(","));
    assertEquals(await getJson(`${rig.engine.url}/api/sub-agents`), []);

    const child = results[0];
    const transcript = await rig.messages(String(child.child_session_id)) as Json[];
    assertEquals(transcript.map((message) => message.role), ["user", "assistant", "tool", "assistant"]);

    const audit = await getJson(`${rig.engine.url}/api/audit?lines=1000`) as { entries: Json[] };
    const events = audit.entries.map((entry) => entry.event);
    assertEquals(events.filter((event) => event === "sub_agent_started").length, 2);
    assertEquals(events.filter((event) => event === "sub_agent_finished").length, 2);
    const executed = audit.entries.filter((entry) =>
      entry.event === "action_executed" && entry.action_type === "write_file"
    );
    assert(
      executed.every((entry) => ids.includes((entry.details as Json).agent_id)),
      JSON.stringify(executed),
    );
    assert(
      rig.llm.requests.filter(isChild).every((request) =>
        request.headers.authorization === "Bearer test-key"
      ),
    );
  } finally {
    await rig.close();
  }
});

Deno.test("sub-agents e2e: the 11th concurrent create_agent is a tool error", async () => {
  const rig = await startAgentRig();
  try {
    const tasks = Array.from({ length: 11 }, (_, index) => ({ task: `Wait forever, number ${index + 1}` }));
    rig.llm.setFallback(router(
      (request) =>
        toolResults(request).length === 0
          ? { toolCalls: tasks.map((args) => ({ name: "create_agent", arguments: args })) }
          : { text: "Started what I could." },
      () => ({ hang: true }),
    ));
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    client.send({ type: "message", session_id: sessionId, content: "Start eleven sub-agents" });
    await client.waitFor("response_complete", () => true, 60_000);
    const completed = client.ofType("action_completed").map((event) => event.data!);
    assertEquals(completed.length, 11);
    assertEquals(completed.slice(0, 10).map((data) => data.is_error), Array(10).fill(false));
    assertEquals(completed[10].is_error, true);
    assert(String(completed[10].result).includes("10 of 10 are running"), String(completed[10].result));
    const active = await getJson(`${rig.engine.url}/api/sub-agents`) as Json[];
    assertEquals(active.length, 10);
    assert(active.every((item) => item.parent_session_id === sessionId && item.model === "fake"));
  } finally {
    await rig.close();
  }
});

Deno.test("sub-agents e2e: a child over 20 rounds and one over its timeout are stopped and say why", async () => {
  const rig = await startAgentRig();
  try {
    rig.llm.setFallback(router(
      delegatingParent([{ task: "Loop: read loop.txt again and again" }, { task: "Hang", timeout: 2 }]),
      (request) =>
        taskOf(request).startsWith("Loop")
          ? { toolCalls: [{ name: "read_file", arguments: { path: "loop.txt" } }] }
          : { hang: true },
    ));
    await Deno.writeTextFile(`${rig.engine.workspace}/loop.txt`, "again\n");
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    client.send({ type: "message", session_id: sessionId, content: "Run both" });
    await client.waitFor("response_complete", () => true, 90_000);
    const results = await agentResults(await rig.messages(sessionId));
    const looping = results.find((result) => String(result.task_summary).startsWith("Loop"))!;
    const hanging = results.find((result) => result.task_summary === "Hang")!;
    assertEquals([looping.state, looping.rounds_used], ["round_limit", 20]);
    assert(String(looping.reason).includes("20 LLM rounds"), String(looping.reason));
    const loopRequests = rig.llm.requests.filter((request) =>
      isChild(request) && taskOf(request).startsWith("Loop")
    );
    assertEquals(loopRequests.length, 20);
    assertEquals([hanging.state, hanging.timeout_seconds], ["timed_out", 2]);
    assert(String(hanging.reason).includes("2 s"), String(hanging.reason));
  } finally {
    await rig.close();
  }
});

Deno.test("sub-agents e2e: a child's Tier 3 request goes to the human of the parent session, never to the child", async () => {
  const rig = await startShieldRig({ testPolicy: true });
  try {
    rig.llm.setFallback(router(
      delegatingParent([{ task: "Save a note in approve-me/child.txt" }]),
      (request) => {
        const results = toolResults(request);
        if (results.length === 0) {
          return {
            toolCalls: [{ name: "write_file", arguments: { path: "approve-me/child.txt", content: "x" } }],
          };
        }
        return { text: `The write came back: ${results[0].slice(0, 60)}` };
      },
    ));
    const parent = await rig.newSession();
    const human = await rig.connect(parent);
    human.send({ type: "message", session_id: parent, content: "Delegate the note" });
    const asked = await human.waitFor("tier3_approval_required", () => true, 60_000);
    assertEquals([asked.session_id, asked.data?.tool_name, asked.data?.target], [
      parent,
      "write_file",
      "approve-me/child.txt",
    ]);
    assert(String(asked.data?.reasoning).includes("Sub-agent"), String(asked.data?.reasoning));
    const [agent] = (await getJson(`${rig.engine.url}/api/sub-agents`)) as Json[];
    const watcher = await rig.connect(String(agent.child_session_id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    assertEquals(
      watcher.ofType("tier3_approval_required").length,
      0,
      "the child's own session is never asked",
    );
    human.send({ type: "tier3_decision", action_id: asked.data!.action_id, decision: "deny" });
    await human.waitFor("response_complete", () => true, 60_000);
    const [result] = await agentResults(await rig.messages(parent));
    assertEquals(result.state, "completed");
    assert(String(result.result).includes("Denied by the user"), String(result.result));
    const exists = await Deno.stat(`${rig.workspace}/approve-me/child.txt`).then(() => true, () => false);
    assertEquals(exists, false);
  } finally {
    await rig.close();
  }
});

Deno.test("sub-agents e2e: killing the engine leaves no child process behind", async () => {
  const rig = await startAgentRig();
  try {
    rig.llm.setFallback(router(
      (request) =>
        toolResults(request).length === 0
          ? {
            toolCalls: [
              { name: "create_agent", arguments: { task: "Wait one" } },
              { name: "create_agent", arguments: { task: "Wait two" } },
            ],
          }
          : { text: "Started." },
      () => ({ hang: true }),
    ));
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    client.send({ type: "message", session_id: sessionId, content: "Start two" });
    await client.waitFor("response_complete", () => true, 60_000);
    const engines = await livingProcesses(`engine --config ${rig.engine.configPath}`);
    assertEquals(engines.length, 1, "one engine process");
    const children = await eventually(async () => {
      const found = await livingProcesses(`--parapet-sub-agent=${engines[0]}:`);
      return found.length === 2 ? found : undefined;
    }, "two child processes");
    Deno.kill(engines[0], "SIGKILL");
    await eventually(async () => {
      const left = (await livingProcesses("--parapet-sub-agent=")).filter((pid) => children.includes(pid));
      return left.length === 0 ? true : undefined;
    }, "the children to exit after the engine was killed");
  } finally {
    await rig.close();
  }
});
