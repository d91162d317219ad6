/** What the sub-agent manager needs from the rest of the engine, as narrow ports (the composition root wires
 * them; tests pass fakes). */
import type { ModelEntry, ToolCall, ToolSpec } from "../../providers/types.ts";
import type { NewMessage, SessionMode } from "../../store/session_types.ts";
import type { SubAgentRecord } from "../../store/sub_agent_store.ts";
import type { ChildEvent } from "./child_process.ts";
import type { ParentMessage } from "./protocol.ts";

/** A started child, as the manager drives it (child_process.ts in the engine, a fake in unit tests). */
export interface ChildHandle {
  readonly pid: number;
  events(): AsyncIterable<ChildEvent>;
  send(message: ParentMessage): Promise<void>;
  kill(): void;
  stderrTail(): string;
}

export interface ChildSpawner {
  /** Throws when no child can be started for this model (for example its endpoint is the engine itself). */
  spawn(model: ModelEntry, agentId: string): ChildHandle;
}

/** The one tool pipeline, as sub-agents reach it: each call is judged in the parent's session. */
export interface ToolRunner {
  run(call: ToolCall, context: {
    /** The parent's session: its taint, its policy, its human for Tier 3. */
    sessionId: string;
    otr: boolean;
    signal: AbortSignal;
    offered: ReadonlySet<string>;
    reasoning?: string;
    /** The sub-agent making the call (audit and events say so). */
    agentId: string;
  }): Promise<{ actionId: string; content: string; isError: boolean; durationMs: number; decision?: string }>;
}

export interface SessionPort {
  find(id: string): { id: string; mode: SessionMode } | undefined;
  createWithId(id: string, mode: SessionMode): unknown;
  rename(id: string, title: string): void;
  addMessage(sessionId: string, message: NewMessage): unknown;
}

/** Persistence of records (OTR parents' children are never passed here). */
export interface SubAgentRecords {
  insert(record: SubAgentRecord): void;
  update(record: SubAgentRecord): void;
  get(id: string): SubAgentRecord | undefined;
  listByParent(parentSessionId: string): SubAgentRecord[];
  delete(id: string): boolean;
  deleteByParent(parentSessionId: string): void;
  markInterrupted(now: number): number;
}

export interface SubAgentLimits {
  maxConcurrent: number;
  timeoutSeconds: number;
  maxRounds: number;
  maxResponseTokens: number;
  outputSanitization: boolean;
}

export interface ChosenModel {
  entry: ModelEntry;
  apiKey?: string;
}

export interface SubAgentSetup {
  limits(): SubAgentLimits;
  /** The model a new child talks to: `requested` names a models[] entry; throws ToolError when unusable. */
  model(requested?: string): ChosenModel;
  /** Tools offered to children (the parent's, less the agents and schedule groups). */
  toolSpecs(): ToolSpec[];
  systemPrompt(): string;
}
