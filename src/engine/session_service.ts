/** Sessions of both modes behind one service: persistent ones in SQLite, OTR ones only in memory. */
import type { Clock } from "../lib/clock.ts";
import { newId } from "../lib/clock.ts";
import { NotFoundError, ValidationError } from "../lib/errors.ts";
import type {
  MessageRecord,
  NewMessage,
  SessionMode,
  SessionRecord,
  SessionSearchResult,
  SessionStore,
} from "../store/session_types.ts";

const MAX_TITLE_LENGTH = 200;

export interface SessionObserver {
  created?(session: SessionRecord): void;
  deleted?(session: SessionRecord): void;
}

export class SessionService {
  private observers: SessionObserver[] = [];
  /** Persistent sessions, counted once and then kept in step: status is asked for often. */
  private persistentCount: number | undefined;
  /** Bumped by every change to any session or its messages: hot views keep their JSON while it stays. */
  private changes = 0;

  constructor(
    private readonly persistent: SessionStore,
    private readonly otr: SessionStore,
    private readonly clock: Clock,
  ) {}

  /** A number that differs after any change to a session, its title or its messages. */
  version(): number {
    return this.changes;
  }

  observe(observer: SessionObserver): void {
    this.observers.push(observer);
  }

  create(mode: SessionMode = "normal"): SessionRecord {
    return this.createWithId(newId("s_"), mode);
  }

  /** Creates a session under a given id (an OTR session opened by a first WebSocket message). */
  createWithId(id: string, mode: SessionMode): SessionRecord {
    if (this.find(id)) throw new ValidationError(`Session "${id}" already exists`, "SESSION_EXISTS");
    const session = this.storeFor(mode).create(id, mode, this.clock.now());
    this.changes++;
    if (mode !== "otr" && this.persistentCount !== undefined) this.persistentCount++;
    for (const observer of this.observers) observer.created?.(session);
    return session;
  }

  find(id: string): SessionRecord | undefined {
    return this.otr.get(id) ?? this.persistent.get(id);
  }

  get(id: string): SessionRecord {
    const session = this.find(id);
    if (!session) throw new NotFoundError(`Session "${id}" not found`, "SESSION_NOT_FOUND");
    return session;
  }

  /** Most recent first, OTR sessions included (they exist until the engine stops). */
  list(): SessionRecord[] {
    return [...this.otr.list(), ...this.persistent.list()].sort((a, b) => b.updated_at - a.updated_at);
  }

  count(): number {
    this.persistentCount ??= this.persistent.count();
    return this.otr.count() + this.persistentCount;
  }

  rename(id: string, title: string): void {
    const clean = title.trim();
    if (clean.length === 0) throw new ValidationError('Field "title" must not be empty');
    if (clean.length > MAX_TITLE_LENGTH) {
      throw new ValidationError(`Field "title" must be at most ${MAX_TITLE_LENGTH} characters`);
    }
    const session = this.get(id);
    this.storeFor(session.mode).rename(id, clean, this.clock.now());
    this.changes++;
  }

  delete(id: string): void {
    const session = this.get(id);
    this.storeFor(session.mode).delete(id);
    this.changes++;
    if (session.mode !== "otr" && this.persistentCount !== undefined) this.persistentCount--;
    for (const observer of this.observers) observer.deleted?.(session);
  }

  addMessage(sessionId: string, message: NewMessage): MessageRecord {
    const record = { ...message, message_id: message.message_id ?? newId("m_") };
    const stored = this.storeOf(sessionId).addMessage(sessionId, record, this.clock.now());
    this.changes++;
    return stored;
  }

  messages(sessionId: string): MessageRecord[] {
    return this.storeOf(sessionId).messages(sessionId);
  }

  search(query: string, limit = 20): SessionSearchResult[] {
    if (query.trim().length === 0) throw new ValidationError('Query parameter "q" must not be empty');
    return this.persistent.search(query, limit);
  }

  /** Removes every message of a session (and its compaction note) but keeps the session. */
  clear(sessionId: string): void {
    this.storeOf(sessionId).clear(sessionId);
    this.changes++;
  }

  summary(sessionId: string): string {
    return this.storeOf(sessionId).summary(sessionId);
  }

  compact(sessionId: string, summary: string, messageIds: string[]): void {
    this.storeOf(sessionId).compact(sessionId, summary, messageIds);
    this.changes++;
  }

  /** Forgets what the stores keep in memory only to read faster (never an OTR session: memory is its store). */
  releaseCaches(): void {
    this.persistent.releaseCaches?.();
  }

  /** The store holding an existing session; 404 when there is none. */
  private storeOf(sessionId: string): SessionStore {
    if (this.otr.has(sessionId)) return this.otr;
    if (this.persistent.has(sessionId)) return this.persistent;
    throw new NotFoundError(`Session "${sessionId}" not found`, "SESSION_NOT_FOUND");
  }

  private storeFor(mode: SessionMode): SessionStore {
    return mode === "otr" ? this.otr : this.persistent;
  }
}
