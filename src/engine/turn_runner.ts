/** One agent turn: user message -> streamed LLM rounds -> tool calls through the pipeline -> response_complete. */
import { setImmediate } from "node:timers";
import type { Clock } from "../lib/clock.ts";
import { ProviderError } from "../lib/errors.ts";
import type { Logger } from "../log/logger.ts";
import type { EventSink } from "../protocol/server_events.ts";
import type { ChatMessage, LanguageModel, ToolCall, ToolSpec } from "../providers/types.ts";
import type { ToolOutcomeRecord } from "../store/session_types.ts";
import { needsCompaction, planCompaction, summarise } from "./compaction.ts";
import { toChatMessages } from "./context_builder.ts";
import type { MetricsRecorder } from "./ports.ts";
import type { SessionService } from "./session_service.ts";
import type { ToolOutcome, ToolPipeline } from "./tool_pipeline.ts";
import { Turn, type TurnLimits } from "./turn.ts";

export type { TurnLimits } from "./turn.ts";

export interface TurnDeps {
  sessions: SessionService;
  pipeline: Pick<ToolPipeline, "run">;
  events: EventSink;
  metrics: MetricsRecorder;
  logger: Logger;
  clock: Clock;
  /** The chat model, or undefined when roles.chat is not configured. */
  model: () => LanguageModel | undefined;
  toolSpecs: () => ToolSpec[];
  systemPrompt: () => Promise<string>;
  limits: () => TurnLimits;
  /** Runs store writes in one transaction (engine.db); without it they are written one by one. It must not
   * await: `work` is synchronous. */
  batch?: (work: () => void) => void;
}

/** One streamed answer of the model: its text and the tool calls it asked for. */
interface Reply {
  text: string;
  calls: ToolCall[];
}

const NO_MODEL_MESSAGE =
  "No chat model is configured: add a models[] entry and set roles.chat in config.yaml (or use /model)";

export class TurnRunner {
  /** Tool names offered, per tool list (the registry hands out the same list until the tools change). */
  private readonly offeredNames = new WeakMap<ToolSpec[], ReadonlySet<string>>();

  constructor(private readonly deps: TurnDeps) {}

  /** Stores the user's message, then answers it: rounds of streaming and tool calls until the model stops calling
   * tools. A cancel keeps what was streamed; a failure is told to the client as an `error` event. */
  async run(sessionId: string, content: string, signal: AbortSignal, messageId?: string): Promise<void> {
    const turn = this.begin(sessionId, content, signal, messageId);
    if (!turn) return;
    try {
      let context = await this.compactedContext(turn);
      for (let round = 0;; round++) {
        if (round > 0) context = await this.contextFor(turn);
        const reply = await this.streamRound(turn, context, round < turn.limits.maxToolRounds);
        if (reply.calls.length === 0) break;
        await this.runCalls(turn, reply);
        if (round + 1 > turn.limits.maxToolRounds) {
          const max = turn.limits.maxToolRounds;
          turn.think({
            stage: "limit",
            summary: `Stopped after ${max} tool rounds (agents.max_tool_rounds)`,
          });
        }
      }
    } catch (error) {
      if (!turn.isCancellation(error)) return this.fail(turn, error);
      turn.think({ stage: "cancelled", summary: "The response was cancelled" });
    }
    this.complete(turn);
  }

  /** The user's message is stored whatever happens next (once: a message answered again after a crash, under the
   * same `messageId`, is already there); no turn without a chat model. */
  private begin(
    sessionId: string,
    content: string,
    signal: AbortSignal,
    messageId?: string,
  ): Turn | undefined {
    const { deps } = this;
    const session = deps.sessions.get(sessionId);
    const stored = messageId !== undefined &&
      deps.sessions.messages(sessionId).some((message) => message.message_id === messageId);
    this.write(() => {
      if (!stored) deps.sessions.addMessage(sessionId, { role: "user", content, message_id: messageId });
      if (!session.title) deps.sessions.rename(sessionId, titleFrom(content));
    });
    const model = deps.model();
    const turn = model && new Turn({
      sessionId,
      otr: session.mode === "otr",
      model,
      limits: deps.limits(),
      signal,
      offered: this.offered(deps.toolSpecs()),
      events: deps.events,
      clock: deps.clock,
    });
    if (!turn) {
      deps.events.emit({
        type: "error",
        session_id: sessionId,
        timestamp: deps.clock.now(),
        data: { code: "NO_MODEL", message: NO_MODEL_MESSAGE, recoverable: false },
      });
    }
    return turn;
  }

  private complete(turn: Turn): void {
    turn.unsaved.messages.push({
      message_id: turn.messageId,
      role: "assistant",
      content: turn.roundText,
      thoughts: turn.thoughts,
      token_usage: turn.usage,
    });
    this.save(turn);
    turn.emit("response_complete", {
      content: turn.streamed,
      message_id: turn.messageId,
      thoughts: turn.thoughts,
      token_usage: turn.usage,
    });
  }

  private fail(turn: Turn, error: unknown): void {
    const { logger } = this.deps;
    const message = (error as Error).message;
    if (error instanceof ProviderError) {
      logger.warn("llm_call_failed", message, { session_id: turn.sessionId, retryable: error.retryable });
      turn.emit("error", { code: "LLM_CALL_FAILED", message, recoverable: error.retryable });
    } else {
      logger.error("turn_failed", message, {
        session_id: turn.sessionId,
        stack: (error as Error).stack ?? "",
      });
      turn.emit("error", { code: "TURN_FAILED", message: `The turn failed: ${message}`, recoverable: true });
    }
    // What the round had streamed stays in the history, as the client saw it.
    if (turn.roundText) {
      turn.unsaved.messages.push({
        role: "assistant",
        content: turn.roundText,
        message_id: turn.messageId,
        thoughts: turn.thoughts,
      });
    }
    this.save(turn);
  }

  /** Stores what the round gathered (messages, model-call samples) in one transaction. */
  private save(turn: Turn): void {
    const { messages, llmCalls } = turn.unsaved;
    if (messages.length === 0 && llmCalls.length === 0) return;
    const pending = { messages: messages.splice(0), llmCalls: llmCalls.splice(0) };
    this.write(() => {
      for (const sample of pending.llmCalls) this.deps.metrics.llmCall(sample);
      for (const message of pending.messages) this.deps.sessions.addMessage(turn.sessionId, message);
    });
  }

  private write(work: () => void): void {
    if (this.deps.batch) this.deps.batch(work);
    else work();
  }

  private offered(specs: ToolSpec[]): ReadonlySet<string> {
    let names = this.offeredNames.get(specs);
    if (!names) {
      names = new Set(specs.map((spec) => spec.name));
      this.offeredNames.set(specs, names);
    }
    return names;
  }

  private async contextFor(turn: Turn): Promise<ChatMessage[]> {
    const { sessions } = this.deps;
    const system = await this.deps.systemPrompt();
    const summary = sessions.summary(turn.sessionId);
    const history = toChatMessages(sessions.messages(turn.sessionId), turn.limits.outputSanitization);
    const note = summary ? `\n\n## Summary of the earlier conversation\n${summary}` : "";
    return [{ role: "system", content: system + note }, ...history];
  }

  /** The context for the first round; past the compaction threshold, older history is folded into a summary first. */
  private async compactedContext(turn: Turn): Promise<ChatMessage[]> {
    const context = await this.contextFor(turn);
    const { limits } = turn;
    if (!needsCompaction(context, limits.contextWindow, limits.compactionThreshold)) return context;
    const plan = planCompaction(this.deps.sessions.messages(turn.sessionId));
    if (!plan || plan.fold.length === 0) return context;
    const started = performance.now();
    const previous = this.deps.sessions.summary(turn.sessionId);
    const summary = await summarise(turn.model, previous, plan.fold, limits.maxResponseTokens, turn.signal);
    this.recordCall(turn, "compaction", started, summary.inputTokens, summary.outputTokens, true);
    turn.addUsage(summary.inputTokens, summary.outputTokens);
    this.deps.sessions.compact(turn.sessionId, summary.text, plan.fold.map((record) => record.message_id));
    turn.think({
      stage: "compaction",
      summary: `Context passed ${limits.compactionThreshold}% of ${limits.contextWindow} tokens: ` +
        `summarised ${plan.fold.length} earlier messages into a note`,
      detail: { folded_messages: plan.fold.length },
    });
    return await this.contextFor(turn);
  }

  /** Streams one answer to the client token by token; tools are offered until max_tool_rounds is used up. */
  private async streamRound(turn: Turn, messages: ChatMessage[], offerTools: boolean): Promise<Reply> {
    turn.roundText = "";
    const reply: Reply = { text: "", calls: [] };
    const usage = { input: 0, output: 0 };
    const started = performance.now();
    let ok = false;
    const request = {
      messages,
      tools: offerTools ? this.deps.toolSpecs() : [],
      maxTokens: turn.limits.maxResponseTokens,
      signal: turn.signal,
    };
    try {
      for await (const event of turn.model.stream(request)) {
        if (event.type === "text-delta" && event.text) {
          const first = reply.text === "";
          reply.text += event.text;
          turn.roundText += event.text;
          turn.streamed += event.text;
          turn.emit("llm_token", { token: event.text, message_id: turn.messageId });
          // When the rest of the reply is already buffered, everything up to response_complete would run before
          // the socket is written: yield once so the first token reaches the user at once.
          if (first) await yieldToEventLoop();
        } else if (event.type === "tool-call") reply.calls.push(event.call);
        else if (event.type === "usage") {
          usage.input += event.input_tokens;
          usage.output += event.output_tokens;
        }
      }
      ok = true;
    } finally {
      // A provider that reports no usage is estimated at about four characters a token.
      if (usage.input === 0 && usage.output === 0) {
        usage.input = Math.ceil(messages.reduce((sum, message) => sum + message.content.length, 0) / 4);
        usage.output = Math.ceil(reply.text.length / 4);
      }
      this.recordCall(turn, "chat", started, usage.input, usage.output, ok);
    }
    turn.addUsage(usage.input, usage.output);
    return reply;
  }

  /** Each call the model asked for goes through the pipeline, in order; its result is stored for the next round.
   * What a tool may do is never lost to a crash: before each call runs, the round's model-call sample, the
   * assistant message asking for it and the results of the calls before it are stored (one transaction). */
  private async runCalls(turn: Turn, reply: Reply): Promise<void> {
    try {
      await this.callTools(turn, reply);
    } finally {
      // The last result, whether every call ran or the turn was cancelled between them.
      this.save(turn);
    }
  }

  private async callTools(turn: Turn, reply: Reply): Promise<void> {
    const { pipeline } = this.deps;
    if (reply.text.trim()) turn.think({ stage: "reasoning", summary: reply.text.trim().slice(0, 500) });
    turn.unsaved.messages.push({ role: "assistant", content: reply.text, tool_calls: reply.calls });
    for (const call of reply.calls) {
      this.save(turn);
      const outcome = await pipeline.run(call, {
        sessionId: turn.sessionId,
        otr: turn.otr,
        signal: turn.signal,
        offered: turn.offered,
        reasoning: reply.text.slice(0, 1000),
      });
      turn.think({
        stage: "tool_call",
        summary: `${call.name}: ${outcome.isError ? "failed" : "succeeded"}`,
        detail: { tool_name: call.name, success: !outcome.isError, action_id: outcome.actionId },
      });
      turn.unsaved.messages.push({
        role: "tool",
        content: outcome.content,
        tool_call_id: call.id,
        name: call.name,
        action_id: outcome.actionId,
        tool_outcome: outcomeRecord(outcome),
      });
      turn.throwIfCancelled();
    }
  }

  /** Usage metrics of a model call; none for off-the-record sessions. */
  private recordCall(turn: Turn, role: string, started: number, input: number, output: number, ok: boolean) {
    if (turn.otr) return;
    turn.unsaved.llmCalls.push({
      sessionId: turn.sessionId,
      role,
      provider: turn.model.provider,
      model: turn.model.model,
      latencyMs: performance.now() - started,
      inputTokens: input,
      outputTokens: output,
      ok,
    });
  }
}

/** What the history keeps of a call's outcome: the verdict's fields, so a client never parses the result text. */
function outcomeRecord(outcome: ToolOutcome): ToolOutcomeRecord {
  if (!outcome.verdict) {
    return {
      decision: "BLOCK",
      tier: 0,
      reason: outcome.content,
      is_error: outcome.isError,
      duration_ms: outcome.durationMs,
      otr_blocked: true,
    };
  }
  return {
    decision: outcome.verdict.decision,
    tier: outcome.verdict.tier,
    reason: outcome.verdict.reason,
    is_error: outcome.isError,
    duration_ms: outcome.durationMs,
  };
}

/** One pass of the event loop, so pending socket writes go out: setImmediate, not setTimeout(0), which waits
 * for the next timer tick (a millisecond or more, measured 2 ms on a loaded machine). */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function titleFrom(content: string): string {
  const line = content.replace(/\s+/g, " ").trim();
  return line.length <= 60 ? line : `${line.slice(0, 57).trimEnd()}\u2026`;
}
