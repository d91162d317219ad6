/** The shapes Chronicle stores: a hash-chained record per snapshot and the manifest of what each path held. */

export type EntryType = "file" | "directory" | "symlink" | "absent";

/** State of one workspace path at snapshot time. Paths are workspace-relative with "/" separators. */
export interface SnapshotEntry {
  path: string;
  type: EntryType;
  /** Permission bits (e.g. 0o644) for files and directories. */
  mode?: number;
  /** Content hash of a file; its bytes live in objects/<sha256>. */
  sha256?: string;
  size?: number;
  /** Link target of a symlink, as stored in the link. */
  target?: string;
}

/** One line of records.jsonl. `hash` covers every other field (canonical JSON), `prev_hash` links the chain. */
export interface SnapshotRecord {
  id: string;
  seq: number;
  ts: number;
  kind: "snapshot" | "pre_rollback";
  session_id: string;
  action_id: string;
  tool_name: string;
  /** What was snapshotted: workspace-relative paths, or "*" for the whole workspace. */
  paths: string[] | "*";
  /** Object holding the JSON array of SnapshotEntry, sorted by path. */
  manifest_sha256: string;
  file_count: number;
  total_bytes: number;
  /** For kind "pre_rollback": the snapshot the rollback restored. */
  rollback_of?: string;
  prev_hash: string;
  hash: string;
}

export interface SnapshotRequest {
  sessionId: string;
  actionId: string;
  toolName: string;
  paths: string[] | "*";
}

export interface FileChange {
  path: string;
  change: "added" | "removed" | "modified";
}

export interface RollbackResult {
  restored: string[];
  removed: string[];
  /** The snapshot taken just before rolling back, so the rollback itself can be undone. */
  snapshot: SnapshotRecord;
}

export interface PruneResult {
  removed: string[];
  objects_removed: number;
  /** prev_hash the first kept record links to (logged so a later audit can tie the chains together). */
  anchor_hash: string;
}

export interface RecordsVerification {
  valid: boolean;
  total: number;
  break_at?: number;
  reason?: string;
}
