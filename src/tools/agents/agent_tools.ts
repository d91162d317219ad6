/** The agents tools (contract 3): create_agent, agent_status, agent_result, agent_message, delete_agent and
 * list_agents. Each acts only on sub-agents of the calling session; the work is done by the sub-agent manager. */
import { z } from "zod";
import type { AnyTool, ToolDefinition } from "../types.ts";
import { indentedJson, jsonAnswer } from "../json_answer.ts";

/** Status objects as the manager returns them (see src/engine/sub_agents/sub_agent_status.ts). */
type Status = { readonly id: string; readonly state: string };

/** What the tools need from the sub-agent manager. */
export interface AgentControl {
  create(sessionId: string, request: { task: string; model?: string; timeout?: number }): Promise<Status>;
  status(sessionId: string, id: string): Status;
  result(sessionId: string, id: string, waitSeconds: number, signal?: AbortSignal): Promise<Status>;
  message(sessionId: string, id: string, content: string): Promise<Status>;
  delete(sessionId: string, id: string): Status;
  list(sessionId: string): Status[];
}

export const MAX_TASK_CHARS = 20_000;
const DEFAULT_WAIT_SECONDS = 120;

const agentId = z.string().min(1).max(100).describe("The sub-agent id create_agent returned");

const createArgs = z.object({
  task: z.string().min(1).max(MAX_TASK_CHARS).describe(
    "Everything the sub-agent needs to know: it sees only this text, not this conversation",
  ),
  title: z.string().max(200).optional().describe("A short name for the task (shown in lists)"),
  model: z.string().min(1).max(100).optional().describe("Name of a configured model (models[].name) to use"),
  timeout: z.number().int().min(1).max(86_400).optional().describe(
    "Seconds the sub-agent may run before it is stopped (at most agents.sub_agent_timeout_seconds)",
  ),
});
const idArgs = z.object({ id: agentId });
const resultArgs = z.object({
  id: agentId,
  wait_seconds: z.number().int().min(0).max(900).optional().describe(
    `Seconds to wait for the sub-agent to finish (default ${DEFAULT_WAIT_SECONDS}; 0 answers at once)`,
  ),
});
const messageArgs = z.object({
  id: agentId,
  content: z.string().min(1).max(MAX_TASK_CHARS).describe(
    "The message; the sub-agent reads it before its next step",
  ),
});

export function createAgentTools(control: AgentControl): AnyTool[] {
  return [createTool(control), ...inspectTools(control), messageTool(control), deleteTool(control)];
}

function createTool(control: AgentControl): ToolDefinition<z.infer<typeof createArgs>> {
  return {
    name: "create_agent",
    group: "agents",
    description:
      "Start a sub-agent: a separate agent that works on one task in the background with the same " +
      "tools (each call checked the same way) and reports back. Returns its id at once; use agent_result to " +
      "wait for its report. Several may run at the same time, up to a limit.",
    parameters: createArgs,
    writes: false,
    async execute(args, context) {
      const task = args.title ? `${args.title}\n\n${args.task}` : args.task;
      const status = await control.create(context.sessionId, {
        task,
        model: args.model,
        timeout: args.timeout,
      });
      return { output: indentedJson(status), isError: false };
    },
  };
}

function inspectTools(control: AgentControl): AnyTool[] {
  const status: ToolDefinition<z.infer<typeof idArgs>> = {
    name: "agent_status",
    group: "agents",
    description:
      "State of a sub-agent (running, completed, failed, timed_out, round_limit, cancelled), the " +
      "LLM rounds it used and why it stopped.",
    parameters: idArgs,
    writes: false,
    execute: (args, context) => jsonAnswer(() => control.status(context.sessionId, args.id)),
  };
  const result: ToolDefinition<z.infer<typeof resultArgs>> = {
    name: "agent_result",
    group: "agents",
    description:
      "Wait for a sub-agent to finish and return its report (its final answer), or its state when it " +
      "is still running after wait_seconds.",
    parameters: resultArgs,
    writes: false,
    async execute(args, context) {
      const wait = args.wait_seconds ?? DEFAULT_WAIT_SECONDS;
      const answer = await control.result(context.sessionId, args.id, wait, context.signal);
      return { output: indentedJson(answer), isError: false };
    },
  };
  const list: ToolDefinition<Record<string, never>> = {
    name: "list_agents",
    group: "agents",
    description: "List the sub-agents started in this session with their states.",
    parameters: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
    writes: false,
    execute: (_args, context) => jsonAnswer(() => control.list(context.sessionId)),
  };
  return [status, result, list];
}

function messageTool(control: AgentControl): ToolDefinition<z.infer<typeof messageArgs>> {
  return {
    name: "agent_message",
    group: "agents",
    description: "Send a running sub-agent more instructions or an answer to its question.",
    parameters: messageArgs,
    writes: false,
    async execute(args, context) {
      const status = await control.message(context.sessionId, args.id, args.content);
      return { output: indentedJson(status), isError: false };
    },
  };
}

function deleteTool(control: AgentControl): ToolDefinition<z.infer<typeof idArgs>> {
  return {
    name: "delete_agent",
    group: "agents",
    description: "Cancel a sub-agent (its process is stopped at once) and remove it from the list.",
    parameters: idArgs,
    writes: false,
    execute: (args, context) => jsonAnswer(() => control.delete(context.sessionId, args.id)),
  };
}
