/** Appends hash-chained entries to audit.jsonl durably: group commit, one write+fsync per batch, file-locked,
 * with the chain's head anchored outside the file when an anchor store is given. */
import type { Clock } from "../lib/clock.ts";
import { type AuditEntry, type AuditInput, buildEntry, serializeEntry } from "./audit_entry.ts";
import { readTail, type TailState, type TornTail } from "./audit_tail.ts";
import { AnchorKeeper, type AnchorOptions } from "./_anchor_keeper.ts";
import type { AnchorRecord } from "./audit_anchor.ts";

export interface AuditLogOptions {
  clock: Clock;
  /**
   * Group commit: at most one write+fsync per interval; appends arriving meanwhile share the next one.
   * An append to an idle log is written on the next timer turn (no added latency). 0 = no spacing.
   * Default 50.
   */
  fsyncIntervalMs?: number;
  /** Called with write failures, a torn tail and anchor breaks; never throws back into appends. */
  onError?: (error: Error) => void;
  /**
   * Keeps the head in an anchor outside the file, checked whenever the file is read: a cut, replaced or
   * extended log is recorded as a break (docs/audit.md). Without it the chain is only self-consistent.
   */
  anchor?: AnchorOptions;
}

export interface AppendOptions {
  /** Write without waiting out the group-commit spacing: the caller will not act until it is on disk. */
  immediate?: boolean;
}

export interface AuditLog {
  readonly path: string;
  /** Damage found at the end of the file when it was opened (also reported through onError). */
  readonly tornTail?: TornTail;
  /** Resolves once the entry is on disk (after fsync); rejects when the write failed. */
  append(input: AuditInput, options?: AppendOptions): Promise<AuditEntry>;
  /** Writes whatever is queued now and waits for it. */
  flush(): Promise<void>;
  /** The anchor this process last wrote, if any; read it under the file's lock to match the file. */
  lastAnchor(): AnchorRecord | undefined;
  close(): Promise<void>;
}

export class AuditAnchorBreakError extends Error {
  constructor(path: string, readonly at: number, reason: string) {
    super(`Audit log "${path}" does not match its anchor at entry ${at}: ${reason}`);
    this.name = "AuditAnchorBreakError";
  }
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
 * still reports the break where it happened instead of the damage being hidden. With an anchor, a file
 * that is not the one anchored is continued the same way after an `audit_anchor_break` entry, and the
 * break stays recorded in the anchor.
 */
export async function openAuditLog(path: string, options: AuditLogOptions): Promise<AuditLog> {
  const file = await openFile(path);
  try {
    const tail = await readTail(file, (await file.stat()).size);
    const log = new FileAuditLog(path, file, options, tail.torn);
    if (tail.torn) options.onError?.(new AuditTornTailError(path, tail.torn));
    if (tail.torn || options.anchor) await log.flush();
    return log;
  } catch (error) {
    file.close();
    throw error;
  }
}

/** Opens the log for appending; a symlink or anything but a regular file at its path is refused. */
async function openFile(path: string): Promise<Deno.FsFile> {
  const info = await lstatOrUndefined(path);
  if (info && !info.isFile) {
    throw new Error(
      `Cannot open audit log "${path}": it is ${info.isSymlink ? "a symlink" : "not a regular file"}`,
    );
  }
  return await Deno.open(path, { read: true, append: true, create: true, mode: 0o600 });
}

async function lstatOrUndefined(path: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.lstat(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
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
  #urgent = false;
  readonly #anchor: AnchorKeeper | undefined;

  constructor(
    readonly path: string,
    private file: Deno.FsFile,
    private readonly options: AuditLogOptions,
    readonly tornTail: TornTail | undefined,
  ) {
    this.#intervalMs = Math.max(0, options.fsyncIntervalMs ?? 50);
    this.#repairPending = tornTail !== undefined || options.anchor !== undefined;
    this.#anchor = options.anchor && new AnchorKeeper(path, options.anchor, options.clock);
  }

  append(input: AuditInput, options: AppendOptions = {}): Promise<AuditEntry> {
    if (this.#closed) return Promise.reject(new Error(`Audit log "${this.path}" is closed`));
    return new Promise((resolve, reject) => {
      this.#pending.push({ input, ts: this.options.clock.now(), resolve, reject });
      if (options.immediate) this.#urgent = true;
      this.#schedule();
    });
  }

  lastAnchor(): AnchorRecord | undefined {
    return this.#anchor?.lastRecord;
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
    if (this.#writing || this.#microtaskQueued) return;
    if (this.#urgent) {
      // Someone waits on this write: start it once the current task has queued what it will.
      if (this.#timer !== undefined) clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#microtaskQueued = true;
      queueMicrotask(() => {
        this.#microtaskQueued = false;
        if (!this.#writing && this.#pending.length > 0) this.#startBatch();
      });
      return;
    }
    // Wait out the spacing, or on an idle log one timer turn: work still running on promises (a Shield
    // verdict after its proposal) then joins this write instead of waiting for the next one.
    const wait = Math.max(0, this.#lastWriteStart + this.#intervalMs - performance.now());
    this.#timer ??= setTimeout(() => this.#startBatch(), wait);
  }

  #startBatch(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending.splice(0);
    this.#urgent = false;
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
      await this.#reopenIfReplaced();
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
    const now = () => this.options.clock.now();
    const inputs: { input: AuditInput; ts: number }[] = [];
    let marker = "";
    if (size !== this.#knownSize || !this.#tail) {
      this.#tail = await readTail(this.file, size);
      const reconciled = await this.#anchor?.reconcile(this.#tail, size);
      if (this.#tail.torn) inputs.push({ input: tornTailInput(this.#tail.torn), ts: now() });
      if (reconciled?.found) {
        this.options.onError?.(
          new AuditAnchorBreakError(this.path, reconciled.found.at, reconciled.found.reason),
        );
      }
      if (reconciled?.marker) marker = reconciled.marker + "\n";
      for (const input of reconciled?.notices ?? []) inputs.push({ input, ts: now() });
    }
    const tail = this.#tail;
    inputs.push(...batch);
    let text = (tail.endsWithNewline ? "" : "\n") + marker;
    let seq = tail.nextSeq;
    let prevHash = tail.lastHash;
    const entries: AuditEntry[] = [];
    const firstLine = this.#anchor?.lines ?? 0;
    const written: [number, string][] = [];
    for (const { input, ts } of inputs) {
      const entry = buildEntry(input, seq++, ts, prevHash);
      prevHash = entry.hash;
      written.push([firstLine + entries.length, entry.hash]);
      entries.push(entry);
      text += serializeEntry(entry) + "\n";
    }
    if (entries.length === 0 && text === "") {
      this.#anchor?.commitIfChanged();
      this.#knownSize = size;
      return entries;
    }
    const bytes = encoder.encode(text);
    const head = {
      entries: firstLine + entries.length,
      seq: seq - 1,
      hash: prevHash,
      size: size + bytes.length,
    };
    // The pending head is in the database before the entries are written; both are synced at once.
    const anchored = this.#anchor?.prepare(head);
    await Promise.all([anchored, writeAll(this.file, bytes).then(() => this.file.syncData())]);
    this.#anchor?.commit(head, written);
    this.#knownSize = size + bytes.length;
    this.#tail = { nextSeq: seq, lastHash: prevHash, endsWithNewline: true };
    return entries;
  }

  /** A log renamed, deleted or replaced behind the writer is written at its path again, not into the old file. */
  async #reopenIfReplaced(): Promise<void> {
    const [open, named] = await Promise.all([this.file.stat(), lstatOrUndefined(this.path)]);
    if (named?.isFile && named.ino === open.ino && named.dev === open.dev) return;
    const replacement = await openFile(this.path);
    this.file.close();
    this.file = replacement;
    this.#knownSize = -1;
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
