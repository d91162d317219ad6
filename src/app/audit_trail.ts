/** The engine's audit trail: the log anchored in engine.db (signed when security.audit_key_file is set),
 * the AuditRecorder the engine records through, and the verified page GET /api/audit serves. */
import { join } from "node:path";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../log/logger.ts";
import type { Database } from "../store/database.ts";
import { SqliteAnchorStore } from "../audit/anchor_store.ts";
import { type AuditLog, openAuditLog } from "../audit/audit_log.ts";
import { loadAuditKey } from "../audit/audit_key.ts";
import { lockedSnapshot, newerAnchor } from "../audit/anchor_check.ts";
import { type AuditPage, readAuditPage } from "../audit/verify_audit.ts";
import type { AuditRecorder } from "../protocol/audit_events.ts";

export interface EngineAuditOptions {
  /** The workspace's `.engine` folder: audit.jsonl and engine.db. */
  stateDir: string;
  db: Database;
  workspace: string;
  clock: Clock;
  /** security.audit_key_file: absolute, outside the workspace; created (0600) when missing. */
  keyFile?: string;
  logger?: Logger;
  onError: (error: Error) => void;
}

export interface EngineAudit {
  log: AuditLog;
  /** Reads a page after writing what is queued; verified against the anchor, which must exist. */
  readPage(query: { lines?: number; offset?: number }): Promise<AuditPage>;
}

/** Opens audit.jsonl with its anchor: a log that is not the one anchored is reported and recorded at once. */
export async function openEngineAudit(options: EngineAuditOptions): Promise<EngineAudit> {
  const { stateDir, db, clock } = options;
  const auditKey = options.keyFile ? await loadAuditKey(options.keyFile, options.workspace) : undefined;
  if (auditKey?.warning) options.logger?.warn("audit_key_readable", auditKey.warning, {});
  const store = new SqliteAnchorStore(db, join(stateDir, "engine.db"), clock);
  const log = await openAuditLog(join(stateDir, "audit.jsonl"), {
    clock,
    onError: options.onError,
    anchor: { store, key: auditKey?.key, adoptUnsigned: auditKey?.created ?? false },
  });
  return {
    log,
    async readPage(query) {
      await log.flush();
      const snapshot = await lockedSnapshot(log.path, () => newerAnchor(store.read(), log.lastAnchor()));
      return await readAuditPage(log.path, {
        ...query,
        size: snapshot.size,
        anchor: { record: snapshot.record, key: auditKey?.key, required: true },
      });
    },
  };
}

/**
 * Adapts the audit log to the engine's AuditRecorder. A record never throws: a failed append is logged and
 * its error is what the returned promise resolves with, for callers that must not act without it.
 */
export function auditPort(log: AuditLog, logger: Logger): AuditRecorder {
  return {
    record(event, sessionId, actionType, details, options) {
      return log.append({ event, session_id: sessionId, action_type: actionType, details }, options).then(
        () => undefined,
        (error: Error) => {
          logger.error("audit_append_failed", `Audit append of "${event}" failed: ${error.message}`, {});
          return error;
        },
      );
    },
  };
}
