/** The SQLite stores on a real database held in memory: sessions and messages, search, compaction, metrics,
 * the Tier 2 budget and login tokens. */
import assert from "node:assert/strict";
import { openDatabase } from "../../src/store/database.ts";
import { SqliteSessionStore } from "../../src/store/sqlite_session_store.ts";
import { MetricsStore } from "../../src/store/metrics_store.ts";
import { BudgetStore } from "../../src/store/budget_store.ts";
import { LoginStore } from "../../src/store/login_store.ts";
import { fakeClock } from "../support/core_fakes.ts";

const DAY = 86_400_000;

Deno.test("session store: sessions list newest first with their message counts; delete removes messages", () => {
  const store = new SqliteSessionStore(openDatabase(":memory:"));
  store.create("s1", "normal", 1000);
  store.create("s2", "normal", 2000);
  store.addMessage("s1", { message_id: "m1", role: "user", content: "hello" }, 3000);
  assert.deepEqual(store.list().map((session) => [session.id, session.message_count]), [["s1", 1], [
    "s2",
    0,
  ]]);
  assert.equal(store.count(), 2);
  assert.equal(store.delete("s1"), true);
  assert.deepEqual(store.messages("s1"), []);
  assert.equal(store.has("s1"), false);
  assert.equal(store.delete("s1"), false);
});

Deno.test("session store: a message keeps its thoughts, usage, tool calls and tool outcome", () => {
  const store = new SqliteSessionStore(openDatabase(":memory:"));
  store.create("s1", "normal", 1);
  const outcome = { decision: "BLOCK" as const, tier: 1, reason: "rm -rf /", is_error: true, duration_ms: 0 };
  store.addMessage("s1", {
    message_id: "m1",
    role: "assistant",
    content: "",
    tool_calls: [{ id: "c1", name: "execute_command", arguments: '{"command":"rm -rf /"}' }],
    thoughts: [{ stage: "reasoning", summary: "clean" }],
    token_usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3 },
  }, 2);
  store.addMessage("s1", {
    message_id: "m2",
    role: "tool",
    content: "Blocked by Shield (tier 1): rm -rf /",
    tool_call_id: "c1",
    action_id: "a1",
    tool_outcome: outcome,
  }, 3);
  const [assistant, tool] = store.messages("s1");
  assert.equal(assistant.tool_calls?.[0].name, "execute_command");
  assert.equal(assistant.thoughts?.[0].stage, "reasoning");
  assert.equal(assistant.token_usage?.total_tokens, 3);
  assert.deepEqual(tool.tool_outcome, outcome);
  assert.equal(tool.action_id, "a1");
});

Deno.test("session store: search finds titles and message text, one result per session; FTS syntax is text", () => {
  const store = new SqliteSessionStore(openDatabase(":memory:"));
  store.create("s1", "normal", 1);
  store.rename("s1", "Quarterly report", 2);
  store.create("s2", "normal", 3);
  store.addMessage("s2", { message_id: "m1", role: "user", content: "the quarterly numbers look odd" }, 4);
  store.addMessage("s2", { message_id: "m2", role: "assistant", content: "quarterly totals differ" }, 5);
  const found = store.search("quarter", 10).map((result) => result.session_id).sort();
  assert.deepEqual(found, ["s1", "s2"], "the last word matches as a prefix");
  for (const hostile of ['"', "NEAR(", "a AND", "*", "title:x", "-"]) {
    assert.doesNotThrow(() => store.search(hostile, 10), hostile);
  }
  assert.deepEqual(store.search("   ", 10), []);
});

Deno.test("session store: compaction keeps the summary and hides folded messages from the context", () => {
  const store = new SqliteSessionStore(openDatabase(":memory:"));
  store.create("s1", "normal", 1);
  store.addMessage("s1", { message_id: "m1", role: "user", content: "old" }, 2);
  store.addMessage("s1", { message_id: "m2", role: "user", content: "new" }, 3);
  store.compact("s1", "they said old", ["m1"]);
  assert.equal(store.summary("s1"), "they said old");
  assert.deepEqual(store.messages("s1").map((message) => message.compacted ?? false), [true, false]);
  store.clear("s1");
  assert.deepEqual(store.messages("s1"), []);
});

Deno.test("metrics store: LLM and tool samples add up per session, per day and per tool", () => {
  const clock = fakeClock(Date.UTC(2025, 0, 10, 12));
  const metrics = new MetricsStore(openDatabase(":memory:"), clock);
  const llm = { role: "chat", provider: "fake", model: "m", latencyMs: 10, ok: true };
  metrics.llmCall({ ...llm, sessionId: "s1", inputTokens: 100, outputTokens: 20 });
  clock.advance(DAY);
  metrics.llmCall({ ...llm, sessionId: "s1", inputTokens: 50, outputTokens: 5, ok: false });
  metrics.toolCall({ sessionId: "s1", toolName: "read_file", isError: false, durationMs: 3 });
  metrics.toolCall({ sessionId: "s1", toolName: "read_file", isError: true, durationMs: 3 });
  assert.deepEqual(metrics.session("s1"), {
    session_id: "s1",
    input_tokens: 150,
    output_tokens: 25,
    total_tokens: 175,
    llm_calls: 2,
    tool_calls: 2,
  });
  const today = metrics.summary("today");
  assert.deepEqual(today.token_usage, { input_tokens: 50, output_tokens: 5, total_tokens: 55 });
  assert.equal(today.llm_failures, 1);
  assert.deepEqual((today.tools as { by_tool: unknown }).by_tool, { read_file: { calls: 2, errors: 1 } });
  assert.deepEqual(metrics.daily(7).map((day) => [day.date, day.total_tokens]), [
    ["2025-01-10", 120],
    ["2025-01-11", 55],
  ]);
});

Deno.test("budget store: the Tier 2 budget is counted per day and never passes its limit", () => {
  const clock = fakeClock(Date.UTC(2025, 0, 10, 12));
  const db = openDatabase(":memory:");
  const budget = new BudgetStore(db, clock);
  assert.equal(budget.tryConsume(2), true);
  assert.equal(budget.tryConsume(2), true);
  assert.equal(budget.tryConsume(2), false);
  assert.equal(new BudgetStore(db, clock).usedToday(), 2, "kept in the database");
  clock.advance(DAY);
  assert.equal(budget.usedToday(), 0);
  assert.equal(budget.tryConsume(2), true);
});

Deno.test("login store: a token hash is valid until it expires or is removed", () => {
  const logins = new LoginStore(openDatabase(":memory:"));
  logins.add("h1", 1000, 2000);
  logins.add("h2", 1000, 5000);
  assert.equal(logins.isValid("h1", 1999), true);
  assert.equal(logins.isValid("h1", 2000), false);
  logins.remove("h2");
  assert.equal(logins.isValid("h2", 1500), false);
  logins.removeExpired(3000);
  assert.equal(logins.isValid("unknown", 0), false);
});
