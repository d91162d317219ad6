/** The inbound journal: every admitted channel message is written here before the platform is told it arrived,
 * and marked done once its answer was sent, so a crash or restart never loses one and a redelivery is dropped
 * by its platform message id. Also keeps which session each chat talks to. */
import type { DatabaseSync } from "node:sqlite";
import type { InboundMessage } from "./types.ts";

export interface JournalEntry extends InboundMessage {
  platform: string;
  receivedAt: number;
}

/** Done entries are kept this long, to recognise late redeliveries, then removed. */
const KEEP_DONE_MS = 7 * 24 * 3600_000;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS channel_inbound (
    platform TEXT NOT NULL,
    message_id TEXT NOT NULL,
    chat_id TEXT NOT NULL,
    sender_id TEXT NOT NULL,
    text TEXT NOT NULL,
    grouped INTEGER NOT NULL DEFAULT 0,
    state TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    done_at INTEGER,
    PRIMARY KEY (platform, message_id)
  );
  CREATE INDEX IF NOT EXISTS channel_inbound_pending ON channel_inbound (state, platform, received_at);
  CREATE TABLE IF NOT EXISTS channel_chats (
    platform TEXT NOT NULL,
    chat_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (platform, chat_id)
  );
  CREATE TABLE IF NOT EXISTS channel_cursors (
    platform TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
`;

export class InboundJournal {
  constructor(private readonly db: DatabaseSync, private readonly now: () => number) {
    db.exec(SCHEMA);
    db.prepare("DELETE FROM channel_inbound WHERE state = 'done' AND done_at < ?").run(now() - KEEP_DONE_MS);
  }

  /** Stores a message; false when one with the same platform id is already there (a duplicate). With `keepText`
   * false (off-the-record chats) only the id is kept, so nothing of an OTR conversation reaches the disk. */
  store(platform: string, message: InboundMessage, keepText = true): boolean {
    const result = this.db.prepare(
      `INSERT OR IGNORE INTO channel_inbound
        (platform, message_id, chat_id, sender_id, text, grouped, state, received_at)
        VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)`,
    ).run(
      platform,
      message.messageId,
      message.chatId,
      message.senderId,
      keepText ? message.text : "",
      message.group ? 1 : 0,
      this.now(),
    );
    return Number(result.changes) === 1;
  }

  /** Answered (or deliberately not): the text is dropped, the id kept for dedup. */
  done(platform: string, messageId: string): void {
    this.db.prepare(
      "UPDATE channel_inbound SET state = 'done', text = '', done_at = ? WHERE platform = ? AND message_id = ?",
    ).run(this.now(), platform, messageId);
  }

  /** Messages stored but not yet answered, oldest first (replayed when the platform's adapter starts). */
  pending(platform: string): JournalEntry[] {
    const rows = this.db.prepare(
      `SELECT message_id, chat_id, sender_id, text, grouped, received_at FROM channel_inbound
        WHERE state = 'pending' AND platform = ? ORDER BY received_at, rowid`,
    ).all(platform) as Record<string, string | number>[];
    return rows.map((row) => ({
      platform,
      messageId: String(row.message_id),
      chatId: String(row.chat_id),
      senderId: String(row.sender_id),
      text: String(row.text),
      group: row.grouped === 1,
      receivedAt: Number(row.received_at),
    }));
  }

  /** The adapter's resume point saved by saveCursor (Discord's gateway session, the last signal-cli event id,
   * the last chat.db row), or undefined when it has none yet. */
  cursor(platform: string): string | undefined {
    const row = this.db.prepare("SELECT value FROM channel_cursors WHERE platform = ?").get(platform) as
      | { value: string }
      | undefined;
    return row?.value;
  }

  /** Saves how far the platform's stream was stored; an empty value forgets it. */
  saveCursor(platform: string, value: string): void {
    if (!value) {
      this.db.prepare("DELETE FROM channel_cursors WHERE platform = ?").run(platform);
      return;
    }
    this.db.prepare(
      `INSERT INTO channel_cursors (platform, value, updated_at) VALUES (?, ?, ?)
        ON CONFLICT (platform) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    ).run(platform, value, this.now());
  }

  sessionOf(platform: string, chatId: string): string | undefined {
    const row = this.db.prepare("SELECT session_id FROM channel_chats WHERE platform = ? AND chat_id = ?")
      .get(platform, chatId) as { session_id: string } | undefined;
    return row?.session_id;
  }

  bind(platform: string, chatId: string, sessionId: string): void {
    this.db.prepare(
      `INSERT INTO channel_chats (platform, chat_id, session_id, updated_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (platform, chat_id) DO UPDATE SET session_id = excluded.session_id, updated_at = excluded.updated_at`,
    ).run(platform, chatId, sessionId, this.now());
  }

  /** Every stored chat binding (to route a session's events back to its chat after a restart). */
  bindings(): { platform: string; chatId: string; sessionId: string }[] {
    const rows = this.db.prepare("SELECT platform, chat_id, session_id FROM channel_chats").all() as Record<
      string,
      string
    >[];
    return rows.map((row) => ({ platform: row.platform, chatId: row.chat_id, sessionId: row.session_id }));
  }
}
