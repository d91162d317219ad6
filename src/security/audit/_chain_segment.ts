/** Verifies one byte range of an audit file; ranges are checked in parallel and stitched by verify_audit.ts. */
import { type AuditEntry, computeEntryHash, parseEntryLine } from "./audit_entry.ts";

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
  /** The last `keepLast` parsed entries with their index in the range. */
  recent: { index: number; entry: AuditEntry }[];
}

const CHUNK = 4 * 1024 * 1024;

export async function verifySegment(
  path: string,
  start: number,
  end: number,
  keepLast: number,
): Promise<SegmentResult> {
  const checker = new SegmentChecker(keepLast);
  const file = await Deno.open(path, { read: true });
  try {
    await file.seek(start, Deno.SeekMode.Start);
    const decoder = new TextDecoder();
    const buffer = new Uint8Array(CHUNK);
    let carry = "";
    for (let left = end - start; left > 0;) {
      const count = await file.read(buffer.subarray(0, Math.min(CHUNK, left)));
      if (count === null) break;
      left -= count;
      const lines = (carry + decoder.decode(buffer.subarray(0, count), { stream: true })).split("\n");
      carry = lines.pop()!;
      for (const line of lines) checker.check(line);
    }
    carry += decoder.decode();
    // Bytes after the file's last newline: a write that never finished.
    if (carry !== "") checker.fail(checker.count++, "last line is incomplete (no trailing newline)");
  } finally {
    file.close();
  }
  return checker.result();
}

class SegmentChecker {
  count = 0;
  firstSeq: number | undefined;
  firstPrevHash: string | undefined;
  prevHash: string | undefined;
  breakAt: number | undefined;
  reason: string | undefined;
  recent: { index: number; entry: AuditEntry }[] = [];

  constructor(private readonly keepLast: number) {}

  check(line: string): void {
    const index = this.count++;
    const parsed = parseEntryLine(line);
    if ("error" in parsed) return this.fail(index, parsed.error);
    const entry = parsed.entry;
    if (this.keepLast > 0) {
      this.recent.push({ index, entry });
      // Trim in blocks so keeping the tail stays linear.
      if (this.recent.length > 2 * this.keepLast) this.recent = this.recent.slice(-this.keepLast);
    }
    if (this.breakAt !== undefined) return;
    if (index === 0) {
      this.firstSeq = entry.seq;
      this.firstPrevHash = entry.prev_hash;
    } else if (entry.seq !== this.firstSeq! + index) {
      return this.fail(index, `seq is ${entry.seq}, expected ${this.firstSeq! + index}`);
    } else if (entry.prev_hash !== this.prevHash) {
      return this.fail(index, "prev_hash does not match the previous entry");
    }
    if (computeEntryHash(entry) !== entry.hash) {
      return this.fail(index, "hash does not match the entry's content");
    }
    this.prevHash = entry.hash;
  }

  fail(index: number, reason: string): void {
    if (this.breakAt !== undefined) return;
    this.breakAt = index;
    this.reason = reason;
  }

  result(): SegmentResult {
    const recent = this.recent.slice(-this.keepLast || this.recent.length);
    return {
      count: this.count,
      firstSeq: this.firstSeq,
      firstPrevHash: this.firstPrevHash,
      lastHash: this.prevHash,
      breakAt: this.breakAt,
      reason: this.reason,
      recent: this.keepLast > 0 ? recent : [],
    };
  }
}
