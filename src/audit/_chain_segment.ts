/** Verifies one byte range of an audit file; ranges are checked in parallel and stitched by verify_audit.ts. */
import { sha256Hex } from "../lib/sha256.ts";
import { computeEntryHash, parseEntryLine } from "./audit_entry.ts";
import { CanonicalLineScanner, HASH_SUFFIX_BYTES } from "./canonical_line.ts";

export interface SegmentResult {
  /** Lines in the range, the unfinished last line of the file included. */
  count: number;
  /** seq and prev_hash of the range's first line, checked against the previous range when stitching. */
  firstSeq?: number;
  firstPrevHash?: string;
  lastHash?: string;
  /** Index within the range of the first bad line. */
  breakAt?: number;
  reason?: string;
  /** File offsets where the range's last `keepLast` lines start (the API reads its page from them). */
  recentStarts: number[];
}

export interface SegmentOptions {
  /** How many line starts to keep for paging. */
  keepLast: number;
  /** False parses and re-serialises every line (the reference path; tests and the benchmark baseline). */
  fastPath?: boolean;
}

const CHUNK = 4 * 1024 * 1024;
const NEWLINE = 10;

export async function verifySegment(
  path: string,
  start: number,
  end: number,
  options: SegmentOptions,
): Promise<SegmentResult> {
  const checker = new SegmentChecker(options.keepLast, options.fastPath ?? true);
  using file = await Deno.open(path, { read: true });
  await file.seek(start, Deno.SeekMode.Start);
  let buffer = new Uint8Array(Math.min(CHUNK, Math.max(1, end - start)));
  let filled = 0;
  let bufferOffset = start;
  for (let left = end - start; left > 0;) {
    // A line longer than the buffer: grow it rather than split the line.
    if (filled === buffer.length) buffer = grown(buffer, left);
    const count = await file.read(buffer.subarray(filled, filled + Math.min(buffer.length - filled, left)));
    if (count === null) break;
    left -= count;
    filled += count;
    const view = buffer.subarray(0, filled);
    let lineStart = 0;
    for (let newline = view.indexOf(NEWLINE); newline !== -1; newline = view.indexOf(NEWLINE, lineStart)) {
      checker.check(view, lineStart, newline, bufferOffset + lineStart);
      lineStart = newline + 1;
    }
    buffer.copyWithin(0, lineStart, filled);
    filled -= lineStart;
    bufferOffset += lineStart;
  }
  // Bytes after the file's last newline: a write that never finished.
  if (filled > 0) checker.torn(bufferOffset);
  return checker.result();
}

function grown(buffer: Uint8Array, left: number): Uint8Array<ArrayBuffer> {
  const bigger = new Uint8Array(buffer.length + Math.min(Math.max(buffer.length, CHUNK), left));
  bigger.set(buffer);
  return bigger;
}

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

class SegmentChecker {
  count = 0;
  firstSeq: number | undefined;
  firstPrevHash: string | undefined;
  prevHash: string | undefined;
  breakAt: number | undefined;
  reason: string | undefined;
  recentStarts: number[] = [];
  readonly scanner = new CanonicalLineScanner();

  constructor(private readonly keepLast: number, private readonly fastPath: boolean) {}

  /** Checks the line bytes[start, end) (without its newline), which starts at `fileOffset` in the file. */
  check(bytes: Uint8Array, start: number, end: number, fileOffset: number): void {
    const index = this.count++;
    this.remember(fileOffset);
    if (this.breakAt !== undefined) return;
    if (this.fastPath && this.scanner.scan(bytes, start, end)) {
      const hash = hashCanonicalBody(bytes, start, end);
      // A mismatch may still be a valid entry written in another (non-canonical) form: the slow path decides.
      if (equalsAt(bytes, end - 66, hash)) {
        const prevHashAt = this.scanner.prevHashAt;
        if (index === 0) this.first(this.scanner.seq, latin1(bytes, prevHashAt, 64));
        else if (!this.linked(index, this.scanner.seq, (prev) => equalsAt(bytes, prevHashAt, prev))) return;
        this.prevHash = hash;
        return;
      }
    }
    this.checkSlowly(index, decoder.decode(bytes.subarray(start, end)));
  }

  torn(fileOffset: number): void {
    const index = this.count++;
    this.remember(fileOffset);
    this.fail(index, "last line is incomplete (no trailing newline)");
  }

  /** The reference check: parse, re-serialise canonically, hash. */
  private checkSlowly(index: number, line: string): void {
    const parsed = parseEntryLine(line);
    if ("error" in parsed) return this.fail(index, parsed.error);
    const entry = parsed.entry;
    if (index === 0) this.first(entry.seq, entry.prev_hash);
    else if (!this.linked(index, entry.seq, (prev) => entry.prev_hash === prev)) return;
    if (computeEntryHash(entry) !== entry.hash) {
      return this.fail(index, "hash does not match the entry's content");
    }
    this.prevHash = entry.hash;
  }

  private first(seq: number, prevHash: string): void {
    this.firstSeq = seq;
    this.firstPrevHash = prevHash;
  }

  private linked(index: number, seq: number, prevMatches: (prev: string) => boolean): boolean {
    if (seq !== this.firstSeq! + index) {
      this.fail(index, `seq is ${seq}, expected ${this.firstSeq! + index}`);
      return false;
    }
    if (!prevMatches(this.prevHash!)) {
      this.fail(index, "prev_hash does not match the previous entry");
      return false;
    }
    return true;
  }

  private remember(fileOffset: number): void {
    if (this.keepLast <= 0) return;
    this.recentStarts.push(fileOffset);
    // Trim in blocks so keeping the tail stays linear.
    if (this.recentStarts.length > 2 * this.keepLast + 1024) {
      this.recentStarts = this.recentStarts.slice(-this.keepLast);
    }
  }

  fail(index: number, reason: string): void {
    if (this.breakAt !== undefined) return;
    this.breakAt = index;
    this.reason = reason;
  }

  result(): SegmentResult {
    return {
      count: this.count,
      firstSeq: this.firstSeq,
      firstPrevHash: this.firstPrevHash,
      lastHash: this.prevHash,
      breakAt: this.breakAt,
      reason: this.reason,
      recentStarts: this.keepLast > 0 ? this.recentStarts.slice(-this.keepLast) : [],
    };
  }
}

/**
 * sha256 of the line with `,"hash":"..."` cut off and `}` in its place, hashed in place: the suffix's comma
 * becomes `}` for the call and is put back.
 */
function hashCanonicalBody(bytes: Uint8Array, start: number, end: number): string {
  const at = end - HASH_SUFFIX_BYTES;
  const saved = bytes[at];
  bytes[at] = 0x7d;
  const hash = sha256Hex(bytes.subarray(start, at + 1));
  bytes[at] = saved;
  return hash;
}

function equalsAt(bytes: Uint8Array, at: number, text: string): boolean {
  if (text.length !== 64) return false;
  for (let i = 0; i < 64; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

function latin1(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}
