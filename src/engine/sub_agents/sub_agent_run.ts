/** One sub-agent from start to end: drives its child process, runs each call it proposes through the tool
 * pipeline in the parent's session, keeps its transcript in its own session, and stops it on any limit.
 * The child's lines are hostile input: a call it did not announce, a round past the limit or a malformed
 * line ends it. */
import type { ToolCall } from "../../providers/types.ts";
import type { SubAgentRecord, SubAgentState } from "../../store/sub_agent_store.ts";
import type { ChildMessage } from "./protocol.ts";
import type { ChildHandle, ChosenModel, SessionPort, SubAgentLimits, ToolRunner } from "./sub_agent_ports.ts";
import { wrapToolOutput } from "../context_builder.ts";

const MAX_RESULT_CHARS = 60_000;

export interface RunObserver {
  /** The record changed (state, rounds): persist it and tell the parent's clients. */
  changed(record: SubAgentRecord): void;
  /** Tokens a round used (for metrics). */
  usage(record: SubAgentRecord, input: number, output: number, latencyMs: number): void;
  log(level: "info" | "warn", event: string, message: string, fields: Record<string, unknown>): void;
}

export interface RunInputs {
  record: SubAgentRecord;
  task: string;
  otr: boolean;
  child: ChildHandle;
  model: ChosenModel;
  limits: SubAgentLimits;
  offered: ReadonlySet<string>;
  systemPrompt: string;
  toolSpecs: import("../../providers/types.ts").ToolSpec[];
  sessions: SessionPort;
  tools: ToolRunner;
  observer: RunObserver;
  now: () => number;
}

export class SubAgentRun {
  readonly record: SubAgentRecord;
  readonly finished: Promise<SubAgentRecord>;
  private resolveFinished!: (record: SubAgentRecord) => void;
  private readonly abort = new AbortController();
  private readonly announced = new Map<string, ToolCall>();
  private lastText = "";
  private roundStarted = 0;
  private timer?: ReturnType<typeof setTimeout>;

  constructor(private readonly inputs: RunInputs) {
    this.record = inputs.record;
    this.finished = new Promise((resolve) => this.resolveFinished = resolve);
  }

  get active(): boolean {
    return this.record.state === "starting" || this.record.state === "running";
  }

  async start(): Promise<void> {
    const { inputs } = this;
    this.timer = setTimeout(
      () =>
        this.finish(
          "timed_out",
          `Stopped after ${inputs.record.timeout_seconds} s: the sub-agent time limit`,
        ),
      inputs.record.timeout_seconds * 1000,
    );
    await inputs.child.send({
      type: "start",
      task: inputs.task,
      system_prompt: inputs.systemPrompt,
      model: {
        name: inputs.model.entry.name,
        provider: inputs.model.entry.provider,
        model: inputs.model.entry.model,
        base_url: inputs.model.entry.base_url,
      },
      api_key: inputs.model.apiKey,
      tools: inputs.toolSpecs,
      max_rounds: inputs.limits.maxRounds,
      max_response_tokens: inputs.limits.maxResponseTokens,
    });
    void this.listen();
  }

  /** Passes a message from the parent agent to the child (read before its next round). */
  async message(content: string): Promise<void> {
    await this.inputs.child.send({ type: "message", content });
  }

  /** Ends the run now with the given state and reason; the child's process group is killed. */
  finish(state: SubAgentState, reason: string, result?: string): void {
    if (!this.active) return;
    clearTimeout(this.timer);
    this.abort.abort(new DOMException(reason || "Sub-agent stopped", "AbortError"));
    this.inputs.child.kill();
    const record = this.record;
    record.state = state;
    record.reason = reason;
    record.result = (result ?? this.lastText).slice(0, MAX_RESULT_CHARS);
    record.finished_at = this.inputs.now();
    if (record.result) {
      this.addMessage({ role: "assistant", content: record.result });
    }
    this.inputs.observer.changed(record);
    this.resolveFinished(record);
  }

  private async listen(): Promise<void> {
    for await (const event of this.inputs.child.events()) {
      if (!this.active) return;
      if ("invalid" in event) return this.violation(event.invalid);
      try {
        await this.handle(event.message);
      } catch (error) {
        return this.violation((error as Error).message);
      }
    }
    if (this.active) {
      const detail = this.inputs.child.stderrTail().trim().split("\n").pop() ?? "";
      this.finish("failed", `The sub-agent process ended without a result${detail ? `: ${detail}` : ""}`);
    }
  }

  private async handle(message: ChildMessage): Promise<void> {
    const { record } = this;
    switch (message.type) {
      case "ready":
        record.state = "running";
        this.inputs.observer.changed(record);
        return;
      case "round":
        if (message.round !== record.rounds_used + 1) throw new Error(`round ${message.round} out of order`);
        if (message.round > this.inputs.limits.maxRounds) {
          return this.finish("round_limit", this.roundLimitReason());
        }
        record.rounds_used = message.round;
        this.roundStarted = performance.now();
        this.inputs.observer.changed(record);
        return;
      case "token":
        return;
      case "usage":
        this.inputs.observer.usage(
          record,
          message.input_tokens,
          message.output_tokens,
          performance.now() - this.roundStarted,
        );
        return;
      case "assistant":
        this.announced.clear();
        for (const call of message.tool_calls) this.announced.set(call.id, call);
        this.lastText = message.content;
        this.addMessage({ role: "assistant", content: message.content, tool_calls: message.tool_calls });
        return;
      case "tool_call":
        return await this.runCall(message.call_id);
      case "done":
        return this.finish("completed", "", message.content);
      case "failed":
        if (message.code === "ROUND_LIMIT") return this.finish("round_limit", this.roundLimitReason());
        return this.finish("failed", `${message.code}: ${message.message}`);
    }
  }

  private async runCall(callId: string): Promise<void> {
    const call = this.announced.get(callId);
    if (!call) throw new Error(`tool call "${callId}" was not announced`);
    // Each announced call runs once.
    this.announced.delete(callId);
    const { inputs } = this;
    const outcome = await inputs.tools.run(call, {
      sessionId: inputs.record.parent_session_id,
      otr: inputs.otr,
      signal: this.abort.signal,
      offered: inputs.offered,
      reasoning: `Sub-agent ${inputs.record.id} (task: ${inputs.record.task_summary}): ${this.lastText}`
        .slice(0, 1000),
      agentId: inputs.record.id,
    });
    if (!this.active) return;
    this.addMessage({
      role: "tool",
      content: outcome.content,
      tool_call_id: call.id,
      name: call.name,
      action_id: outcome.actionId,
    });
    const content = wrapToolOutput(call.name, outcome.content, inputs.limits.outputSanitization);
    await inputs.child.send({ type: "tool_result", call_id: call.id, content, is_error: outcome.isError });
  }

  private violation(detail: string): void {
    this.inputs.observer.log("warn", "sub_agent_protocol", `Sub-agent broke the protocol: ${detail}`, {
      agent_id: this.record.id,
    });
    this.finish("failed", `The sub-agent was stopped for breaking the protocol: ${detail}`);
  }

  private roundLimitReason(): string {
    const max = this.inputs.limits.maxRounds;
    return `Stopped after ${max} LLM rounds without a final answer (agents.max_sub_agent_rounds is ${max})`;
  }

  private addMessage(message: Parameters<SessionPort["addMessage"]>[1]): void {
    try {
      if (this.inputs.sessions.find(this.record.child_session_id)) {
        this.inputs.sessions.addMessage(this.record.child_session_id, message);
      }
    } catch (error) {
      this.inputs.observer.log("warn", "sub_agent_transcript", (error as Error).message, {
        agent_id: this.record.id,
      });
    }
  }
}
