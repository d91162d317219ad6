/** Reads the end of an audit file to find where the chain continues and whether the last write was torn. */
import { computeEntryHash, GENESIS_HASH, parseEntryLine } from "./audit_entry.ts";

/** Bytes at the end of the file that are not a complete, valid entry (a crash mid-write, or damage). */
export interface TornTail {
  /** Byte offset where the damaged bytes start. */
  offset: number;
  bytes: number;
  /** seq of the last valid entry before the damage, -1 when there is none. */
  after_seq: number;
  reason: string;
  /** Lines the damaged bytes make once a newline ends them. */
  lines: number;
}

export interface TailState {
  nextSeq: number;
  lastHash: string;
  /** False when the file does not end with a newline (the next write must start a new line). */
  endsWithNewline: boolean;
  torn?: TornTail;
}

const FIRST_WINDOW = 64 * 1024;

/** Scans backwards from the end of `file` (size `size`) to the last line that is a valid, self-consistent entry. */
export async function readTail(file: Deno.FsFile, size: number): Promise<TailState> {
  if (size === 0) return { nextSeq: 0, lastHash: GENESIS_HASH, endsWithNewline: true };
  for (let window = FIRST_WINDOW;; window *= 4) {
    const start = Math.max(0, size - window);
    const bytes = await readRange(file, start, size);
    const found = findLastEntry(bytes, start === 0);
    if (found || start === 0) return toState(found, bytes, start, size);
  }
}

interface FoundEntry {
  seq: number;
  hash: string;
  /** Offset in the window just after the entry's newline. */
  end: number;
}

const NEWLINE = 10;
const decoder = new TextDecoder();

function findLastEntry(bytes: Uint8Array, atFileStart: boolean): FoundEntry | undefined {
  let end = bytes.at(-1) === NEWLINE ? bytes.length - 1 : bytes.lastIndexOf(NEWLINE);
  while (end >= 0) {
    const start = end === 0 ? 0 : bytes.lastIndexOf(NEWLINE, end - 1) + 1;
    // Without a newline before it the line may begin before the window: widen the window instead.
    if (start === 0 && !atFileStart) return undefined;
    const parsed = parseEntryLine(decoder.decode(bytes.subarray(start, end)));
    if ("entry" in parsed && computeEntryHash(parsed.entry) === parsed.entry.hash) {
      return { seq: parsed.entry.seq, hash: parsed.entry.hash, end: end + 1 };
    }
    end = start - 1;
  }
  return undefined;
}

function toState(
  found: FoundEntry | undefined,
  bytes: Uint8Array,
  windowStart: number,
  size: number,
): TailState {
  const endsWithNewline = bytes.at(-1) === NEWLINE;
  const state: TailState = found
    ? { nextSeq: found.seq + 1, lastHash: found.hash, endsWithNewline }
    : { nextSeq: 0, lastHash: GENESIS_HASH, endsWithNewline };
  const goodEnd = windowStart + (found?.end ?? 0);
  if (goodEnd < size) {
    const damaged = bytes.subarray(found?.end ?? 0);
    let lines = endsWithNewline ? 0 : 1;
    for (let at = damaged.indexOf(NEWLINE); at !== -1; at = damaged.indexOf(NEWLINE, at + 1)) lines++;
    state.torn = {
      lines,
      offset: goodEnd,
      bytes: size - goodEnd,
      after_seq: found ? found.seq : -1,
      reason: endsWithNewline
        ? "last lines are not valid entries"
        : "last line is incomplete (no trailing newline)",
    };
  }
  return state;
}

async function readRange(file: Deno.FsFile, start: number, end: number): Promise<Uint8Array> {
  const buffer = new Uint8Array(end - start);
  await file.seek(start, Deno.SeekMode.Start);
  let filled = 0;
  while (filled < buffer.length) {
    const count = await file.read(buffer.subarray(filled));
    if (count === null) break;
    filled += count;
  }
  return buffer.subarray(0, filled);
}
