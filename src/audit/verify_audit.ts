/** Verifies a whole audit file (every hash, link and seq) in one streaming pass, and pages entries for the API. */
import { NotFoundError, ValidationError } from "../lib/errors.ts";
import { type AuditEntry, GENESIS_HASH, parseEntryLine } from "./audit_entry.ts";
import { type SegmentOptions, type SegmentResult, verifySegment } from "./_chain_segment.ts";
import { type AnchorCheck, checkAnchor, type FileFacts } from "./anchor_check.ts";

export interface AuditVerification {
  chain_valid: boolean;
  total_entries: number;
  /** 0-based index (line) of the first bad entry; present only when chain_valid is false. */
  chain_break_at?: number;
  reason?: string;
}

export interface AuditPage {
  /** Oldest first; lines that are not entries at all are left out (the break still reports them). */
  entries: AuditEntry[];
  total_entries: number;
  chain_valid: boolean;
  has_more: boolean;
  chain_break_at?: number;
}

export interface VerifyOptions {
  /** Parallel ranges; default: one per core (up to 4) for files of 16 MB or more, else 1. */
  workers?: number;
  /**
   * Default true: lines already in canonical form are hashed as raw bytes, without parsing; any other line
   * takes the reference path. False parses and re-serialises every line (tests and the benchmark baseline).
   */
  fastPath?: boolean;
  /** Bytes to walk (the size read with the anchor under the file's lock); default: the whole file now. */
  size?: number;
  /** Also compare the file with its anchor: a cut, replaced or extended log is a break. */
  anchor?: AnchorCheck;
}

/**
 * Walks the whole file. Throws NotFoundError when it does not exist and no anchor says it should (a
 * deleted log with an anchor is a log cut to nothing).
 */
export async function verifyAuditFile(path: string, options: VerifyOptions = {}): Promise<AuditVerification> {
  const walk = await walkAuditFile(path, 0, options);
  if (!walk && !options.anchor?.record) {
    throw new NotFoundError(`Cannot verify "${path}": file does not exist`);
  }
  return (walk ?? await emptyWalk(path, options)).verification;
}

/** Walks the first `size` bytes (no anchor) and returns the facts an anchor is compared with. */
export async function examineAuditFile(path: string, size: number): Promise<FileFacts> {
  const walk = await walkAuditFile(path, 0, { size });
  if (!walk) return { path, size: 0, total: 0 };
  const total = walk.verification.total_entries;
  return {
    path,
    size: walk.size,
    total,
    validLastHash: walk.verification.chain_valid ? walk.lastHash : undefined,
  };
}

/**
 * The `lines` entries before the last `offset` ones (GET /api/audit in docs/api.md). Verification still covers
 * the whole file.
 * A missing file is an empty, valid log (an engine that has not audited anything yet).
 */
export async function readAuditPage(
  path: string,
  options: { lines?: number; offset?: number } & VerifyOptions = {},
): Promise<AuditPage> {
  const lines = options.lines ?? 100;
  const offset = options.offset ?? 0;
  if (!Number.isSafeInteger(lines) || lines < 1 || lines > 10_000) {
    throw new ValidationError(`Invalid "lines": ${lines}: expected an integer from 1 to 10000`);
  }
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new ValidationError(`Invalid "offset": ${offset}: expected a non-negative integer`);
  }
  const walk = await walkAuditFile(path, lines + offset, options) ?? await emptyWalk(path, options);
  const { verification, recentStarts, size } = walk;
  const total = verification.total_entries;
  const firstIndex = Math.max(0, total - offset - lines);
  const page: AuditPage = {
    entries: await readEntries(path, recentStarts, total, firstIndex, total - offset, size),
    total_entries: total,
    chain_valid: verification.chain_valid,
    has_more: firstIndex > 0,
  };
  if (verification.chain_break_at !== undefined) page.chain_break_at = verification.chain_break_at;
  return page;
}

/**
 * Parses lines [from, to) of the file from the starts kept while verifying (`starts` holds the starts of
 * the last lines, the last one being line total-1). Lines that are not entries, and an unfinished last
 * line, are left out.
 */
async function readEntries(
  path: string,
  starts: number[],
  total: number,
  from: number,
  to: number,
  size: number,
): Promise<AuditEntry[]> {
  const firstKept = total - starts.length;
  if (to <= from || from < firstKept) return [];
  const begin = starts[from - firstKept];
  const finish = to < total ? starts[to - firstKept] : size;
  const bytes = new Uint8Array(finish - begin);
  using file = await Deno.open(path, { read: true });
  await file.seek(begin, Deno.SeekMode.Start);
  for (let filled = 0; filled < bytes.length;) {
    const count = await file.read(bytes.subarray(filled));
    if (count === null) break;
    filled += count;
  }
  const lines = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).split("\n");
  // The piece after the last newline is empty, or a line that was never finished.
  lines.pop();
  const entries: AuditEntry[] = [];
  for (const line of lines) {
    const parsed = parseEntryLine(line);
    if ("entry" in parsed) entries.push(parsed.entry);
  }
  return entries;
}

interface Walk {
  verification: AuditVerification;
  /** File offsets of the last `keepLast` lines' starts. */
  recentStarts: number[];
  /** The size the walk covered (the file may have grown since). */
  size: number;
  /** hash of the last entry that verified. */
  lastHash?: string;
}

/** A missing file: an empty log, which its anchor (if any) may still say was cut. */
async function emptyWalk(path: string, options: VerifyOptions): Promise<Walk> {
  const verification: AuditVerification = { chain_valid: true, total_entries: 0 };
  if (options.anchor) {
    applyAnchor(verification, await checkAnchor({ path, size: 0, total: 0 }, options.anchor));
  }
  return { verification, recentStarts: [], size: 0 };
}

/** Makes an anchor finding the break when it comes before any break the walk found. */
function applyAnchor(verification: AuditVerification, finding: { at: number; reason: string } | undefined) {
  if (!finding) return;
  if (verification.chain_break_at !== undefined && verification.chain_break_at <= finding.at) return;
  verification.chain_valid = false;
  verification.chain_break_at = finding.at;
  verification.reason = `entry ${finding.at}: ${finding.reason}`;
}

/** Files at least this big are verified in parallel ranges, one worker per core (up to MAX_WORKERS). */
const PARALLEL_MIN_BYTES = 16 * 1024 * 1024;
const MAX_WORKERS = 4;

async function walkAuditFile(
  path: string,
  keepLast: number,
  options: VerifyOptions,
): Promise<Walk | undefined> {
  let size: number;
  try {
    size = Math.min((await Deno.stat(path)).size, options.size ?? Infinity);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  const parts = Math.max(1, Math.floor(options.workers ?? defaultWorkers(size)));
  const bounds = await lineBoundaries(path, size, parts);
  const ranges = bounds.slice(0, -1).map((start, i) => [start, bounds[i + 1]] as const);
  const segmentOptions = { keepLast, fastPath: options.fastPath ?? true };
  const segments = ranges.length === 1
    ? [await verifySegment(path, 0, size, segmentOptions)]
    : await Promise.all(ranges.map(([start, end]) => verifyInWorker(path, start, end, segmentOptions)));
  const { verification, recentStarts, lastHash } = stitch(segments, keepLast);
  if (options.anchor) {
    const validLastHash = verification.chain_valid ? lastHash : undefined;
    const facts = { path, size, total: verification.total_entries, validLastHash };
    applyAnchor(verification, await checkAnchor(facts, options.anchor));
  }
  return { verification, recentStarts, size, lastHash };
}

function defaultWorkers(size: number): number {
  return size >= PARALLEL_MIN_BYTES ? Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1) : 1;
}

/** Joins range results in order: each range's first line must continue the previous range's chain. */
function stitch(
  segments: SegmentResult[],
  keepLast: number,
): Omit<Walk, "size"> & { lastHash: string } {
  let index = 0;
  let prevHash = GENESIS_HASH;
  let breakAt: number | undefined;
  let reason: string | undefined;
  let recentStarts: number[] = [];
  for (const segment of segments) {
    if (breakAt === undefined && segment.count > 0 && segment.firstSeq !== undefined) {
      if (segment.firstSeq !== index) {
        (breakAt = index, reason = `seq is ${segment.firstSeq}, expected ${index}`);
      } else if (segment.firstPrevHash !== prevHash) {
        (breakAt = index, reason = "prev_hash does not match the previous entry");
      }
    }
    if (breakAt === undefined && segment.breakAt !== undefined) {
      (breakAt = index + segment.breakAt, reason = segment.reason);
    }
    recentStarts = recentStarts.concat(segment.recentStarts);
    if (recentStarts.length > keepLast) recentStarts = recentStarts.slice(-keepLast);
    prevHash = segment.lastHash ?? prevHash;
    index += segment.count;
  }
  const verification: AuditVerification = breakAt === undefined
    ? { chain_valid: true, total_entries: index }
    : {
      chain_valid: false,
      total_entries: index,
      chain_break_at: breakAt,
      reason: `entry ${breakAt}: ${reason}`,
    };
  return { verification, recentStarts, lastHash: prevHash };
}

/** Start offsets of `parts` ranges that each begin at a line start, plus the file size. */
async function lineBoundaries(path: string, size: number, parts: number): Promise<number[]> {
  const bounds = [0];
  if (parts > 1) {
    using file = await Deno.open(path, { read: true });
    const buffer = new Uint8Array(64 * 1024);
    for (let part = 1; part < parts; part++) {
      let at = Math.max(bounds.at(-1)!, Math.floor((size * part) / parts));
      for (;;) {
        await file.seek(at, Deno.SeekMode.Start);
        const count = await file.read(buffer);
        if (count === null) break;
        const newline = buffer.subarray(0, count).indexOf(10);
        if (newline !== -1) {
          if (at + newline + 1 < size) bounds.push(at + newline + 1);
          break;
        }
        at += count;
      }
    }
  }
  bounds.push(size);
  return [...new Set(bounds)];
}

function verifyInWorker(
  path: string,
  start: number,
  end: number,
  options: SegmentOptions,
): Promise<SegmentResult> {
  let worker: Worker;
  try {
    worker = new Worker(new URL("./verify_worker.ts", import.meta.url).href, { type: "module" });
  } catch {
    // No workers here (a sandbox, a compiled binary without the worker module): verify in this thread.
    return verifySegment(path, start, end, options);
  }
  return new Promise<SegmentResult>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ ok: boolean; result?: SegmentResult; error?: string }>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.result!);
      else reject(new Error(`Cannot verify "${path}": ${event.data.error}`));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      verifySegment(path, start, end, options).then(resolve, reject);
    };
    worker.postMessage({ path, start, end, options });
  });
}
