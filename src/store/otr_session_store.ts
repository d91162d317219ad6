/** Off-the-record sessions: held only in memory, gone on restart, never written anywhere. */
import type {
  MessageRecord,
  NewMessage,
  SessionMode,
  SessionRecord,
  SessionSearchResult,
  SessionStore,
} from "./session_types.ts";

interface OtrSession {
  record: Omit<SessionRecord, "message_count">;
  messages: MessageRecord[];
  summary: string;
}

export class OtrSessionStore implements SessionStore {
  private readonly sessions = new Map<string, OtrSession>();

  create(id: string, _mode: SessionMode, now: number): SessionRecord {
    this.sessions.set(id, {
      record: { id, title: "", mode: "otr", created_at: now, updated_at: now },
      messages: [],
      summary: "",
    });
    return this.get(id)!;
  }

  get(id: string): SessionRecord | undefined {
    const session = this.sessions.get(id);
    return session ? { ...session.record, message_count: session.messages.length } : undefined;
  }

  has(id: string): boolean {
    return this.sessions.has(id);
  }

  count(): number {
    return this.sessions.size;
  }

  list(): SessionRecord[] {
    return [...this.sessions.keys()].map((id) => this.get(id)!).sort((a, b) => b.updated_at - a.updated_at);
  }

  rename(id: string, title: string, now: number): boolean {
    const session = this.sessions.get(id);
    if (!session) return false;
    session.record.title = title;
    session.record.updated_at = now;
    return true;
  }

  delete(id: string): boolean {
    return this.sessions.delete(id);
  }

  addMessage(sessionId: string, message: NewMessage & { message_id: string }, now: number): MessageRecord {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`Unknown OTR session "${sessionId}"`);
    const record: MessageRecord = { ...message, session_id: sessionId, created_at: now };
    session.messages.push(record);
    session.record.updated_at = now;
    return record;
  }

  messages(sessionId: string): MessageRecord[] {
    return [...(this.sessions.get(sessionId)?.messages ?? [])];
  }

  /** OTR sessions are deliberately not searchable: search results can end up in other places. */
  search(_query: string, _limit: number): SessionSearchResult[] {
    return [];
  }

  clear(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    session.messages = [];
    session.summary = "";
  }

  summary(sessionId: string): string {
    return this.sessions.get(sessionId)?.summary ?? "";
  }

  compact(sessionId: string, summary: string, messageIds: string[]): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    session.summary = summary;
    const ids = new Set(messageIds);
    for (const message of session.messages) if (ids.has(message.message_id)) message.compacted = true;
  }
}
