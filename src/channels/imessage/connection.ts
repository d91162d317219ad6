/** Polls Messages' chat.db (read only) for incoming messages. The last row stored is saved as the adapter's cursor,
 * so after a restart (or a crash between reading and storing) reading goes on from there and nothing is skipped;
 * the very first start looks back a few minutes. */
import { DatabaseSync } from "node:sqlite";
import { sleep } from "../backoff.ts";
import type { AdapterSink } from "../types.ts";
import { appleTime, type MessageRow, toInbound } from "./inbound.ts";

const LOOKBACK_MS = 10 * 60_000;

const QUERY = `
  SELECT message.ROWID AS rowid, message.guid AS guid, message.text AS text, handle.id AS handle,
         message.cache_roomnames AS room
    FROM message LEFT JOIN handle ON handle.ROWID = message.handle_id
   WHERE message.is_from_me = 0 AND (message.ROWID > ? OR (? = 0 AND message.date >= ?))
   ORDER BY message.ROWID LIMIT 200`;

export interface PollerOptions {
  databasePath: string;
  intervalMs: number;
  now: () => number;
  log: (message: string) => void;
}

export class ChatDbPoller {
  private cursor = 0;

  constructor(private readonly options: PollerOptions) {}

  async run(sink: AdapterSink, signal: AbortSignal): Promise<void> {
    const saved = Number(sink.cursor() ?? 0);
    this.cursor = Number.isSafeInteger(saved) && saved > 0 ? saved : 0;
    while (!signal.aborted) {
      try {
        const rows = this.read();
        sink.alive();
        for (const row of rows) {
          const message = toInbound(row);
          if (message) await sink.receive(message);
          this.cursor = Math.max(this.cursor, row.rowid);
          sink.saveCursor(String(this.cursor));
        }
      } catch (error) {
        sink.lost(`Cannot read ${this.options.databasePath}: ${(error as Error).message}`);
      }
      await sleep(this.options.intervalMs, signal);
    }
  }

  private read(): MessageRow[] {
    const db = new DatabaseSync(this.options.databasePath, { readOnly: true });
    try {
      return db.prepare(QUERY).all(
        this.cursor,
        this.cursor,
        appleTime(this.options.now() - LOOKBACK_MS),
      ) as unknown as MessageRow[];
    } finally {
      db.close();
    }
  }
}
