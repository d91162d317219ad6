/** The messages of the few sessions used last, as the store returns them, kept in step with every write: a turn
 * reads its session's whole history on every round, and SQLite plus JSON parsing of a long history costs more than
 * the rest of the turn. Bounded: at most MAX_SESSIONS sessions, none whose messages pass MAX_CHARS; emptied when
 * the engine goes quiet after growing (src/app/idle_memory.ts), so long histories are not held while idle. */
import type { MessageRecord } from "./session_types.ts";

export const MAX_SESSIONS = 8;
const MAX_CHARS = 1_000_000;

interface Entry {
  records: MessageRecord[];
  chars: number;
}

export class MessageCache {
  private readonly entries = new Map<string, Entry>();

  /** A copy of the session's cached list (its records are frozen), or undefined. */
  get(sessionId: string): MessageRecord[] | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    // Most recently used last: the first entry is the one to evict.
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    return entry.records.slice();
  }

  /** Keeps what the store just read for the session. */
  fill(sessionId: string, records: MessageRecord[]): void {
    const chars = records.reduce((sum, record) => sum + sizeOf(record), 0);
    if (chars > MAX_CHARS) return;
    for (const record of records) Object.freeze(record);
    this.entries.set(sessionId, { records: records.slice(), chars });
    if (this.entries.size > MAX_SESSIONS) this.entries.delete(this.entries.keys().next().value!);
  }

  /** A message just stored, appended when the session is kept. */
  append(sessionId: string, record: MessageRecord): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    entry.chars += sizeOf(record);
    if (entry.chars > MAX_CHARS) {
      this.entries.delete(sessionId);
      return;
    }
    entry.records.push(Object.freeze(record));
  }

  /** Sessions kept now (at most MAX_SESSIONS). */
  get size(): number {
    return this.entries.size;
  }

  drop(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  /** Forgets every session: each refills from the store on its next read. */
  clear(): void {
    this.entries.clear();
  }
}

function sizeOf(record: MessageRecord): number {
  return record.content.length + (record.tool_calls ? JSON.stringify(record.tool_calls).length : 0) + 200;
}
