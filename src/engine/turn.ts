/** One run of the turn runner: the session, model, limits and signal it runs with, and what it gathers on the way
 * (streamed text, thoughts, token usage). Passed whole to each step instead of a list of positional parameters. */
import { newId } from "../lib/clock.ts";
import type { Clock } from "../lib/clock.ts";
import type {
  EventSink,
  ServerEventData,
  ServerEventType,
  Thought,
  TokenUsage,
} from "../protocol/server_events.ts";
import { makeEvent } from "../protocol/server_events.ts";
import type { LanguageModel } from "../providers/types.ts";
import type { NewMessage } from "../store/session_types.ts";
import type { LlmCallSample } from "../store/metrics_store.ts";

export interface TurnLimits {
  maxToolRounds: number;
  maxResponseTokens: number;
  contextWindow: number;
  compactionThreshold: number;
  outputSanitization: boolean;
}

export interface TurnSetup {
  sessionId: string;
  /** Off the record: nothing about the turn is measured or kept beyond the session's memory. */
  otr: boolean;
  model: LanguageModel;
  limits: TurnLimits;
  signal: AbortSignal;
  /** Tool names offered for the whole turn (a call to any other is refused). */
  offered: ReadonlySet<string>;
  events: EventSink;
  clock: Clock;
}

export class Turn {
  readonly sessionId: string;
  readonly otr: boolean;
  readonly model: LanguageModel;
  readonly limits: TurnLimits;
  readonly signal: AbortSignal;
  readonly offered: ReadonlySet<string>;
  /** The id of the reply: `llm_token` and `response_complete` carry it. */
  readonly messageId = newId("m_");
  readonly thoughts: Thought[] = [];
  readonly usage: TokenUsage = { input_tokens: 0, output_tokens: 0, total_tokens: 0 };
  /** Everything streamed in the turn, and in the current round: a cancel or failure mid-round keeps both. */
  streamed = "";
  roundText = "";
  /** What the current round will store: its messages and model-call samples, written together in one
   * transaction when the round ends (TurnRunner.save). */
  readonly unsaved: { messages: NewMessage[]; llmCalls: LlmCallSample[] } = { messages: [], llmCalls: [] };

  constructor(private readonly setup: TurnSetup) {
    this.sessionId = setup.sessionId;
    this.otr = setup.otr;
    this.model = setup.model;
    this.limits = setup.limits;
    this.signal = setup.signal;
    this.offered = setup.offered;
  }

  emit<T extends ServerEventType>(type: T, data: ServerEventData[T]): void {
    this.setup.events.emit(makeEvent(type, this.sessionId, data, this.setup.clock.now()));
  }

  think(thought: Thought): void {
    this.thoughts.push(thought);
  }

  addUsage(input: number, output: number): void {
    this.usage.input_tokens += input;
    this.usage.output_tokens += output;
    this.usage.total_tokens = this.usage.input_tokens + this.usage.output_tokens;
  }

  /** Throws the cancellation once the turn's signal has fired (checked between tool calls). */
  throwIfCancelled(): void {
    if (this.signal.aborted) throw this.signal.reason ?? new DOMException("Cancelled", "AbortError");
  }

  isCancellation(error: unknown): boolean {
    return this.signal.aborted || (error instanceof Error && error.name === "AbortError");
  }
}
