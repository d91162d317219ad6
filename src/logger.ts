/** Structured JSON-line logging to the engine log (rotated by size) and stderr, fanned out to listeners. */
import { dirname } from "node:path";

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface LogEntry {
  ts: number;
  level: LogLevel;
  event: string;
  message: string;
  fields: Record<string, unknown>;
}

export interface Logger {
  debug(event: string, message: string, fields?: Record<string, unknown>): void;
  info(event: string, message: string, fields?: Record<string, unknown>): void;
  warn(event: string, message: string, fields?: Record<string, unknown>): void;
  error(event: string, message: string, fields?: Record<string, unknown>): void;
}

export interface LoggerOptions {
  /** Log file path; undefined logs to stderr only. */
  file?: string;
  /** Rotate when the file passes this size (default 10 MB); keeps `keep` old files (.1 … .N). */
  maxBytes?: number;
  keep?: number;
  stderr?: boolean;
  /** Secret values that must never appear in a log line. */
  secrets?: string[];
  now?: () => number;
}

const encoder = new TextEncoder();

export class JsonLogger implements Logger {
  private readonly listeners = new Set<(entry: LogEntry) => void>();
  private size = 0;
  private readonly maxBytes: number;
  private readonly keep: number;
  private readonly secrets: string[];
  private readonly now: () => number;

  constructor(private readonly options: LoggerOptions = {}) {
    this.maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
    this.keep = options.keep ?? 5;
    this.secrets = (options.secrets ?? []).filter((secret) => secret.length >= 4);
    this.now = options.now ?? Date.now;
    if (options.file) {
      Deno.mkdirSync(dirname(options.file), { recursive: true });
      try {
        this.size = Deno.statSync(options.file).size;
      } catch {
        this.size = 0;
      }
    }
  }

  onEntry(listener: (entry: LogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  debug(event: string, message: string, fields: Record<string, unknown> = {}): void {
    this.write("debug", event, message, fields);
  }
  info(event: string, message: string, fields: Record<string, unknown> = {}): void {
    this.write("info", event, message, fields);
  }
  warn(event: string, message: string, fields: Record<string, unknown> = {}): void {
    this.write("warn", event, message, fields);
  }
  error(event: string, message: string, fields: Record<string, unknown> = {}): void {
    this.write("error", event, message, fields);
  }

  private write(level: LogLevel, event: string, message: string, fields: Record<string, unknown>): void {
    const entry: LogEntry = { ts: this.now(), level, event, message, fields };
    const line = this.redact(JSON.stringify(entry)) + "\n";
    const clean = JSON.parse(line) as LogEntry;
    if (this.options.file) this.append(line);
    if (this.options.stderr !== false) {
      try {
        Deno.stderr.writeSync(encoder.encode(line));
      } catch {
        // stderr closed: the file still has the line.
      }
    }
    for (const listener of this.listeners) {
      try {
        listener(clean);
      } catch {
        // Listeners must not break logging.
      }
    }
  }

  private redact(line: string): string {
    let result = line;
    for (const secret of this.secrets) {
      const encoded = JSON.stringify(secret).slice(1, -1);
      result = result.replaceAll(encoded, "[REDACTED]");
    }
    return result;
  }

  /** Synchronous append keeps lines whole and ordered; rotation renames before the line that would overflow. */
  private append(line: string): void {
    const file = this.options.file!;
    const bytes = encoder.encode(line);
    try {
      if (this.size > 0 && this.size + bytes.length > this.maxBytes) this.rotate(file);
      Deno.writeFileSync(file, bytes, { append: true, create: true });
      this.size += bytes.length;
    } catch (error) {
      try {
        Deno.stderr.writeSync(encoder.encode(`log write failed: ${(error as Error).message}\n`));
      } catch {
        // nothing left to tell
      }
    }
  }

  private rotate(file: string): void {
    for (let index = this.keep - 1; index >= 1; index--) {
      try {
        Deno.renameSync(`${file}.${index}`, `${file}.${index + 1}`);
      } catch {
        // that generation does not exist yet
      }
    }
    Deno.renameSync(file, `${file}.1`);
    this.size = 0;
  }
}

/** A logger that drops everything (tests that do not care about logs). */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
