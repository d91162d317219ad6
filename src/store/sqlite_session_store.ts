/** Persistent sessions and messages in SQLite, with FTS5 search over titles and message text. Message text
 * joins the search index in batches (migration 10): before every search, every `INDEX_BATCH` messages and when
 * the engine goes quiet, so a search always sees every message stored before it. */
import type { Database } from "./database.ts";
import { Statements } from "./statements.ts";
import { onRollback, transaction } from "./database.ts";
import { MessageCache } from "./message_cache.ts";
import { buildFtsQuery, ftsExpression } from "../lib/fts_query.ts";
import type {
  MessageRecord,
  NewMessage,
  SessionMode,
  SessionRecord,
  SessionSearchResult,
  SessionStore,
} from "./session_types.ts";

interface SessionRow {
  id: string;
  title: string;
  mode: string;
  created_at: number;
  updated_at: number;
  message_count: number;
}

interface MessageRow {
  message_id: string;
  session_id: string;
  role: string;
  content: string;
  thoughts: string | null;
  token_usage: string | null;
  tool_calls: string | null;
  tool_call_id: string | null;
  name: string | null;
  action_id: string | null;
  tool_outcome: string | null;
  compacted: number;
  created_at: number;
}

/** Messages stored between two additions to the search index at most (fewer when a search or quiet comes first). */
export const INDEX_BATCH = 100;

const SESSION_COLUMNS = `s.id, s.title, s.mode, s.created_at, s.updated_at,
  (SELECT count(*) FROM messages m WHERE m.session_id = s.id) AS message_count`;

export class SqliteSessionStore implements SessionStore {
  private readonly sql: Statements;
  private readonly cache = new MessageCache();
  /** Messages stored since the index last caught up; unknown (-1) until it has once, e.g. after a restart. */
  private unindexed = -1;

  constructor(private readonly db: Database) {
    this.sql = new Statements(db);
  }

  create(id: string, mode: SessionMode, now: number): SessionRecord {
    this.sql.get("INSERT INTO sessions (id, title, mode, created_at, updated_at) VALUES (?, '', ?, ?, ?)")
      .run(id, mode, now, now);
    return this.get(id)!;
  }

  get(id: string): SessionRecord | undefined {
    const row = this.sql.get(`SELECT ${SESSION_COLUMNS} FROM sessions s WHERE s.id = ?`).get(id);
    return row ? toSession(row as unknown as SessionRow) : undefined;
  }

  has(id: string): boolean {
    return this.sql.get("SELECT 1 FROM sessions WHERE id = ?").get(id) !== undefined;
  }

  count(): number {
    return (this.sql.get("SELECT count(*) AS count FROM sessions").get() as { count: number }).count;
  }

  list(): SessionRecord[] {
    const rows = this.sql.get(
      `SELECT ${SESSION_COLUMNS} FROM sessions s ORDER BY s.updated_at DESC, s.rowid DESC`,
    )
      .all();
    return rows.map((row) => toSession(row as unknown as SessionRow));
  }

  rename(id: string, title: string, now: number): boolean {
    return this.sql.get("UPDATE sessions SET title = ?, updated_at = ? WHERE id = ?").run(title, now, id)
      .changes > 0;
  }

  delete(id: string): boolean {
    this.forget(id);
    return transaction(this.db, () => {
      this.sql.get("DELETE FROM messages WHERE session_id = ?").run(id);
      return this.sql.get("DELETE FROM sessions WHERE id = ?").run(id).changes > 0;
    });
  }

  addMessage(sessionId: string, message: NewMessage & { message_id: string }, now: number): MessageRecord {
    const row: MessageRow = {
      message_id: message.message_id,
      session_id: sessionId,
      role: message.role,
      content: message.content,
      thoughts: jsonOrNull(message.thoughts),
      token_usage: jsonOrNull(message.token_usage),
      tool_calls: jsonOrNull(message.tool_calls),
      tool_call_id: message.tool_call_id ?? null,
      name: message.name ?? null,
      action_id: message.action_id ?? null,
      tool_outcome: jsonOrNull(message.tool_outcome),
      compacted: 0,
      created_at: now,
    };
    try {
      transaction(this.db, () => {
        this.sql.get(
          `INSERT INTO messages (message_id, session_id, role, content, thoughts, token_usage, tool_calls, tool_call_id,
          name, action_id, tool_outcome, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          row.message_id,
          sessionId,
          row.role,
          row.content,
          row.thoughts,
          row.token_usage,
          row.tool_calls,
          row.tool_call_id,
          row.name,
          row.action_id,
          row.tool_outcome,
          now,
        );
        this.sql.get("UPDATE sessions SET updated_at = ? WHERE id = ?").run(now, sessionId);
        if (this.unindexed >= 0) this.unindexed++;
        if (this.unindexed < 0 || this.unindexed >= INDEX_BATCH) this.indexMessages();
      });
    } catch (error) {
      this.forget(sessionId);
      throw error;
    }
    // As messages() would read it back; dropped again if an outer transaction rolls back.
    this.cache.append(sessionId, toMessage(row));
    onRollback(this.db, () => this.forget(sessionId));
    return { ...message, session_id: sessionId, created_at: now };
  }

  /** The recent sessions' messages kept in memory: read again from engine.db when next asked for. The engine
   * is quiet, so the messages stored since the last batch join the search index too. */
  releaseCaches(): void {
    this.cache.clear();
    this.indexMessages();
  }

  /** Adds the messages stored past the index's mark to it, in one transaction (or the caller's). */
  indexMessages(): void {
    if (this.unindexed === 0) return;
    transaction(this.db, () => {
      this.sql.get(
        `INSERT INTO session_text (session_id, kind, ref, text)
         SELECT session_id, 'message', message_id, content FROM messages
         WHERE seq > (SELECT last_seq FROM message_text_indexed) AND role IN ('user', 'assistant') ORDER BY seq`,
      ).run();
      this.sql.get(
        "UPDATE message_text_indexed SET last_seq = max(last_seq, (SELECT coalesce(max(seq), 0) FROM messages))",
      ).run();
    });
    this.unindexed = 0;
    // A transaction of the caller's that rolls back takes the mark back with it.
    onRollback(this.db, () => this.unindexed = -1);
  }

  messages(sessionId: string): MessageRecord[] {
    const cached = this.cache.get(sessionId);
    if (cached) return cached;
    const rows = this.sql.get("SELECT * FROM messages WHERE session_id = ? ORDER BY seq").all(sessionId);
    const records = rows.map((row) => toMessage(row as unknown as MessageRow));
    this.cache.fill(sessionId, records);
    return records;
  }

  search(query: string, limit: number): SessionSearchResult[] {
    const terms = buildFtsQuery(query);
    if (!terms) return [];
    // Every term must match; the last word also as a prefix, so results appear while it is being typed.
    const match = ftsExpression(terms, "all", true);
    this.indexMessages();
    const rows = this.sql.get(
      `SELECT t.session_id AS session_id, s.title AS title,
         snippet(session_text, 3, '[', ']', '\u2026', 12) AS snippet, bm25(session_text) AS score
       FROM session_text t JOIN sessions s ON s.id = t.session_id
       WHERE session_text MATCH ? ORDER BY score LIMIT ?`,
    ).all(match, limit * 5) as unknown as (SessionSearchResult & { score: number })[];
    const best = new Map<string, SessionSearchResult>();
    for (const row of rows) {
      if (!best.has(row.session_id)) {
        best.set(row.session_id, { session_id: row.session_id, title: row.title, snippet: row.snippet });
      }
    }
    return [...best.values()].slice(0, limit);
  }

  clear(sessionId: string): void {
    this.forget(sessionId);
    transaction(this.db, () => {
      this.sql.get("DELETE FROM messages WHERE session_id = ?").run(sessionId);
      this.sql.get("UPDATE sessions SET summary = '' WHERE id = ?").run(sessionId);
    });
  }

  summary(sessionId: string): string {
    const row = this.sql.get("SELECT summary FROM sessions WHERE id = ?").get(sessionId) as
      | { summary: string }
      | undefined;
    return row?.summary ?? "";
  }

  compact(sessionId: string, summary: string, messageIds: string[]): void {
    this.forget(sessionId);
    transaction(this.db, () => {
      this.sql.get("UPDATE sessions SET summary = ? WHERE id = ?").run(summary, sessionId);
      const mark = this.sql.get("UPDATE messages SET compacted = 1 WHERE session_id = ? AND message_id = ?");
      for (const id of messageIds) mark.run(sessionId, id);
    });
  }

  /** Stops keeping a session's messages in memory (a change the cache cannot follow, or a failed write). */
  private forget(sessionId: string): void {
    this.cache.drop(sessionId);
  }
}

function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    title: row.title,
    mode: row.mode === "otr" ? "otr" : "normal",
    created_at: row.created_at,
    updated_at: row.updated_at,
    message_count: row.message_count,
  };
}

function toMessage(row: MessageRow): MessageRecord {
  const message: MessageRecord = {
    message_id: row.message_id,
    session_id: row.session_id,
    role: row.role as MessageRecord["role"],
    content: row.content,
    created_at: row.created_at,
  };
  if (row.thoughts) message.thoughts = JSON.parse(row.thoughts);
  if (row.token_usage) message.token_usage = JSON.parse(row.token_usage);
  if (row.tool_calls) message.tool_calls = JSON.parse(row.tool_calls);
  if (row.tool_call_id) message.tool_call_id = row.tool_call_id;
  if (row.name) message.name = row.name;
  if (row.action_id) message.action_id = row.action_id;
  if (row.tool_outcome) message.tool_outcome = JSON.parse(row.tool_outcome);
  if (row.compacted) message.compacted = true;
  return message;
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}
