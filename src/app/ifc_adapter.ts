/** Adapts the IFC tracker to the pipeline: memory writes use the memory block levels, audit-mode findings are
 * logged and audited instead of enforced. */
import type { IfcTracker } from "../ifc/ifc_tracker.ts";
import type { Logger } from "../log/logger.ts";
import type { IfcPort } from "../engine/ports.ts";
import type { AuditRecorder } from "../protocol/audit_events.ts";

export function ifcPort(tracker: IfcTracker, logger: Logger, audit: AuditRecorder): IfcPort {
  return {
    checkSink(sessionId, toolName, args) {
      const check = toolName === "memory_write"
        ? tracker.checkMemoryWrite(sessionId)
        : tracker.checkSink(sessionId, toolName, args);
      if (check.audited) {
        logger.warn("ifc_audit", `IFC would ${check.would_be} "${toolName}": ${check.reason}`, {
          session_id: sessionId,
        });
        audit.record("ifc_audit", sessionId, toolName, {
          would_be: check.would_be,
          level: check.level,
          sink: check.sink,
        });
      }
      return { decision: check.decision, level: check.level, sink: check.sink ?? "", reason: check.reason };
    },
    recordRead(sessionId, toolName, reads) {
      tracker.recordRead(sessionId, toolName, reads);
    },
  };
}
