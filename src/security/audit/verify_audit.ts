/** Verifies a whole audit file (every hash, link and seq) in one streaming pass, and pages entries for the API. */
import { NotFoundError, ValidationError } from "../../errors.ts";
import { type AuditEntry, computeEntryHash, GENESIS_HASH, parseEntryLine } from "./audit_entry.ts";

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

/** Walks the whole file. Throws NotFoundError when it does not exist. */
export async function verifyAuditFile(path: string): Promise<AuditVerification> {
  const walk = await walkAuditFile(path, 0);
  if (!walk) throw new NotFoundError(`Cannot verify "${path}": file does not exist`);
  return walk.verification;
}

/**
 * The `lines` entries before the last `offset` ones (spec 2.9). Verification still covers the whole file.
 * A missing file is an empty, valid log (an engine that has not audited anything yet).
 */
export async function readAuditPage(
  path: string,
  options: { lines?: number; offset?: number } = {},
): Promise<AuditPage> {
  const lines = options.lines ?? 100;
  const offset = options.offset ?? 0;
  if (!Number.isSafeInteger(lines) || lines < 1 || lines > 10_000) {
    throw new ValidationError(`Invalid "lines": ${lines}: expected an integer from 1 to 10000`);
  }
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new ValidationError(`Invalid "offset": ${offset}: expected a non-negative integer`);
  }
  const walk = await walkAuditFile(path, lines + offset);
  if (!walk) return { entries: [], total_entries: 0, chain_valid: true, has_more: false };
  const { verification, recent } = walk;
  const total = verification.total_entries;
  const firstIndex = Math.max(0, total - offset - lines);
  const entries = recent.filter((item) => item.index >= firstIndex && item.index < total - offset)
    .map((item) => item.entry);
  const page: AuditPage = {
    entries,
    total_entries: total,
    chain_valid: verification.chain_valid,
    has_more: firstIndex > 0,
  };
  if (verification.chain_break_at !== undefined) page.chain_break_at = verification.chain_break_at;
  return page;
}

interface Walk {
  verification: AuditVerification;
  recent: { index: number; entry: AuditEntry }[];
}

const CHUNK = 4 * 1024 * 1024;

async function walkAuditFile(path: string, keepLast: number): Promise<Walk | undefined> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  const checker = new ChainChecker(keepLast);
  try {
    const decoder = new TextDecoder();
    const buffer = new Uint8Array(CHUNK);
    let carry = "";
    for (let count = await file.read(buffer); count !== null; count = await file.read(buffer)) {
      const lines = (carry + decoder.decode(buffer.subarray(0, count), { stream: true })).split("\n");
      carry = lines.pop()!;
      for (const line of lines) checker.check(line);
    }
    carry += decoder.decode();
    if (carry !== "") checker.checkTorn();
  } finally {
    file.close();
  }
  return { verification: checker.result(), recent: checker.recent };
}

/** Checks lines in order; remembers the first break and the last `keepLast` parsed entries. */
class ChainChecker {
  index = 0;
  prevHash = GENESIS_HASH;
  breakAt: number | undefined;
  reason: string | undefined;
  recent: { index: number; entry: AuditEntry }[] = [];

  constructor(private readonly keepLast: number) {}

  check(line: string): void {
    const index = this.index++;
    const parsed = parseEntryLine(line);
    if ("error" in parsed) return this.#fail(index, parsed.error);
    const entry = parsed.entry;
    if (this.keepLast > 0) {
      this.recent.push({ index, entry });
      // Trim in blocks so keeping the tail stays linear.
      if (this.recent.length > 2 * this.keepLast) this.recent = this.recent.slice(-this.keepLast);
    }
    if (this.breakAt !== undefined) return;
    if (entry.seq !== index) return this.#fail(index, `seq is ${entry.seq}, expected ${index}`);
    if (entry.prev_hash !== this.prevHash) {
      return this.#fail(index, "prev_hash does not match the previous entry");
    }
    if (computeEntryHash(entry) !== entry.hash) {
      return this.#fail(index, "hash does not match the entry's content");
    }
    this.prevHash = entry.hash;
  }

  /** The bytes after the last newline: a write that never finished. */
  checkTorn(): void {
    this.#fail(this.index++, "last line is incomplete (no trailing newline)");
  }

  result(): AuditVerification {
    if (this.breakAt === undefined) return { chain_valid: true, total_entries: this.index };
    return {
      chain_valid: false,
      total_entries: this.index,
      chain_break_at: this.breakAt,
      reason: this.reason,
    };
  }

  #fail(index: number, reason: string): void {
    if (this.breakAt !== undefined) return;
    this.breakAt = index;
    this.reason = `entry ${index}: ${reason}`;
  }
}
