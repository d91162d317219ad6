/** The agents tools: contract names and argument names, each acting for the calling session only. */
import { assert, assertEquals } from "../../support/assert.ts";
import { type AgentControl, createAgentTools } from "../../../src/tools/agents/agent_tools.ts";
import { parseToolArguments } from "../../../src/tools/validate_arguments.ts";

function recordingControl() {
  const calls: unknown[][] = [];
  const status = (id: string) => ({ id, state: "running" });
  const control: AgentControl = {
    create: (...args) => (calls.push(["create", ...args]), Promise.resolve(status("sa_1"))),
    status: (...args) => (calls.push(["status", ...args]), status(args[1])),
    result: (session, id, wait) => (calls.push(["result", session, id, wait]), Promise.resolve(status(id))),
    message: (...args) => (calls.push(["message", ...args]), Promise.resolve(status(args[1]))),
    delete: (...args) => (calls.push(["delete", ...args]), status(args[1])),
    list: (...args) => (calls.push(["list", ...args]), []),
  };
  return { control, calls };
}

const context = { sessionId: "s_parent", signal: new AbortController().signal };

Deno.test("the agents tools carry the contract names and argument names", () => {
  const tools = createAgentTools(recordingControl().control);
  assertEquals(tools.map((tool) => tool.name), [
    "create_agent",
    "agent_status",
    "agent_result",
    "list_agents",
    "agent_message",
    "delete_agent",
  ]);
  assert(tools.every((tool) => tool.group === "agents"));
  const create = tools[0];
  assert(parseToolArguments(create, '{"task":"Check the logs","timeout":60,"title":"Logs"}').ok);
  assert(!parseToolArguments(create, '{"task":""}').ok);
  assert(!parseToolArguments(create, '{"task":"x","timeout":0}').ok);
  assert(!parseToolArguments(tools[3], '{"unexpected":1}').ok);
});

Deno.test("each tool acts for the session the pipeline names", async () => {
  const { control, calls } = recordingControl();
  const [create, status, result, list, message, remove] = createAgentTools(control);
  await create.execute({ task: "Check the logs", title: "Logs", timeout: 60 }, context);
  await status.execute({ id: "sa_1" }, context);
  await result.execute({ id: "sa_1" }, context);
  await list.execute({}, context);
  await message.execute({ id: "sa_1", content: "More" }, context);
  await remove.execute({ id: "sa_1" }, context);
  assertEquals(calls, [
    ["create", "s_parent", { task: "Logs\n\nCheck the logs", model: undefined, timeout: 60 }],
    ["status", "s_parent", "sa_1"],
    ["result", "s_parent", "sa_1", 120],
    ["list", "s_parent"],
    ["message", "s_parent", "sa_1", "More"],
    ["delete", "s_parent", "sa_1"],
  ]);
});
