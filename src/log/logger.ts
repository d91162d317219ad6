/** Structured logging: JSON lines to the engine log (rotated by size), readable lines on a terminal (JSON when
 * stderr is piped), fanned out to listeners. Secret values are masked before anything leaves. */
import { dirname } from "node:path";
import { LogFile } from "./log_file.ts";
import { formatLogLine } from "./log_format.ts";
import type { TerminalStyle } from "../lib/terminal_style.ts";

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
  /** Rotate when the file passes this size (default 10 MB); keeps `keep` old files (.1 ... .N). */
  maxBytes?: number;
  keep?: number;
  stderr?: boolean;
  /** How stderr lines look: undefined writes JSON lines, a style writes readable lines (terminal). */
  terminal?: TerminalStyle;
  /** Secret values that must never appear in a log line. */
  secrets?: string[];
  now?: () => number;
}

const encoder = new TextEncoder();

export class JsonLogger implements Logger {
  private readonly listeners = new Set<(entry: LogEntry) => void>();
  private readonly file: LogFile | undefined;
  private readonly secrets: string[];
  private readonly now: () => number;

  constructor(private readonly options: LoggerOptions = {}) {
    this.secrets = (options.secrets ?? []).filter((secret) => secret.length >= 4);
    this.now = options.now ?? Date.now;
    if (options.file) {
      Deno.mkdirSync(dirname(options.file), { recursive: true });
      this.file = new LogFile(options.file, {
        maxBytes: options.maxBytes ?? 10 * 1024 * 1024,
        keep: options.keep ?? 5,
        report: (message) => writeStderr(`${message}\n`),
      });
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

  /** Writes queued file lines now (readers of the file in this process call it first). */
  flush(): void {
    this.file?.flush();
  }

  /** Flushes and closes the file. */
  close(): void {
    this.file?.close();
  }

  private write(level: LogLevel, event: string, message: string, fields: Record<string, unknown>): void {
    const entry: LogEntry = { ts: this.now(), level, event, message, fields };
    const line = this.redact(JSON.stringify(entry)) + "\n";
    const clean = JSON.parse(line) as LogEntry;
    this.file?.append(line, level === "error");
    if (this.options.stderr !== false) {
      writeStderr(this.options.terminal ? `${formatLogLine(clean, this.options.terminal)}\n` : line);
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
}

function writeStderr(text: string): void {
  try {
    Deno.stderr.writeSync(encoder.encode(text));
  } catch {
    // stderr closed: the file still has the line.
  }
}

/** A logger that drops everything (tests that do not care about logs). */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
