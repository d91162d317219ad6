/** Chronicle: snapshots of workspace paths before tools change them, with diff, rollback and pruning. */
import type { Clock } from "../lib/clock.ts";
import { newId } from "../lib/clock.ts";
import { NotFoundError, ValidationError } from "../lib/errors.ts";
import { ObjectStore } from "./object_store.ts";
import { RecordsLog } from "./records_log.ts";
import { applyManifest } from "./rollback_apply.ts";
import { compareEntries, isText } from "./snapshot_diff.ts";
import type {
  FileChange,
  PruneResult,
  RecordsVerification,
  RollbackResult,
  SnapshotEntry,
  SnapshotRecord,
  SnapshotRequest,
} from "./snapshot_types.ts";
import { StatCache } from "./stat_cache.ts";
import { unifiedDiff } from "../lib/text_diff.ts";
import { scanPaths, toRelative } from "./workspace_scan.ts";

export interface ChronicleOptions {
  workspace: string;
  /** Defaults to <workspace>/.engine/chronicle. */
  stateDir?: string;
  clock: Clock;
  maxSnapshots?: number;
  maxAgeDays?: number;
  newId?: () => string;
}

const DAY_MS = 86_400_000;

export async function openChronicle(options: ChronicleOptions): Promise<Chronicle> {
  const workspace = await Deno.realPath(options.workspace);
  const stateDir = options.stateDir ?? `${workspace}/.engine/chronicle`;
  await Deno.mkdir(stateDir, { recursive: true, mode: 0o700 });
  const [store, records, cache] = await Promise.all([
    ObjectStore.open(`${stateDir}/objects`),
    RecordsLog.load(stateDir),
    StatCache.load(`${stateDir}/stat_cache.json`),
  ]);
  return new Chronicle(workspace, stateDir, options, store, records, cache);
}

export class Chronicle {
  readonly maxSnapshots: number;
  readonly maxAgeDays: number;
  // Snapshot, rollback and prune each read-modify-write the store and records: one at a time.
  #queue: Promise<unknown> = Promise.resolve();
  /** Scans running now (diffs run outside the queue): the stat cache is released only when none does. */
  #scans = 0;

  constructor(
    readonly workspace: string,
    readonly stateDir: string,
    private readonly options: ChronicleOptions,
    private readonly store: ObjectStore,
    private readonly records: RecordsLog,
    private readonly cache: StatCache,
  ) {
    this.maxSnapshots = options.maxSnapshots ?? 100;
    this.maxAgeDays = options.maxAgeDays ?? 30;
  }

  /** Records the current state of `paths` ("*" = the whole workspace but .engine/ and .git/objects/). */
  snapshot(request: SnapshotRequest): Promise<SnapshotRecord> {
    return this.#serial(async () => {
      const record = await this.#snapshot(request, "snapshot");
      if (this.#prunable().length > 0) await this.#prune();
      return record;
    });
  }

  /** Oldest first. */
  list(): SnapshotRecord[] {
    return this.records.all();
  }

  get(id: string): SnapshotRecord {
    const record = this.records.get(id);
    if (!record) {
      throw new NotFoundError(`Snapshot "${id}" does not exist: see "/chronicle list" for known ids`);
    }
    return record;
  }

  async entries(id: string): Promise<SnapshotEntry[]> {
    const record = this.get(id);
    return JSON.parse(new TextDecoder().decode(await this.store.read(record.manifest_sha256)));
  }

  async diff(id: string): Promise<FileChange[]> {
    const record = this.get(id);
    return compareEntries(await this.entries(id), await this.#scan(record.paths));
  }

  /** Unified diff of one path between the snapshot and now ("" when unchanged). */
  async diffText(id: string, path: string): Promise<string> {
    const rel = toRelative(this.workspace, path);
    const entry = (await this.entries(id)).find((item) => item.path === rel);
    if (!entry) throw new ValidationError(`Cannot diff "${path}": it is not part of snapshot "${id}"`);
    const [now] = await this.#scan([rel]);
    const before = entry.type === "file" ? await this.store.read(entry.sha256!) : new Uint8Array();
    const after = now.type === "file" ? await Deno.readFile(`${this.workspace}/${rel}`) : new Uint8Array();
    const labels = { old: `a/${rel} (snapshot ${id})`, new: `b/${rel} (now)` };
    if (!isText(before) || !isText(after)) {
      return entry.sha256 === now.sha256 ? "" : `Binary files ${labels.old} and ${labels.new} differ\n`;
    }
    const decoder = new TextDecoder();
    const text = unifiedDiff(decoder.decode(before), decoder.decode(after), {
      oldLabel: labels.old,
      newLabel: labels.new,
      maxEdits: 4000,
      overBudget: "summary",
    });
    if (text === "" && (entry.type !== now.type || entry.mode !== now.mode)) {
      return `${rel}: ${describe(entry)} -> ${describe(now)}\n`;
    }
    return text;
  }

  /** Restores the snapshot's paths exactly; snapshots them first so the rollback can itself be undone. */
  rollback(id: string, options: { sessionId: string }): Promise<RollbackResult> {
    return this.#serial(async () => {
      const target = this.get(id);
      const manifest = await this.entries(id);
      const missing = manifest.find((entry) => entry.type === "file" && !this.store.has(entry.sha256!));
      if (missing) {
        throw new Error(
          `Cannot roll back to "${id}": content of "${missing.path}" is missing from the store`,
        );
      }
      const before = await this.#snapshot(
        {
          sessionId: options.sessionId,
          actionId: `rollback:${id}`,
          toolName: "chronicle_rollback",
          paths: target.paths,
        },
        "pre_rollback",
        id,
      );
      const current = await this.entries(before.id);
      const applied = await applyManifest(this.workspace, manifest, current, this.store);
      return { ...applied, snapshot: before };
    });
  }

  /** Removes snapshots past maxAgeDays or beyond maxSnapshots (oldest first) and objects nothing uses. */
  prune(): Promise<PruneResult> {
    return this.#serial(() => this.#prune());
  }

  verifyRecords(): Promise<RecordsVerification> {
    return this.records.verify((sha) => this.store.has(sha));
  }

  async #snapshot(request: SnapshotRequest, kind: SnapshotRecord["kind"], rollbackOf?: string) {
    const paths = request.paths === "*" ? "*" : normalisePaths(this.workspace, request.paths);
    const entries = await this.#scan(paths, true);
    const manifest = await this.store.putBytes(new TextEncoder().encode(JSON.stringify(entries)));
    const files = entries.filter((entry) => entry.type === "file");
    return await this.records.append({
      id: this.options.newId?.() ?? newId("snap_"),
      ts: this.options.clock.now(),
      kind,
      session_id: String(request.sessionId),
      action_id: String(request.actionId),
      tool_name: String(request.toolName),
      paths,
      manifest_sha256: manifest,
      file_count: files.length,
      total_bytes: files.reduce((sum, entry) => sum + (entry.size ?? 0), 0),
      ...(rollbackOf ? { rollback_of: rollbackOf } : {}),
    });
  }

  /** Forgets the files' stats and hashes kept between scans (one entry per workspace file a scan saw) while no
   * scan runs; the next scan reads them back from stat_cache.json. For the engine going idle. */
  releaseCaches(): void {
    if (this.#scans === 0) this.cache.release();
  }

  async #scan(paths: string[] | "*", storeContent = false): Promise<SnapshotEntry[]> {
    this.#scans++;
    try {
      await this.cache.reload();
      const context = {
        workspace: this.workspace,
        cache: this.cache,
        scanStart: await this.#filesystemNow(),
      };
      const entries = await scanPaths(
        storeContent ? { ...context, store: this.store } : context,
        paths === "*" ? [""] : paths.map((path) => toRelative(this.workspace, path)),
      );
      await this.cache.save();
      return entries;
    } finally {
      this.#scans--;
    }
  }

  /** The filesystem's own clock (what mtimes are compared with), read by touching a marker file. */
  async #filesystemNow(): Promise<number> {
    const marker = `${this.stateDir}/clock`;
    await Deno.writeFile(marker, new Uint8Array());
    return (await Deno.stat(marker)).mtime?.getTime() ?? Date.now();
  }

  #prunable(): SnapshotRecord[] {
    const all = this.records.all();
    const cutoff = this.options.clock.now() - this.maxAgeDays * DAY_MS;
    const overCount = Math.max(0, all.length - this.maxSnapshots);
    return all.filter((record, index) => index < overCount || record.ts < cutoff);
  }

  async #prune(): Promise<PruneResult> {
    const doomed = new Set(this.#prunable().map((record) => record.id));
    // Removing a middle record would break the chain: keep everything after the newest pruned one.
    const lastDoomed = this.records.all().findLastIndex((record) => doomed.has(record.id));
    const suffix = this.records.all().slice(lastDoomed + 1);
    const removedIds = this.records.all().slice(0, lastDoomed + 1).map((record) => record.id);
    const anchor = await this.records.retain(suffix);
    const referenced = new Set<string>();
    for (const record of suffix) {
      referenced.add(record.manifest_sha256);
      for (const entry of await this.entries(record.id)) if (entry.sha256) referenced.add(entry.sha256);
    }
    let objectsRemoved = 0;
    for (const sha of this.store.list()) {
      if (!referenced.has(sha)) {
        await this.store.remove(sha);
        objectsRemoved++;
      }
    }
    await this.cache.reload(); // released since the last scan: the entries on disk name objects too
    this.cache.retainObjects((sha) => referenced.has(sha));
    await this.cache.save();
    return { removed: removedIds, objects_removed: objectsRemoved, anchor_hash: anchor };
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => {});
    return run;
  }
}

function normalisePaths(workspace: string, paths: string[]): string[] {
  if (!Array.isArray(paths) || paths.length === 0) {
    throw new ValidationError(
      'Invalid snapshot "paths": expected "*" or a non-empty list of workspace paths',
    );
  }
  return [...new Set(paths.map((path) => toRelative(workspace, path)))].map((rel) => rel === "" ? "." : rel);
}

function describe(entry: SnapshotEntry): string {
  return entry.type === "absent" ? "absent" : `${entry.type} ${entry.mode?.toString(8) ?? ""}`.trim();
}
