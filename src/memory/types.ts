/** Public shapes of the memory subsystem, shared by the service, the tools and the engine's routes. */
import type { WritableMemoryFile } from "./memory_files.ts";
import type { WriteMode } from "./section_edit.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";

export type MemoryLog = (
  level: LogLevel,
  event: string,
  message: string,
  fields?: Record<string, unknown>,
) => void;

/** Spec 2.5: one search hit; `snippet` marks matched terms as `**term**` (plain text, never HTML). */
export interface MemorySearchResult {
  path: string;
  section: string;
  snippet: string;
}

/** Spec 2.5: a memory file; `type` is its file name. */
export interface MemoryFile {
  type: string;
  content: string;
}

export interface MemoryWriteRequest {
  /** Default "MEMORY.md". */
  file?: WritableMemoryFile;
  section: string;
  content: string;
  /** Default "append". */
  mode?: WriteMode;
}

export interface MemoryWriteResult {
  /** Workspace-relative file name, e.g. "MEMORY.md". */
  path: string;
  /** Heading path of the written section, e.g. "Projects > Parapet". */
  section: string;
  /** True when the section heading did not exist and was added. */
  created: boolean;
}

export interface SyncReport {
  /** Files whose chunks were rebuilt. */
  reindexed: string[];
  /** Files dropped from the index because they are gone (or no longer indexable). */
  removed: string[];
}

export interface MemoryService {
  /** At most `limit` (max 10) hits, best first. Throws ValidationError for an empty query only. */
  search(query: string, limit?: number): Promise<MemorySearchResult[]>;
  /** Null when `type` is not a memory file name or the file does not exist. */
  readFile(type: string): Promise<MemoryFile | null>;
  /** Throws ValidationError for bad input (unknown file, empty section, content too large). */
  write(request: MemoryWriteRequest): Promise<MemoryWriteResult>;
  /** Memory files for the system prompt, at most about `tokenBudget` tokens (4 characters each). */
  promptContext(tokenBudget: number): string;
  /** Brings the index in line with the files (cheap when nothing changed). */
  sync(): Promise<SyncReport>;
  /** Rebuilds every file's chunks from scratch. */
  reindexAll(): Promise<SyncReport>;
  /** Stops the periodic sync; the database stays open (the engine owns it). */
  close(): void;
}
