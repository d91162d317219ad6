/** Versioned schema migrations. Append only: never edit a migration that has shipped. */
import { memorySchemaSql } from "./memory_schema.ts";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "sessions and messages",
    sql: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL DEFAULT '',
        mode TEXT NOT NULL DEFAULT 'normal',
        summary TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_updated ON sessions (updated_at DESC);
      CREATE TABLE messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id TEXT NOT NULL UNIQUE,
        session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        content TEXT NOT NULL DEFAULT '',
        thoughts TEXT,
        token_usage TEXT,
        tool_calls TEXT,
        tool_call_id TEXT,
        name TEXT,
        compacted INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX messages_session ON messages (session_id, seq);
      CREATE VIRTUAL TABLE session_text USING fts5 (
        session_id UNINDEXED, kind UNINDEXED, ref UNINDEXED, text, tokenize = 'porter unicode61'
      );
      CREATE TRIGGER messages_text_insert AFTER INSERT ON messages WHEN new.role IN ('user', 'assistant') BEGIN
        INSERT INTO session_text (session_id, kind, ref, text) VALUES (new.session_id, 'message', new.message_id, new.content);
      END;
      CREATE TRIGGER messages_text_delete AFTER DELETE ON messages BEGIN
        DELETE FROM session_text WHERE kind = 'message' AND ref = old.message_id;
      END;
      CREATE TRIGGER sessions_title_insert AFTER INSERT ON sessions BEGIN
        INSERT INTO session_text (session_id, kind, ref, text) VALUES (new.id, 'title', new.id, new.title);
      END;
      CREATE TRIGGER sessions_title_update AFTER UPDATE OF title ON sessions BEGIN
        UPDATE session_text SET text = new.title WHERE kind = 'title' AND ref = new.id;
      END;
      CREATE TRIGGER sessions_delete AFTER DELETE ON sessions BEGIN
        DELETE FROM session_text WHERE session_id = old.id;
      END;
    `,
  },
  {
    version: 2,
    name: "metrics and budgets",
    sql: `
      CREATE TABLE llm_calls (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        ts INTEGER NOT NULL,
        day TEXT NOT NULL,
        session_id TEXT NOT NULL DEFAULT '',
        role TEXT NOT NULL DEFAULT 'chat',
        provider TEXT NOT NULL,
        model TEXT NOT NULL,
        latency_ms REAL NOT NULL,
        input_tokens INTEGER NOT NULL DEFAULT 0,
        output_tokens INTEGER NOT NULL DEFAULT 0,
        ok INTEGER NOT NULL DEFAULT 1
      );
      CREATE INDEX llm_calls_day ON llm_calls (day);
      CREATE INDEX llm_calls_session ON llm_calls (session_id);
      CREATE TABLE shield_samples (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        ts INTEGER NOT NULL,
        day TEXT NOT NULL,
        tier INTEGER NOT NULL,
        latency_ms REAL NOT NULL
      );
      CREATE INDEX shield_samples_day ON shield_samples (day, tier);
      CREATE TABLE shield_decisions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        ts INTEGER NOT NULL,
        day TEXT NOT NULL,
        tier INTEGER NOT NULL,
        decision TEXT NOT NULL,
        tool_name TEXT NOT NULL
      );
      CREATE INDEX shield_decisions_day ON shield_decisions (day);
      CREATE TABLE tool_calls (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        ts INTEGER NOT NULL,
        day TEXT NOT NULL,
        session_id TEXT NOT NULL DEFAULT '',
        tool_name TEXT NOT NULL,
        is_error INTEGER NOT NULL,
        duration_ms REAL NOT NULL
      );
      CREATE INDEX tool_calls_day ON tool_calls (day);
      CREATE TABLE tier2_budget (
        day TEXT PRIMARY KEY,
        used INTEGER NOT NULL DEFAULT 0
      );
    `,
  },
  {
    version: 3,
    name: "web login sessions",
    sql: `
      CREATE TABLE web_logins (
        token_hash TEXT PRIMARY KEY,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
    `,
  },
  { version: 4, name: "memory index", sql: memorySchemaSql },
  { version: 5, name: "action id on tool messages", sql: "ALTER TABLE messages ADD COLUMN action_id TEXT" },
  {
    version: 6,
    name: "tool outcome on tool messages",
    sql: "ALTER TABLE messages ADD COLUMN tool_outcome TEXT",
  },
  {
    version: 7,
    name: "audit anchor",
    // One row: the audit chain's head as canonical JSON, and its HMAC ("" when no key is configured).
    sql: `
      CREATE TABLE audit_anchor (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        state TEXT NOT NULL,
        signature TEXT NOT NULL DEFAULT '',
        updated_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 8,
    name: "sub-agents, schedules and heartbeat items",
    sql: `
      CREATE TABLE sub_agents (
        id TEXT PRIMARY KEY,
        parent_session_id TEXT NOT NULL,
        child_session_id TEXT NOT NULL,
        task_summary TEXT NOT NULL,
        model TEXT NOT NULL,
        state TEXT NOT NULL,
        reason TEXT NOT NULL DEFAULT '',
        result TEXT NOT NULL DEFAULT '',
        rounds_used INTEGER NOT NULL DEFAULT 0,
        timeout_seconds INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        finished_at INTEGER
      );
      CREATE INDEX sub_agents_parent ON sub_agents (parent_session_id);
      CREATE TABLE schedules (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        task TEXT NOT NULL,
        cron TEXT NOT NULL DEFAULT '',
        run_at INTEGER,
        timezone TEXT NOT NULL,
        created_by_session TEXT NOT NULL,
        session_id TEXT NOT NULL DEFAULT '',
        next_run_at INTEGER,
        last_run_at INTEGER,
        run_count INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX schedules_next ON schedules (next_run_at);
      CREATE TABLE heartbeat_items (
        item_hash TEXT PRIMARY KEY,
        last_run_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 9,
    name: "tool outcome of tool messages stored before version 6",
    // Those messages hold the verdict only in their text; a client reads tool_outcome alone, so it is derived
    // here once. "Blocked by Shield (tier N): reason" (28 characters before the reason), "Not approved by Shield
    // (tier N): reason" (33), and the engine's own refusals "Refused: reason" (9). Calls that ran keep no outcome:
    // their tier and whether they failed were never stored.
    sql: `
      UPDATE messages SET tool_outcome = json_object('decision', 'BLOCK', 'tier', CAST(substr(content, 25, 1) AS INTEGER),
        'reason', substr(content, 29), 'is_error', json('true'), 'duration_ms', 0)
      WHERE role = 'tool' AND tool_outcome IS NULL AND content GLOB 'Blocked by Shield (tier [0-3]): *';
      UPDATE messages SET tool_outcome = json_object('decision', 'ESCALATE', 'tier', CAST(substr(content, 30, 1) AS INTEGER),
        'reason', substr(content, 34), 'is_error', json('true'), 'duration_ms', 0)
      WHERE role = 'tool' AND tool_outcome IS NULL AND content GLOB 'Not approved by Shield (tier [0-3]): *';
      UPDATE messages SET tool_outcome = json_object('decision', 'BLOCK', 'tier', 0,
        'reason', substr(content, 10), 'is_error', json('true'), 'duration_ms', 0)
      WHERE role = 'tool' AND tool_outcome IS NULL AND content GLOB 'Refused: *';
    `,
  },
  {
    version: 10,
    name: "message text indexed for search in batches",
    // An FTS5 insert per message made every message's commit write a new index segment (about half of a turn's
    // storage time). The store now indexes messages past `last_seq` in one statement: before a search, every
    // 100 messages, and when the engine goes quiet. Everything stored so far was indexed by the trigger.
    sql: `
      DROP TRIGGER messages_text_insert;
      CREATE TABLE message_text_indexed (last_seq INTEGER NOT NULL);
      INSERT INTO message_text_indexed (last_seq) SELECT coalesce(max(seq), 0) FROM messages;
    `,
  },
];
