/** records.jsonl: one hash-chained SnapshotRecord a line, kept in memory, rewritten only when pruning.
 * The engine and the command line may both write it: changes go under a lock file, and the in-memory copy is
 * re-read whenever the file changed underneath. */
import { canonicalJson } from "../lib/canonical_json.ts";
import { sha256Hex } from "../lib/sha256.ts";
import { GENESIS_HASH } from "../audit/audit_entry.ts";
import type { RecordsVerification, SnapshotRecord } from "./snapshot_types.ts";

export type NewRecord = Omit<SnapshotRecord, "seq" | "prev_hash" | "hash">;

function recordHash(record: Omit<SnapshotRecord, "hash"> | SnapshotRecord): string {
  const { hash: _ignored, ...rest } = record as SnapshotRecord;
  return sha256Hex(canonicalJson(rest));
}

export class RecordsLog {
  #records: SnapshotRecord[] = [];
  /** prev_hash of the first kept record: zeros until a prune removes older ones. */
  #anchor = GENESIS_HASH;
  /** Size, mtime and inode of records.jsonl when this process last read or wrote it. */
  #stamp = "";

  private constructor(readonly path: string, readonly anchorPath: string, readonly lockPath: string) {}

  static load(dir: string): Promise<RecordsLog> {
    const log = new RecordsLog(`${dir}/records.jsonl`, `${dir}/records.anchor`, `${dir}/records.lock`);
    log.#refresh();
    return Promise.resolve(log);
  }

  all(): SnapshotRecord[] {
    this.#refresh();
    return [...this.#records];
  }

  get(id: string): SnapshotRecord | undefined {
    this.#refresh();
    return this.#records.find((record) => record.id === id);
  }

  async append(fields: NewRecord): Promise<SnapshotRecord> {
    return await this.#locked(async () => {
      this.#refresh();
      const last = this.#records.at(-1);
      const body = { ...fields, seq: last ? last.seq + 1 : 0, prev_hash: last ? last.hash : this.#anchor };
      const record: SnapshotRecord = { ...body, hash: recordHash(body) };
      await Deno.writeTextFile(this.path, JSON.stringify(record) + "\n", {
        append: true,
        create: true,
        mode: 0o600,
      });
      this.#records.push(record);
      this.#stamp = stampOf(this.path);
      return record;
    });
  }

  /** Keeps only `kept` (a suffix of the chain); the first kept record's prev_hash becomes the anchor. */
  async retain(kept: SnapshotRecord[]): Promise<string> {
    return await this.#locked(async () => {
      // Records another process appended since `kept` was chosen stay: they are newer than anything pruned.
      const before = new Set(this.#records.map((record) => record.id));
      this.#refresh();
      const keep = [...kept, ...this.#records.filter((record) => !before.has(record.id))];
      const anchor = keep[0]?.prev_hash ?? this.#records.at(-1)?.hash ?? this.#anchor;
      const temp = `${this.path}.tmp`;
      await Deno.writeTextFile(temp, keep.map((record) => JSON.stringify(record) + "\n").join(""), {
        mode: 0o600,
      });
      await Deno.writeTextFile(this.anchorPath, anchor + "\n");
      await Deno.rename(temp, this.path);
      this.#records = keep;
      this.#anchor = anchor;
      this.#stamp = stampOf(this.path);
      return anchor;
    });
  }

  /** Re-reads records and anchor when the file is not what this process last saw. */
  #refresh(): void {
    const stamp = stampOf(this.path);
    if (stamp === this.#stamp) return;
    this.#anchor = readOptionalSync(this.anchorPath)?.trim() || GENESIS_HASH;
    this.#records = [];
    for (const line of (readOptionalSync(this.path) ?? "").split("\n")) {
      const record = parseRecord(line);
      // Damaged lines are skipped here so the workspace can still be restored; verify() reports them.
      if (record) this.#records.push(record);
    }
    this.#stamp = stamp;
  }

  async #locked<T>(work: () => Promise<T>): Promise<T> {
    const file = await Deno.open(this.lockPath, { create: true, write: true, mode: 0o600 });
    try {
      await file.lock(true);
      return await work();
    } finally {
      file.close();
    }
  }

  /** Re-reads the file and checks every record's hash, its link to the previous one and seq order. */
  async verify(hasObject: (sha: string) => boolean): Promise<RecordsVerification> {
    const lines = ((await readOptional(this.path)) ?? "").split("\n");
    if (lines.at(-1) === "") lines.pop();
    let prev = this.#anchor;
    let seq: number | undefined;
    for (let index = 0; index < lines.length; index++) {
      const record = parseRecord(lines[index]);
      const problem = !record
        ? "record is not valid JSON"
        : recordHash(record) !== record.hash
        ? "hash does not match the record's content"
        : record.prev_hash !== prev
        ? "prev_hash does not match the previous record"
        : seq !== undefined && record.seq !== seq + 1
        ? `seq is ${record.seq}, expected ${seq + 1}`
        : !hasObject(record.manifest_sha256)
        ? `manifest object "${record.manifest_sha256}" is missing`
        : undefined;
      if (problem) {
        return { valid: false, total: lines.length, break_at: index, reason: `record ${index}: ${problem}` };
      }
      prev = record!.hash;
      seq = record!.seq;
    }
    return { valid: true, total: lines.length };
  }
}

function parseRecord(line: string): SnapshotRecord | undefined {
  if (line.trim() === "") return undefined;
  try {
    const value = JSON.parse(line);
    const valid = typeof value === "object" && value !== null && typeof value.id === "string" &&
      typeof value.hash === "string" && typeof value.manifest_sha256 === "string" &&
      Number.isSafeInteger(value.seq);
    return valid ? value as SnapshotRecord : undefined;
  } catch {
    return undefined;
  }
}

function stampOf(path: string): string {
  try {
    const info = Deno.statSync(path);
    return `${info.size}:${info.mtime?.getTime() ?? 0}:${info.ino ?? 0}`;
  } catch {
    return "absent";
  }
}

function readOptionalSync(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}
