/** Adapts the audit log to the engine's fire-and-forget AuditPort: failures are logged, never thrown. */
import type { AuditLog } from "../security/audit/audit_log.ts";
import type { Logger } from "../logger.ts";
import type { AuditPort } from "./ports.ts";

export function auditPort(log: AuditLog, logger: Logger): AuditPort {
  return {
    record(event, sessionId, actionType, details) {
      log.append({ event, session_id: sessionId, action_type: actionType, details }).catch((error: Error) => {
        logger.error("audit_append_failed", `Audit append of "${event}" failed: ${error.message}`, {});
      });
    },
  };
}
