/** The engine log file: one open handle, lines of one tick written together, rotation by size. Nothing waits
 * past the current tick: the batch is written in a microtask, at once for errors, and on exit. */

const encoder = new TextEncoder();

export interface LogFileOptions {
  /** Rotate when the file would pass this size; keeps `keep` old files (.1 ... .N). */
  maxBytes: number;
  keep: number;
  /** Where a failed write is reported (the log cannot log its own failure). */
  report: (message: string) => void;
}

export class LogFile {
  private handle: Deno.FsFile | undefined;
  private size = 0;
  private pending: Uint8Array[] = [];
  private scheduled = false;
  private readonly flushOnExit = () => this.flush();

  constructor(readonly path: string, private readonly options: LogFileOptions) {
    try {
      this.size = Deno.statSync(path).size;
    } catch {
      this.size = 0;
    }
    // `unload` covers Deno.exit() (which skips pending microtasks); `error` covers an uncaught exception.
    globalThis.addEventListener("unload", this.flushOnExit);
    globalThis.addEventListener("error", this.flushOnExit);
    globalThis.addEventListener("unhandledrejection", this.flushOnExit);
  }

  /** Queues one whole line (ending in "\n"); `urgent` writes it before returning. */
  append(line: string, urgent = false): void {
    this.pending.push(encoder.encode(line));
    if (urgent) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => this.flush());
    }
  }

  /** Writes every queued line, rotating before a line that would overflow the file. */
  flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const lines = this.pending;
    this.pending = [];
    try {
      let batch: Uint8Array[] = [];
      let batchBytes = 0;
      for (const line of lines) {
        if (this.size + batchBytes > 0 && this.size + batchBytes + line.length > this.options.maxBytes) {
          this.write(batch, batchBytes);
          batch = [];
          batchBytes = 0;
          if (this.size > 0) this.rotate();
        }
        batch.push(line);
        batchBytes += line.length;
      }
      this.write(batch, batchBytes);
    } catch (error) {
      this.options.report(`log write failed: ${(error as Error).message}`);
      // Reopened by the next write: a deleted or rotated-away file must not stop logging for good.
      this.releaseHandle();
    }
  }

  /** Flushes and releases the handle and the exit hooks. */
  close(): void {
    globalThis.removeEventListener("unload", this.flushOnExit);
    globalThis.removeEventListener("error", this.flushOnExit);
    globalThis.removeEventListener("unhandledrejection", this.flushOnExit);
    if (this.pending.length > 0) this.flush();
    this.releaseHandle();
  }

  private releaseHandle(): void {
    try {
      this.handle?.close();
    } catch {
      // already closed
    }
    this.handle = undefined;
  }

  private write(batch: Uint8Array[], bytes: number): void {
    if (bytes === 0) return;
    const joined = new Uint8Array(bytes);
    let offset = 0;
    for (const line of batch) {
      joined.set(line, offset);
      offset += line.length;
    }
    this.handle ??= Deno.openSync(this.path, { append: true, create: true });
    let written = 0;
    while (written < joined.length) written += this.handle.writeSync(joined.subarray(written));
    this.size += bytes;
  }

  private rotate(): void {
    this.releaseHandle();
    for (let index = this.options.keep - 1; index >= 1; index--) {
      try {
        Deno.renameSync(`${this.path}.${index}`, `${this.path}.${index + 1}`);
      } catch {
        // that generation does not exist yet
      }
    }
    Deno.renameSync(this.path, `${this.path}.1`);
    this.size = 0;
  }
}
