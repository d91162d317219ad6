/** One agent turn: user message → streamed LLM rounds → tool calls through the pipeline → response_complete. */
import type { Clock } from "../lib/clock.ts";
import { newId } from "../lib/clock.ts";
import { ProviderError } from "../lib/errors.ts";
import type { Logger } from "../log/logger.ts";
import type { ChatMessage, LanguageModel, ToolCall, ToolSpec } from "../providers/types.ts";
import type { Thought, TokenUsage } from "../store/session_types.ts";
import type { SessionService } from "./session_service.ts";
import type { Emit, EventSink } from "../protocol/server_events.ts";
import { makeEvent } from "../protocol/server_events.ts";
import type { MetricsRecorder } from "./ports.ts";
import type { ToolPipeline } from "./tool_pipeline.ts";
import { toChatMessages } from "./context_builder.ts";
import { needsCompaction, planCompaction, summarise } from "./compaction.ts";

export interface TurnLimits {
  maxToolRounds: number;
  maxResponseTokens: number;
  contextWindow: number;
  compactionThreshold: number;
  outputSanitization: boolean;
}

export interface TurnDeps {
  sessions: SessionService;
  pipeline: ToolPipeline;
  events: EventSink;
  metrics: MetricsRecorder;
  logger: Logger;
  clock: Clock;
  /** The chat model, or undefined when roles.chat is not configured. */
  model: () => LanguageModel | undefined;
  toolSpecs: () => ToolSpec[];
  systemPrompt: () => Promise<string>;
  limits: () => TurnLimits;
}

interface RoundResult {
  text: string;
  calls: ToolCall[];
  usage: TokenUsage;
}

export class TurnRunner {
  constructor(private readonly deps: TurnDeps) {}

  async run(sessionId: string, content: string, signal: AbortSignal): Promise<void> {
    const { deps } = this;
    const session = deps.sessions.get(sessionId);
    const otr = session.mode === "otr";
    deps.sessions.addMessage(sessionId, { role: "user", content });
    if (!session.title) deps.sessions.rename(sessionId, titleFrom(content));
    const messageId = newId("m_");
    const emit: Emit = (type, data) => deps.events.emit(makeEvent(type, sessionId, data, deps.clock.now()));
    const model = deps.model();
    if (!model) {
      emit("error", {
        code: "NO_MODEL",
        message:
          "No chat model is configured: add a models[] entry and set roles.chat in config.yaml (or use /model)",
        recoverable: false,
      });
      return;
    }
    const limits = deps.limits();
    const thoughts: Thought[] = [];
    const usage: TokenUsage = { input_tokens: 0, output_tokens: 0, total_tokens: 0 };
    const offered = new Set(deps.toolSpecs().map((spec) => spec.name));
    // Everything streamed in the turn, and in the current round: a cancel or failure mid-round keeps both.
    const progress = { streamed: "", round: "" };
    try {
      let messages = await this.contextFor(sessionId, limits);
      if (await this.compactIfNeeded(sessionId, otr, model, limits, messages, thoughts, usage, signal)) {
        messages = await this.contextFor(sessionId, limits);
      }
      for (let round = 0;; round++) {
        if (round > 0) messages = await this.contextFor(sessionId, limits);
        const tools = round < limits.maxToolRounds ? deps.toolSpecs() : [];
        const result = await this.streamRound(
          model,
          messages,
          tools,
          limits,
          sessionId,
          otr,
          messageId,
          signal,
          emit,
          progress,
        );
        addUsage(usage, result.usage);
        if (result.calls.length === 0) break;
        if (result.text.trim()) {
          thoughts.push({ stage: "reasoning", summary: result.text.trim().slice(0, 500) });
        }
        deps.sessions.addMessage(sessionId, {
          role: "assistant",
          content: result.text,
          tool_calls: result.calls,
        });
        for (const call of result.calls) {
          const outcome = await deps.pipeline.run(call, {
            sessionId,
            otr,
            signal,
            offered,
            reasoning: result.text.slice(0, 1000),
          });
          thoughts.push({
            stage: "tool_call",
            summary: `${call.name}: ${outcome.isError ? "failed" : "succeeded"}`,
            detail: { tool_name: call.name, success: !outcome.isError, action_id: outcome.actionId },
          });
          deps.sessions.addMessage(sessionId, {
            role: "tool",
            content: outcome.content,
            tool_call_id: call.id,
            name: call.name,
            action_id: outcome.actionId,
            tool_outcome: {
              decision: outcome.verdict?.decision ?? "BLOCK",
              tier: outcome.verdict?.tier ?? 0,
              reason: outcome.verdict?.reason ?? outcome.content,
              is_error: outcome.isError,
              duration_ms: outcome.durationMs,
              ...(outcome.verdict ? {} : { otr_blocked: true }),
            },
          });
          if (signal.aborted) throw signal.reason ?? new DOMException("Cancelled", "AbortError");
        }
        if (round + 1 > limits.maxToolRounds) {
          thoughts.push({
            stage: "limit",
            summary: `Stopped after ${limits.maxToolRounds} tool rounds (agents.max_tool_rounds)`,
          });
        }
      }
    } catch (error) {
      if (isAbort(error, signal)) {
        thoughts.push({ stage: "cancelled", summary: "The response was cancelled" });
        this.complete(sessionId, messageId, progress.streamed, progress.round, thoughts, usage, emit);
        return;
      }
      this.fail(error, emit, sessionId);
      if (progress.round) {
        deps.sessions.addMessage(sessionId, {
          role: "assistant",
          content: progress.round,
          message_id: messageId,
          thoughts,
        });
      }
      return;
    }
    this.complete(sessionId, messageId, progress.streamed, progress.round, thoughts, usage, emit);
  }

  private complete(
    sessionId: string,
    messageId: string,
    streamed: string,
    finalText: string,
    thoughts: Thought[],
    usage: TokenUsage,
    emit: Emit,
  ): void {
    usage.total_tokens = usage.input_tokens + usage.output_tokens;
    this.deps.sessions.addMessage(sessionId, {
      message_id: messageId,
      role: "assistant",
      content: finalText,
      thoughts,
      token_usage: usage,
    });
    emit("response_complete", { content: streamed, message_id: messageId, thoughts, token_usage: usage });
  }

  private fail(
    error: unknown,
    emit: Emit,
    sessionId: string,
  ): void {
    if (error instanceof ProviderError) {
      this.deps.logger.warn("llm_call_failed", error.message, {
        session_id: sessionId,
        retryable: error.retryable,
      });
      emit("error", { code: "LLM_CALL_FAILED", message: error.message, recoverable: error.retryable });
      return;
    }
    this.deps.logger.error("turn_failed", (error as Error).message, {
      session_id: sessionId,
      stack: (error as Error).stack ?? "",
    });
    emit("error", {
      code: "TURN_FAILED",
      message: `The turn failed: ${(error as Error).message}`,
      recoverable: true,
    });
  }

  private async contextFor(sessionId: string, limits: TurnLimits): Promise<ChatMessage[]> {
    const system = await this.deps.systemPrompt();
    const summary = this.deps.sessions.summary(sessionId);
    const history = toChatMessages(this.deps.sessions.messages(sessionId), limits.outputSanitization);
    const note = summary ? `\n\n## Summary of the earlier conversation\n${summary}` : "";
    return [{ role: "system", content: system + note }, ...history];
  }

  private async compactIfNeeded(
    sessionId: string,
    otr: boolean,
    model: LanguageModel,
    limits: TurnLimits,
    messages: ChatMessage[],
    thoughts: Thought[],
    usage: TokenUsage,
    signal: AbortSignal,
  ): Promise<boolean> {
    if (!needsCompaction(messages, limits.contextWindow, limits.compactionThreshold)) return false;
    const plan = planCompaction(this.deps.sessions.messages(sessionId));
    if (!plan || plan.fold.length === 0) return false;
    const started = performance.now();
    const summary = await summarise(
      model,
      this.deps.sessions.summary(sessionId),
      plan.fold,
      limits.maxResponseTokens,
      signal,
    );
    if (!otr) {
      this.recordCall(
        sessionId,
        model,
        "compaction",
        started,
        summary.inputTokens,
        summary.outputTokens,
        true,
      );
    }
    addUsage(usage, {
      input_tokens: summary.inputTokens,
      output_tokens: summary.outputTokens,
      total_tokens: 0,
    });
    this.deps.sessions.compact(sessionId, summary.text, plan.fold.map((record) => record.message_id));
    thoughts.push({
      stage: "compaction",
      summary: `Context passed ${limits.compactionThreshold}% of ${limits.contextWindow} tokens: ` +
        `summarised ${plan.fold.length} earlier messages into a note`,
      detail: { folded_messages: plan.fold.length },
    });
    return true;
  }

  private async streamRound(
    model: LanguageModel,
    messages: ChatMessage[],
    tools: ToolSpec[],
    limits: TurnLimits,
    sessionId: string,
    otr: boolean,
    messageId: string,
    signal: AbortSignal,
    emit: Emit,
    progress: { streamed: string; round: string },
  ): Promise<RoundResult> {
    progress.round = "";
    const result: RoundResult = {
      text: "",
      calls: [],
      usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
    };
    const started = performance.now();
    let ok = false;
    try {
      for await (
        const event of model.stream({ messages, tools, maxTokens: limits.maxResponseTokens, signal })
      ) {
        if (event.type === "text-delta" && event.text) {
          const first = result.text === "";
          result.text += event.text;
          progress.round += event.text;
          progress.streamed += event.text;
          emit("llm_token", { token: event.text, message_id: messageId });
          // When the rest of the reply is already buffered, everything up to response_complete would run before
          // the socket is written: yield once so the first token reaches the user at once.
          if (first) await yieldToEventLoop();
        } else if (event.type === "tool-call") result.calls.push(event.call);
        else if (event.type === "usage") {
          result.usage.input_tokens += event.input_tokens;
          result.usage.output_tokens += event.output_tokens;
        }
      }
      ok = true;
    } finally {
      if (result.usage.input_tokens === 0 && result.usage.output_tokens === 0) {
        result.usage.input_tokens = Math.ceil(
          messages.reduce((sum, message) => sum + message.content.length, 0) / 4,
        );
        result.usage.output_tokens = Math.ceil(result.text.length / 4);
      }
      if (!otr) {
        this.recordCall(
          sessionId,
          model,
          "chat",
          started,
          result.usage.input_tokens,
          result.usage.output_tokens,
          ok,
        );
      }
    }
    return result;
  }

  private recordCall(
    sessionId: string,
    model: LanguageModel,
    role: string,
    started: number,
    input: number,
    output: number,
    ok: boolean,
  ) {
    this.deps.metrics.llmCall({
      sessionId,
      role,
      provider: model.provider,
      model: model.model,
      latencyMs: performance.now() - started,
      inputTokens: input,
      outputTokens: output,
      ok,
    });
  }
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function addUsage(total: TokenUsage, add: TokenUsage): void {
  total.input_tokens += add.input_tokens;
  total.output_tokens += add.output_tokens;
  total.total_tokens = total.input_tokens + total.output_tokens;
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === "AbortError");
}

export function titleFrom(content: string): string {
  const line = content.replace(/\s+/g, " ").trim();
  return line.length <= 60 ? line : `${line.slice(0, 57).trimEnd()}…`;
}
