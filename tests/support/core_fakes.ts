/** Fakes for unit tests of the engine core through its ports: a clock moved by hand, a scripted model, sinks that
 * record events, audit entries and metrics, a tool with a chosen behaviour, and a Shield with a fixed answer. */
import { z } from "zod";
import { silentLogger } from "../../src/log/logger.ts";
import { OtrSessionStore } from "../../src/store/otr_session_store.ts";
import { SqliteSessionStore } from "../../src/store/sqlite_session_store.ts";
import { openDatabase } from "../../src/store/database.ts";
import { SessionService } from "../../src/engine/session_service.ts";
import type { MetricsRecorder, ShieldPort } from "../../src/engine/ports.ts";
import type { PipelineDeps } from "../../src/engine/tool_call.ts";
import type { AuditRecorder } from "../../src/protocol/audit_events.ts";
import type { EventSink, ServerEvent } from "../../src/protocol/server_events.ts";
import type { LanguageModel, StreamEvent, ToolCall } from "../../src/providers/types.ts";
import type { Verdict } from "../../src/shield/types.ts";
import type { AnyTool, ToolResult } from "../../src/tools/types.ts";
import { parseToolArguments } from "../../src/tools/validate_arguments.ts";

export interface FakeClock {
  now(): number;
  advance(ms: number): void;
}

export function fakeClock(start = 1_700_000_000_000): FakeClock {
  let time = start;
  return { now: () => time, advance: (ms) => void (time += ms) };
}

export interface RecordedEvents extends EventSink {
  events: ServerEvent[];
  types(): string[];
  ofType<T extends ServerEvent["type"]>(type: T): Extract<ServerEvent, { type: T }>[];
}

export function recordedEvents(): RecordedEvents {
  const events: ServerEvent[] = [];
  return {
    events,
    emit: (event) => void events.push(event),
    types: () => events.map((event) => event.type),
    ofType: <T extends ServerEvent["type"]>(type: T) =>
      events.filter((event) => event.type === type) as Extract<ServerEvent, { type: T }>[],
  };
}

export interface AuditEntryRecord {
  event: string;
  sessionId: string;
  actionType: string;
  details: Record<string, unknown>;
  immediate: boolean;
}

export interface RecordedAudit extends AuditRecorder {
  entries: AuditEntryRecord[];
  names(): string[];
  /** Makes every later write fail with this error (as a full disk would). */
  failWith(error: Error | undefined): void;
}

export function recordedAudit(): RecordedAudit {
  const entries: AuditEntryRecord[] = [];
  let failure: Error | undefined;
  return {
    entries,
    names: () => entries.map((entry) => entry.event),
    failWith: (error) => void (failure = error),
    record(event, sessionId, actionType, details, options) {
      if (!failure) {
        entries.push({
          event,
          sessionId,
          actionType,
          details: details as Record<string, unknown>,
          immediate: options?.immediate ?? false,
        });
      }
      return Promise.resolve(failure);
    },
  };
}

export function recordedMetrics(): MetricsRecorder & { llm: unknown[]; tools: unknown[] } {
  const llm: unknown[] = [];
  const tools: unknown[] = [];
  return {
    llm,
    tools,
    llmCall: (sample) => void llm.push(sample),
    toolCall: (sample) => void tools.push(sample),
  };
}

export function verdict(decision: Verdict["decision"], tier = 0, reason = `${decision} by test`): Verdict {
  return { decision, tier, reason, confidence: 1, tier_results: [{ tier, decision, reason }] };
}

/** A Shield that answers `answer` (a verdict or a function of the action) and remembers what it judged. */
export function fakeShield(answer: Verdict | ((type: string) => Verdict) = verdict("ALLOW")) {
  const judged: { type: string; payload: Record<string, unknown> }[] = [];
  const shield: ShieldPort = {
    evaluate(action) {
      judged.push({ type: action.type, payload: action.payload as Record<string, unknown> });
      return Promise.resolve(typeof answer === "function" ? answer(action.type) : answer);
    },
  };
  return { shield, judged };
}

export interface FakeToolOptions {
  name?: string;
  writes?: boolean;
  affected?: string[];
  run?: (args: Record<string, unknown>) => Promise<ToolResult> | ToolResult;
  resolve?: (args: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

/** A tool taking `{path: string}` that records every execution. */
export function fakeTool(options: FakeToolOptions = {}): AnyTool & { runs: Record<string, unknown>[] } {
  const runs: Record<string, unknown>[] = [];
  return {
    runs,
    name: options.name ?? "touch",
    group: "files",
    description: "test tool",
    parameters: z.object({ path: z.string() }),
    writes: options.writes ?? false,
    affectedPaths: options.affected ? () => options.affected! : undefined,
    resolveArguments: options.resolve,
    async execute(args) {
      runs.push(args);
      return options.run ? await options.run(args) : { output: `done ${args.path}`, isError: false };
    },
  };
}

/** Pipeline dependencies made of fakes; override any of them. */
export function pipelineDeps(tools: AnyTool[], overrides: Partial<PipelineDeps> = {}) {
  const events = recordedEvents();
  const audit = recordedAudit();
  const metrics = recordedMetrics();
  const deps: PipelineDeps = {
    tools: { get: (name) => tools.find((tool) => tool.name === name) },
    parseArguments: parseToolArguments,
    shield: fakeShield().shield,
    events,
    audit,
    metrics,
    logger: silentLogger,
    clock: fakeClock(),
    failClosed: true,
    ...overrides,
  };
  return { deps, events, audit, metrics };
}

export function toolCall(name: string, args: unknown, id = "c1"): ToolCall {
  return { id, name, arguments: typeof args === "string" ? args : JSON.stringify(args) };
}

/** One scripted model answer: text pieces, then tool calls, then usage. */
export interface ScriptedReply {
  text?: string[];
  calls?: ToolCall[];
  usage?: { input: number; output: number };
  /** Thrown after the text has streamed (a provider failure mid-answer). */
  error?: Error;
  /** Waits for the signal to abort after the text (a slow model the user cancels). */
  hang?: boolean;
}

/** A LanguageModel answering each stream() call with the next scripted reply; remembers every request. */
export function scriptedModel(replies: ScriptedReply[]) {
  const requests: { messages: unknown[]; tools: string[] }[] = [];
  const model: LanguageModel = {
    provider: "fake",
    model: "scripted",
    async *stream(request): AsyncIterable<StreamEvent> {
      requests.push({ messages: request.messages, tools: (request.tools ?? []).map((tool) => tool.name) });
      const reply = replies.shift();
      if (!reply) throw new Error("The scripted model has no reply left");
      for (const text of reply.text ?? []) yield { type: "text-delta", text };
      if (reply.error) throw reply.error;
      if (reply.hang) {
        await new Promise((_, reject) => {
          const fail = () => reject(request.signal?.reason ?? new DOMException("Aborted", "AbortError"));
          if (request.signal?.aborted) fail();
          request.signal?.addEventListener("abort", fail, { once: true });
        });
      }
      for (const call of reply.calls ?? []) yield { type: "tool-call", call };
      if (reply.usage) {
        yield { type: "usage", input_tokens: reply.usage.input, output_tokens: reply.usage.output };
      }
      yield { type: "finish", reason: reply.calls?.length ? "tool_calls" : "stop" };
    },
  };
  return { model, requests, replies };
}

/** Sessions of both modes: persistent ones in a real SQLite database held in memory, OTR ones in memory. */
export function memorySessions(clock: { now(): number } = fakeClock()): SessionService {
  return new SessionService(new SqliteSessionStore(openDatabase(":memory:")), new OtrSessionStore(), clock);
}
