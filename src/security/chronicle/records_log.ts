/** records.jsonl: one hash-chained SnapshotRecord a line, kept in memory, rewritten only when pruning. */
import { canonicalJson } from "../audit/canonical_json.ts";
import { sha256Hex } from "../audit/sha256.ts";
import { GENESIS_HASH } from "../audit/audit_entry.ts";
import type { RecordsVerification, SnapshotRecord } from "./snapshot_types.ts";

export type NewRecord = Omit<SnapshotRecord, "seq" | "prev_hash" | "hash">;

export function recordHash(record: Omit<SnapshotRecord, "hash"> | SnapshotRecord): string {
  const { hash: _ignored, ...rest } = record as SnapshotRecord;
  return sha256Hex(canonicalJson(rest));
}

export class RecordsLog {
  #records: SnapshotRecord[] = [];
  /** prev_hash of the first kept record: zeros until a prune removes older ones. */
  #anchor = GENESIS_HASH;

  private constructor(readonly path: string, readonly anchorPath: string) {}

  static async load(dir: string): Promise<RecordsLog> {
    const log = new RecordsLog(`${dir}/records.jsonl`, `${dir}/records.anchor`);
    log.#anchor = (await readOptional(log.anchorPath))?.trim() || GENESIS_HASH;
    for (const line of ((await readOptional(log.path)) ?? "").split("\n")) {
      const record = parseRecord(line);
      // Damaged lines are skipped here so the workspace can still be restored; verify() reports them.
      if (record) log.#records.push(record);
    }
    return log;
  }

  all(): SnapshotRecord[] {
    return [...this.#records];
  }

  get(id: string): SnapshotRecord | undefined {
    return this.#records.find((record) => record.id === id);
  }

  async append(fields: NewRecord): Promise<SnapshotRecord> {
    const last = this.#records.at(-1);
    const body = { ...fields, seq: last ? last.seq + 1 : 0, prev_hash: last ? last.hash : this.#anchor };
    const record: SnapshotRecord = { ...body, hash: recordHash(body) };
    await Deno.writeTextFile(this.path, JSON.stringify(record) + "\n", {
      append: true,
      create: true,
      mode: 0o600,
    });
    this.#records.push(record);
    return record;
  }

  /** Keeps only `kept` (a suffix of the chain); the first kept record's prev_hash becomes the anchor. */
  async retain(kept: SnapshotRecord[]): Promise<string> {
    const anchor = kept[0]?.prev_hash ?? this.#records.at(-1)?.hash ?? this.#anchor;
    const temp = `${this.path}.tmp`;
    await Deno.writeTextFile(temp, kept.map((record) => JSON.stringify(record) + "\n").join(""), {
      mode: 0o600,
    });
    await Deno.writeTextFile(this.anchorPath, anchor + "\n");
    await Deno.rename(temp, this.path);
    this.#records = [...kept];
    this.#anchor = anchor;
    return anchor;
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

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}
