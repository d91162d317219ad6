/** Appends hash-chained entries to audit.jsonl durably: group commit, one write+fsync per batch, file-locked. */
import type { Clock } from "../../clock.ts";
import { type AuditEntry, type AuditInput, buildEntry, serializeEntry } from "./audit_entry.ts";
import { readTail, type TailState, type TornTail } from "./audit_tail.ts";

export interface AuditLogOptions {
  clock: Clock;
  /**
   * Group commit: at most one write+fsync per interval; appends arriving meanwhile share the next one.
   * An append to an idle log is written at once (no added latency). 0 = no spacing. Default 50.
   */
  fsyncIntervalMs?: number;
  /** Called with write failures and with a torn tail found in the file; never throws back into appends. */
  onError?: (error: Error) => void;
}

export interface AuditLog {
  readonly path: string;
  /** Damage found at the end of the file when it was opened (also reported through onError). */
  readonly tornTail?: TornTail;
  /** Resolves once the entry is on disk (after fsync); rejects when the write failed. */
  append(input: AuditInput): Promise<AuditEntry>;
  /** Writes whatever is queued now and waits for it. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export class AuditTornTailError extends Error {
  constructor(path: string, readonly torn: TornTail) {
    super(
      `Audit log "${path}" has a damaged tail: ${torn.reason} (${torn.bytes} bytes at offset ${torn.offset})`,
    );
    this.name = "AuditTornTailError";
  }
}

interface Pending {
  input: AuditInput;
  ts: number;
  resolve: (entry: AuditEntry) => void;
  reject: (error: Error) => void;
}

/**
 * Opens (creating if needed) an audit log and continues its chain from the last valid entry. A damaged
 * tail is kept as is: a newline ends it and an `audit_torn_tail` entry is written, so verification
 * still reports the break where it happened instead of the damage being hidden.
 */
export async function openAuditLog(path: string, options: AuditLogOptions): Promise<AuditLog> {
  const file = await Deno.open(path, { read: true, append: true, create: true, mode: 0o600 });
  try {
    const tail = await readTail(file, (await file.stat()).size);
    const log = new FileAuditLog(path, file, options, tail.torn);
    if (tail.torn) {
      options.onError?.(new AuditTornTailError(path, tail.torn));
      await log.flush();
    }
    return log;
  } catch (error) {
    file.close();
    throw error;
  }
}

const encoder = new TextEncoder();

class FileAuditLog implements AuditLog {
  #pending: Pending[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing: Promise<void> | undefined;
  #closed = false;
  /** File size after our last write; anything else means another process wrote or a write failed. */
  #knownSize = -1;
  #tail: TailState | undefined;
  readonly #intervalMs: number;
  #repairPending: boolean;
  #lastWriteStart = -Infinity;
  #microtaskQueued = false;

  constructor(
    readonly path: string,
    private readonly file: Deno.FsFile,
    private readonly options: AuditLogOptions,
    readonly tornTail: TornTail | undefined,
  ) {
    this.#intervalMs = Math.max(0, options.fsyncIntervalMs ?? 50);
    this.#repairPending = tornTail !== undefined;
  }

  append(input: AuditInput): Promise<AuditEntry> {
    if (this.#closed) return Promise.reject(new Error(`Audit log "${this.path}" is closed`));
    return new Promise((resolve, reject) => {
      this.#pending.push({ input, ts: this.options.clock.now(), resolve, reject });
      this.#schedule();
    });
  }

  async flush(): Promise<void> {
    while (this.#writing || this.#pending.length > 0 || this.#repairPending) {
      if (!this.#writing) this.#startBatch();
      await this.#writing;
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.flush();
    this.#closed = true;
    this.file.close();
  }

  #schedule(): void {
    if (this.#writing || this.#timer !== undefined || this.#microtaskQueued) return;
    const wait = this.#lastWriteStart + this.#intervalMs - performance.now();
    if (wait > 0) this.#timer = setTimeout(() => this.#startBatch(), wait);
    else {
      // Let the current task finish queueing first, so a burst of appends shares one write.
      this.#microtaskQueued = true;
      queueMicrotask(() => {
        this.#microtaskQueued = false;
        if (!this.#writing && this.#pending.length > 0) this.#startBatch();
      });
    }
  }

  #startBatch(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending.splice(0);
    this.#repairPending = false;
    this.#lastWriteStart = performance.now();
    this.#writing = this.#writeBatch(batch).finally(() => {
      this.#writing = undefined;
      if (this.#pending.length > 0) this.#schedule();
    });
  }

  async #writeBatch(batch: Pending[]): Promise<void> {
    let entries: AuditEntry[] = [];
    try {
      await this.file.lock(true);
      try {
        entries = await this.#writeLocked(batch);
      } finally {
        await this.file.unlock();
      }
    } catch (error) {
      this.#knownSize = -1;
      const failure = new Error(`Cannot write audit log "${this.path}": ${(error as Error).message}`);
      this.options.onError?.(failure);
      for (const item of batch) item.reject(failure);
      return;
    }
    // The first entries may be the torn-tail notice, which no caller waits for.
    const offset = entries.length - batch.length;
    batch.forEach((item, index) => item.resolve(entries[offset + index]));
  }

  async #writeLocked(batch: Pending[]): Promise<AuditEntry[]> {
    const size = (await this.file.stat()).size;
    if (size !== this.#knownSize || !this.#tail) this.#tail = await readTail(this.file, size);
    const tail = this.#tail;
    const inputs: { input: AuditInput; ts: number }[] = [];
    if (tail.torn) inputs.push({ input: tornTailInput(tail.torn), ts: this.options.clock.now() });
    inputs.push(...batch);
    let text = tail.endsWithNewline ? "" : "\n";
    let seq = tail.nextSeq;
    let prevHash = tail.lastHash;
    const entries: AuditEntry[] = [];
    for (const { input, ts } of inputs) {
      const entry = buildEntry(input, seq++, ts, prevHash);
      prevHash = entry.hash;
      entries.push(entry);
      text += serializeEntry(entry) + "\n";
    }
    if (entries.length === 0 && text === "") return entries;
    const bytes = encoder.encode(text);
    await writeAll(this.file, bytes);
    await this.file.syncData();
    this.#knownSize = size + bytes.length;
    this.#tail = { nextSeq: seq, lastHash: prevHash, endsWithNewline: true };
    return entries;
  }
}

function tornTailInput(torn: TornTail): AuditInput {
  return {
    event: "audit_torn_tail",
    session_id: "",
    action_type: "audit",
    details: { offset: torn.offset, bytes: torn.bytes, after_seq: torn.after_seq, reason: torn.reason },
  };
}

async function writeAll(file: Deno.FsFile, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) written += await file.write(bytes.subarray(written));
}
