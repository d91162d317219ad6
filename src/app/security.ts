/** The protections around every tool call, built from config: the audit trail, login and control keys, the
 * sandbox, the engine's protected paths, Tier 3 approvals, Shield, information-flow control and Chronicle. */
import type { AuditLog } from "../audit/audit_log.ts";
import type { AuditPage } from "../audit/verify_audit.ts";
import { type Chronicle, openChronicle } from "../chronicle/chronicle.ts";
import { loadIfcPolicy } from "../ifc/ifc_policy.ts";
import { createIfcTracker } from "../ifc/ifc_tracker.ts";
import { detectSandbox, type SandboxInfo } from "../sandbox/sandbox.ts";
import type { LazyShield } from "../shield/lazy_shield.ts";
import { ApprovalRegistry } from "../engine/approvals.ts";
import { LearnedApprovals } from "../engine/learned_approvals.ts";
import { loadPolicyFile } from "../shield/policy.ts";
import type { IfcPort, SnapshotPort } from "../engine/ports.ts";
import type { AuditRecorder } from "../protocol/audit_events.ts";
import { AuthService } from "../routes/auth_service.ts";
import { LoginStore } from "../store/login_store.ts";
import { buildProtectedPaths, type ProtectedPaths } from "../workspace/protected_paths.ts";
import { layoutOf } from "../workspace/workspace_layout.ts";
import { ControlKeys } from "../ws/control_keys.ts";
import { Presence } from "../ws/presence.ts";
import { auditPort, openEngineAudit } from "./audit_trail.ts";
import { buildShield, controlPathsOf } from "./build_shield.ts";
import type { Foundation } from "./foundation.ts";
import { ifcPort } from "./ifc_adapter.ts";

export interface Security {
  /** The hash-chained log itself (closed on stop) and the recorder every part writes through. */
  auditLog: AuditLog;
  audit: AuditRecorder;
  readAuditPage(query: { lines?: number; offset?: number }): Promise<AuditPage>;
  auth: AuthService;
  controlKeys: ControlKeys;
  sandbox: SandboxInfo;
  protectedPaths: ProtectedPaths;
  /** Who can answer a Tier 3 request for a session: the hub and, later, channel adapters add themselves. */
  presence: Presence;
  approvals: ApprovalRegistry;
  shield: LazyShield;
  ifc: IfcPort;
  chronicle: Chronicle;
  snapshots: SnapshotPort;
}

export async function buildSecurity(base: Foundation): Promise<Security> {
  const { config, logger, clock, workspace, home } = base;
  const engineAudit = await openEngineAudit({
    stateDir: base.stateDir,
    db: base.db,
    workspace,
    clock,
    keyFile: config.security.audit_key_file,
    logger,
    onError: (error) => logger.error("audit_error", error.message, {}),
  });
  const audit = auditPort(engineAudit.log, logger);
  const auth = loginService(base, audit);
  base.sessions.observe({
    created: (session) => audit.record("session_created", session.id, "", { mode: session.mode }),
    deleted: (session) => audit.record("session_deleted", session.id, "", { mode: session.mode }),
  });
  const presence = new Presence();
  // Shield is built after the registry that asks for it; learned rules reach it once it exists.
  const built: { shield?: LazyShield } = {};
  const learned = new LearnedApprovals({
    learnedFile: base.loaded.learnedRulesFile,
    audit,
    loadPolicy: () => loadPolicyFile(base.loaded.policyFile),
    applyPolicy: (policy) => built.shield?.updatePolicy(policy),
    onError: (message) => logger.error("learned_rule_failed", message, {}),
  });
  const approvals = new ApprovalRegistry({
    events: base.events,
    clock,
    audit,
    clientsFor: (sessionId) => presence.clientsFor(sessionId),
    maxPerHour: config.shield.tier3.max_per_hour,
    files: { workspace, home },
    learn: (input) => learned.learn(input),
  });
  const shield = built.shield = await shieldFor(base, approvals);
  const chronicle = await openChronicle({
    workspace,
    clock,
    maxSnapshots: config.chronicle.max_snapshots,
    maxAgeDays: config.chronicle.max_age_days,
  });
  return {
    auditLog: engineAudit.log,
    audit,
    readAuditPage: (query) => engineAudit.readPage(query),
    auth,
    controlKeys: new ControlKeys({ now: () => clock.now(), ownerValid: (owner) => auth.handleValid(owner) }),
    sandbox: await sandboxFor(base),
    protectedPaths: buildProtectedPaths({
      workspace,
      configPath: base.loaded.path,
      policyFiles: layoutOf(base.loaded).policyFiles,
      webRoot: base.webRoot,
    }),
    presence,
    approvals,
    shield,
    ifc: await ifcFor(base, audit),
    chronicle,
    snapshots: snapshotsInto(chronicle, audit),
  };
}

/** Password login (docs/security.md, "Web access"); every attempt is audited, failures logged. */
function loginService(base: Foundation, audit: AuditRecorder): AuthService {
  const { config, logger } = base;
  return new AuthService(
    base.remote && config.web.auth,
    config.web.password_hash,
    new LoginStore(base.db),
    base.clock,
    (outcome, client) => {
      audit.record(outcome === "success" ? "login_success" : "login_failure", "", "login", {
        client,
        outcome,
      });
      if (outcome !== "success") {
        logger.warn("login_failed", `Login ${outcome.replace("_", " ")}`, { client });
      }
    },
    config.web.auth,
  );
}

async function sandboxFor(base: Foundation): Promise<SandboxInfo> {
  const candidates = base.options.sandboxCandidates;
  const sandbox = await detectSandbox(candidates ? { candidates } : {});
  if (!sandbox.active) {
    base.logger.warn("sandbox_inactive", `No sandbox for shell commands: ${sandbox.reason}`, {
      shell_offered: base.config.tools.allow_unsandboxed_shell,
    });
  }
  return sandbox;
}

function shieldFor(base: Foundation, approvals: ApprovalRegistry): Promise<LazyShield> {
  return buildShield({
    config: base.config,
    workspace: base.workspace,
    policyFile: base.loaded.policyFile,
    controlPaths: controlPathsOf(base.loaded, base.stateDir),
    home: base.home,
    clock: base.clock,
    fetch: base.fetch,
    budget: base.budget,
    approvals,
    evaluatorModel: () => base.models.language("shield"),
    observer: {
      latency: (tier, ms) => base.metrics.shieldLatency(tier, ms),
      verdict: (action, verdict) => base.metrics.shieldDecision(verdict.tier, verdict.decision, action.type),
    },
  });
}

async function ifcFor(base: Foundation, audit: AuditRecorder): Promise<IfcPort> {
  const tracker = createIfcTracker(await loadIfcPolicy(base.loaded.ifcPolicyFile), {
    overrideMode: base.config.security.override_mode || undefined,
    memoryBlockLevels: base.config.security.memory_block_levels,
    workspace: base.workspace,
    homeDir: base.home,
  });
  return ifcPort(tracker, base.logger, audit);
}

/** Chronicle snapshots before a change, each one audited. */
function snapshotsInto(chronicle: Chronicle, audit: AuditRecorder): SnapshotPort {
  return {
    async snapshot(input) {
      const record = await chronicle.snapshot(input);
      audit.record("snapshot", input.sessionId, input.toolName, {
        action_id: input.actionId,
        snapshot_id: record.id,
      });
      return record;
    },
  };
}
