/** Shield's public contract. Shield imports nothing of the engine; the engine supplies these ports. */

export type Decision = "ALLOW" | "BLOCK" | "ESCALATE";

/** A proposed action: a tool call, as Shield sees it. */
export interface Action {
  /** Tool name (action type), e.g. "execute_command", "write_file", "mcp__server__tool". */
  type: string;
  /** Tool arguments (the Shield payload fields: path, content, command, url, body, to, task, ...). */
  payload: Record<string, unknown>;
  /** Session the action belongs to ("" when standalone). */
  sessionId?: string;
  /** Engine's id for the action (used by Tier 3 and events). */
  actionId?: string;
  /** MCP tool annotations, when the tool carries them. Hints only: they never make an action look safer than
   * its name and arguments show. */
  annotations?: ToolAnnotations;
  /** The JSON Schema of the tool's arguments, for tools Shield does not know (MCP). */
  inputSchema?: Record<string, unknown>;
}

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  openWorldHint?: boolean;
  idempotentHint?: boolean;
}

export interface TierResult {
  tier: number;
  decision: Decision;
  reason: string;
  confidence?: number;
  latency_us?: number;
}

export interface Verdict {
  decision: Decision;
  /** Tier that made the final decision (0..3). */
  tier: number;
  reason: string;
  confidence: number;
  tier_results: TierResult[];
  /** True when served from the verdict cache. */
  cached?: boolean;
}

/** Options the caller adds to one evaluation. */
export interface EvaluationHints {
  /** Raise the action to at least this tier (IFC escalate -> 2). */
  minimumTier?: 2 | 3;
  /** Context shown to the human / Tier 2 evaluator (never agent history). */
  reasoning?: string;
}

/** Port: the Tier 2 LLM. Returns the model's raw text answer. */
export interface Tier2Client {
  complete(system: string, user: string, signal?: AbortSignal): Promise<string>;
}

/** Port: counts Tier 2 calls per day (the engine stores it in the database). */
export interface BudgetCounter {
  usedToday(): number;
  /** Atomically takes one call from today's budget; false when the budget is exhausted. */
  tryConsume(limit: number): boolean;
}

/** Port: asks a human. Resolves "approve" or "deny"; "timeout" when nobody answered in time; "unavailable" when
 * no client could be asked. */
export interface ApprovalRequester {
  request(input: {
    actionId: string;
    actionHash: string;
    sessionId: string;
    toolName: string;
    target: string;
    reasoning: string;
    timeoutSecs: number;
  }): Promise<"approve" | "deny" | "timeout" | "unavailable">;
}

/** Port: receives one latency sample per tier per evaluation, and every verdict. */
export interface ShieldObserver {
  latency?(tier: 0 | 1 | 2 | 3, ms: number): void;
  verdict?(action: Action, verdict: Verdict): void;
}
