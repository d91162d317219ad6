/** Small helpers shared by the file tools: options, binary detection, size formatting. */
import { displayPath } from "../workspace/workspace_paths.ts";
import { buildProtectedPaths, type ProtectedPaths } from "../workspace/protected_paths.ts";
import type { ToolResult } from "./types.ts";

export interface FileToolOptions {
  /** Workspace root; every write stays below it (after symlinks are resolved). */
  workspace: string;
  /** Home directory that `~` expands to. */
  home: string;
  /** Allow read-only tools to read outside the workspace (e.g. /etc/nginx/nginx.conf). */
  allowOutsideReads: boolean;
  /** Paths no tool may change (or read, for some): default, the workspace's own `.engine/`, identity files,
   * git hooks and config, and the engine's source. */
  protectedPaths?: ProtectedPaths;
  /** read_file size cap in bytes (default 1_000_000). */
  maxReadBytes?: number;
  /** list_directory entry cap (default 1000). */
  maxListEntries?: number;
  /** search_files result cap (default 500). */
  maxSearchResults?: number;
  /** grep_files match cap (default 200). */
  maxGrepMatches?: number;
  /** grep_files wall-clock limit in milliseconds, guarding against catastrophic regexes (default 10000). */
  grepTimeoutMs?: number;
}

/** Options with defaults applied and the workspace already resolved to its real path. */
export type ResolvedFileToolOptions = Required<FileToolOptions> & { realWorkspace: string };

export function withDefaults(options: FileToolOptions, realWorkspace: string): ResolvedFileToolOptions {
  return {
    maxReadBytes: 1_000_000,
    maxListEntries: 1000,
    maxSearchResults: 500,
    maxGrepMatches: 200,
    grepTimeoutMs: 10_000,
    ...options,
    protectedPaths: options.protectedPaths ?? buildProtectedPaths({ workspace: realWorkspace }),
    realWorkspace,
  };
}

const BINARY_SNIFF_BYTES = 8000;

/** A NUL byte in the first 8000 bytes marks a file as binary (the heuristic git and grep use). */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

export function ok(output: string, readPaths?: string[]): ToolResult {
  return readPaths ? { output, isError: false, reads: { paths: readPaths } } : { output, isError: false };
}

export function show(options: ResolvedFileToolOptions, absolute: string): string {
  return displayPath(options.realWorkspace, absolute);
}

export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}
