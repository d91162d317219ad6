/** Records LLM calls, tool calls and Shield samples, and reads them back as the metrics API's summaries. */
import type { Database } from "./database.ts";
import { Statements } from "./statements.ts";
import type { Clock } from "../lib/clock.ts";

export type Period = "today" | "weekly" | "monthly" | "yearly";
const PERIOD_DAYS: Record<Period, number> = { today: 1, weekly: 7, monthly: 30, yearly: 365 };

const DAY_MS = 86_400_000;
let cachedDay = { start: 0, end: 0, text: "" };

/** UTC calendar day of a timestamp; remembered per day because status requests ask for it constantly. */
export function dayOf(timestamp: number): string {
  if (timestamp >= cachedDay.start && timestamp < cachedDay.end) return cachedDay.text;
  const start = Math.floor(timestamp / DAY_MS) * DAY_MS;
  cachedDay = { start, end: start + DAY_MS, text: new Date(start).toISOString().slice(0, 10) };
  return cachedDay.text;
}

function firstDay(now: number, days: number): string {
  return dayOf(now - (days - 1) * 86_400_000);
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return round(sorted[index]);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** One LLM call, as the turn runner and compaction record it. */
export interface LlmCallSample {
  sessionId: string;
  role: string;
  provider: string;
  model: string;
  latencyMs: number;
  inputTokens: number;
  outputTokens: number;
  ok: boolean;
}

/** One executed tool call, as the tool pipeline records it. */
export interface ToolCallSample {
  sessionId: string;
  toolName: string;
  isError: boolean;
  durationMs: number;
}

export class MetricsStore {
  private readonly sql: Statements;

  constructor(db: Database, private readonly clock: Clock) {
    this.sql = new Statements(db);
  }

  llmCall(sample: LlmCallSample): void {
    const now = this.clock.now();
    this.sql.get(
      `INSERT INTO llm_calls (ts, day, session_id, role, provider, model, latency_ms, input_tokens, output_tokens, ok)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      now,
      dayOf(now),
      sample.sessionId,
      sample.role,
      sample.provider,
      sample.model,
      sample.latencyMs,
      sample.inputTokens,
      sample.outputTokens,
      sample.ok ? 1 : 0,
    );
  }

  toolCall(sample: ToolCallSample): void {
    const now = this.clock.now();
    this.sql.get(
      "INSERT INTO tool_calls (ts, day, session_id, tool_name, is_error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)",
    )
      .run(now, dayOf(now), sample.sessionId, sample.toolName, sample.isError ? 1 : 0, sample.durationMs);
  }

  shieldLatency(tier: number, latencyMs: number): void {
    const now = this.clock.now();
    this.sql.get("INSERT INTO shield_samples (ts, day, tier, latency_ms) VALUES (?, ?, ?, ?)").run(
      now,
      dayOf(now),
      tier,
      latencyMs,
    );
  }

  shieldDecision(tier: number, decision: string, toolName: string): void {
    const now = this.clock.now();
    this.sql.get("INSERT INTO shield_decisions (ts, day, tier, decision, tool_name) VALUES (?, ?, ?, ?, ?)")
      .run(now, dayOf(now), tier, decision, toolName);
  }

  summary(period: Period): Record<string, unknown> {
    const now = this.clock.now();
    const from = firstDay(now, PERIOD_DAYS[period]);
    const to = dayOf(now);
    const tokens = this.sql.get(
      `SELECT coalesce(sum(input_tokens), 0) AS input_tokens, coalesce(sum(output_tokens), 0) AS output_tokens,
         count(*) AS calls, coalesce(sum(1 - ok), 0) AS failures FROM llm_calls WHERE day >= ?`,
    ).get(from) as { input_tokens: number; output_tokens: number; calls: number; failures: number };
    const latencies = this.column(
      "SELECT latency_ms AS value FROM llm_calls WHERE day >= ? ORDER BY latency_ms",
      from,
    );
    const tierLatency = (tier: number) =>
      this.column(
        "SELECT latency_ms AS value FROM shield_samples WHERE day >= ? AND tier = ? ORDER BY latency_ms",
        from,
        tier,
      );
    const [t0, t1, t2] = [tierLatency(0), tierLatency(1), tierLatency(2)];
    return {
      period,
      from,
      to,
      token_usage: {
        input_tokens: tokens.input_tokens,
        output_tokens: tokens.output_tokens,
        total_tokens: tokens.input_tokens + tokens.output_tokens,
      },
      llm_calls: tokens.calls,
      llm_failures: tokens.failures,
      daily: this.dailyFrom(from),
      tools: this.toolSummary(from),
      shield: this.shieldSummary(from),
      performance: {
        avg_latency_ms: latencies.length ? round(latencies.reduce((a, b) => a + b, 0) / latencies.length) : 0,
        p50_latency_ms: percentile(latencies, 0.5),
        p95_latency_ms: percentile(latencies, 0.95),
        p99_latency_ms: percentile(latencies, 0.99),
        shield_t0_p50_ms: percentile(t0, 0.5),
        shield_t0_p95_ms: percentile(t0, 0.95),
        shield_t1_p50_ms: percentile(t1, 0.5),
        shield_t1_p95_ms: percentile(t1, 0.95),
        shield_t2_p50_ms: percentile(t2, 0.5),
        shield_t2_p95_ms: percentile(t2, 0.95),
      },
    };
  }

  session(sessionId: string): Record<string, unknown> {
    const row = this.sql.get(
      `SELECT coalesce(sum(input_tokens), 0) AS input_tokens, coalesce(sum(output_tokens), 0) AS output_tokens,
         count(*) AS llm_calls FROM llm_calls WHERE session_id = ?`,
    ).get(sessionId) as { input_tokens: number; output_tokens: number; llm_calls: number };
    const tools = this.sql.get("SELECT count(*) AS calls FROM tool_calls WHERE session_id = ?").get(
      sessionId,
    ) as { calls: number };
    return {
      session_id: sessionId,
      input_tokens: row.input_tokens,
      output_tokens: row.output_tokens,
      total_tokens: row.input_tokens + row.output_tokens,
      llm_calls: row.llm_calls,
      tool_calls: tools.calls,
    };
  }

  daily(days: number): Record<string, unknown>[] {
    return this.dailyFrom(firstDay(this.clock.now(), days));
  }

  private dailyFrom(from: string): Record<string, unknown>[] {
    const rows = this.sql.get(
      `SELECT day AS date, sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens, count(*) AS llm_calls
       FROM llm_calls WHERE day >= ? GROUP BY day ORDER BY day`,
    ).all(from) as { date: string; input_tokens: number; output_tokens: number; llm_calls: number }[];
    return rows.map((row) => ({ ...row, total_tokens: row.input_tokens + row.output_tokens }));
  }

  private toolSummary(from: string): Record<string, unknown> {
    const rows = this.sql.get(
      "SELECT tool_name, count(*) AS calls, sum(is_error) AS errors FROM tool_calls WHERE day >= ? GROUP BY tool_name",
    ).all(from) as { tool_name: string; calls: number; errors: number }[];
    return {
      calls: rows.reduce((sum, row) => sum + row.calls, 0),
      errors: rows.reduce((sum, row) => sum + row.errors, 0),
      by_tool: Object.fromEntries(
        rows.map((row) => [row.tool_name, { calls: row.calls, errors: row.errors }]),
      ),
    };
  }

  private shieldSummary(from: string): Record<string, unknown> {
    const rows = this.sql.get(
      "SELECT tier, decision, count(*) AS count FROM shield_decisions WHERE day >= ? GROUP BY tier, decision",
    ).all(from) as { tier: number; decision: string; count: number }[];
    const decisions: Record<string, number> = { ALLOW: 0, BLOCK: 0, ESCALATE: 0 };
    const byTier: Record<string, Record<string, number>> = {};
    for (const row of rows) {
      decisions[row.decision] = (decisions[row.decision] ?? 0) + row.count;
      byTier[String(row.tier)] ??= { ALLOW: 0, BLOCK: 0, ESCALATE: 0 };
      byTier[String(row.tier)][row.decision] = row.count;
    }
    return { decisions, by_tier: byTier, evaluations: rows.reduce((sum, row) => sum + row.count, 0) };
  }

  private column(sql: string, ...params: (string | number)[]): number[] {
    return (this.sql.get(sql).all(...params) as { value: number }[]).map((row) => row.value);
  }
}
