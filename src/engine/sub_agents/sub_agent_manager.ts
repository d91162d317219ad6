/** The sub-agents of every session: starts each as its own child process within the limits
 * (agents.max_concurrent_sub_agents, the time limit, the round limit), answers the agents tools, and stops
 * children when they are cancelled, their parent session is deleted or the engine stops. */
import { newId } from "../../lib/clock.ts";
import type { Clock } from "../../lib/clock.ts";
import { ToolError } from "../../lib/errors.ts";
import type { SubAgentRecord } from "../../store/sub_agent_store.ts";
import { ACTIVE_STATES } from "../../store/sub_agent_store.ts";
import type { MetricsRecorder } from "../ports.ts";
import type { AuditEventDetails, AuditRecorder } from "../../protocol/audit_events.ts";
import type { EventSink } from "../../protocol/server_events.ts";
import { makeEvent } from "../../protocol/server_events.ts";
import type { Logger } from "../../log/logger.ts";
import type { ModelEntry } from "../../providers/types.ts";
import type {
  ChildSpawner,
  SessionPort,
  SubAgentRecords,
  SubAgentSetup,
  ToolRunner,
} from "./sub_agent_ports.ts";
import { SubAgentRun } from "./sub_agent_run.ts";
import { statusOf, type SubAgentStatus, taskSummary } from "./sub_agent_status.ts";

export interface SubAgentManagerDeps {
  setup: SubAgentSetup;
  spawner: ChildSpawner;
  tools: ToolRunner;
  sessions: SessionPort;
  store: SubAgentRecords;
  events: EventSink;
  audit: AuditRecorder;
  metrics: MetricsRecorder;
  logger: Logger;
  clock: Clock;
}

export interface CreateRequest {
  task: string;
  model?: string;
  /** Seconds; at most agents.sub_agent_timeout_seconds. */
  timeout?: number;
}

export class SubAgentManager {
  private readonly runs = new Map<string, SubAgentRun>();
  /** Records of OTR parents' children: never written to the database. */
  private readonly otrRecords = new Map<string, SubAgentRecord>();

  constructor(private readonly deps: SubAgentManagerDeps) {
    const interrupted = deps.store.markInterrupted(deps.clock.now());
    if (interrupted > 0) {
      deps.logger.warn(
        "sub_agents_interrupted",
        `${interrupted} sub-agents were running when the engine stopped`,
        {
          count: interrupted,
        },
      );
    }
  }

  /** Starts a child for the parent session; a tool error when the concurrency limit is reached. */
  async create(parentSessionId: string, request: CreateRequest): Promise<SubAgentStatus> {
    const { deps } = this;
    const parent = deps.sessions.find(parentSessionId);
    if (!parent) throw new ToolError(`Session "${parentSessionId}" not found`);
    const limits = deps.setup.limits();
    const running = this.activeRuns().length;
    if (running >= limits.maxConcurrent) {
      throw new ToolError(
        `Cannot start another sub-agent: ${running} of ${limits.maxConcurrent} are running ` +
          "(agents.max_concurrent_sub_agents); wait for one to finish or delete one",
      );
    }
    const timeout = Math.min(request.timeout ?? limits.timeoutSeconds, limits.timeoutSeconds);
    const model = deps.setup.model(request.model);
    const id = newId("sa_");
    const otr = parent.mode === "otr";
    const record: SubAgentRecord = {
      id,
      parent_session_id: parentSessionId,
      child_session_id: `s_${id}`,
      task_summary: taskSummary(request.task),
      model: model.entry.name,
      state: "starting",
      reason: "",
      result: "",
      rounds_used: 0,
      timeout_seconds: timeout,
      started_at: deps.clock.now(),
    };
    const child = (() => {
      try {
        return deps.spawner.spawn(model.entry, id);
      } catch (error) {
        throw new ToolError(`Cannot start the sub-agent: ${(error as Error).message}`);
      }
    })();
    deps.sessions.createWithId(record.child_session_id, parent.mode);
    deps.sessions.rename(record.child_session_id, `Sub-agent: ${record.task_summary}`);
    deps.sessions.addMessage(record.child_session_id, { role: "user", content: request.task });
    if (otr) this.otrRecords.set(id, record);
    else deps.store.insert(record);
    const toolSpecs = deps.setup.toolSpecs();
    const run = new SubAgentRun({
      record,
      task: request.task,
      otr,
      child,
      model,
      limits: { ...limits },
      offered: new Set(toolSpecs.map((spec) => spec.name)),
      systemPrompt: deps.setup.systemPrompt(),
      toolSpecs,
      sessions: deps.sessions,
      tools: deps.tools,
      observer: this.observerFor(otr, model.entry),
      now: () => deps.clock.now(),
    });
    this.runs.set(id, run);
    void run.finished.then(() => this.runs.delete(id));
    this.audit("sub_agent_started", record, otr, {
      child_session_id: record.child_session_id,
      model: record.model,
      timeout_seconds: timeout,
      pid: child.pid,
    });
    this.emit(record);
    await run.start();
    return this.view(record);
  }

  /** A sub-agent of this parent, or a tool error naming what is wrong. */
  status(parentSessionId: string, id: string): SubAgentStatus {
    return this.view(this.recordOf(parentSessionId, id));
  }

  /** Waits up to `waitSeconds` for the sub-agent to finish, then reports where it is. */
  async result(parentSessionId: string, id: string, waitSeconds: number, signal?: AbortSignal) {
    const record = this.recordOf(parentSessionId, id);
    const run = this.runs.get(id);
    if (run && ACTIVE_STATES.has(record.state) && waitSeconds > 0) {
      await waitFor(run.finished, waitSeconds * 1000, signal);
    }
    return { ...this.view(record), result: record.result };
  }

  async message(parentSessionId: string, id: string, content: string): Promise<SubAgentStatus> {
    const record = this.recordOf(parentSessionId, id);
    const run = this.runs.get(id);
    if (!run?.active) {
      throw new ToolError(`Sub-agent "${id}" has finished (${record.state}): it reads no messages`);
    }
    await run.message(content);
    return this.view(record);
  }

  /** Cancels the sub-agent if it runs, then removes its record (its session keeps the transcript). */
  delete(parentSessionId: string, id: string): SubAgentStatus {
    const record = this.recordOf(parentSessionId, id);
    this.runs.get(id)?.finish("cancelled", "Cancelled by the agent that started it");
    if (!this.otrRecords.delete(id)) this.deps.store.delete(id);
    return this.view(record);
  }

  list(parentSessionId: string): SubAgentStatus[] {
    const stored = this.deps.store.listByParent(parentSessionId).map((record) => this.live(record));
    const otr = [...this.otrRecords.values()].filter((record) =>
      record.parent_session_id === parentSessionId
    );
    return [...stored, ...otr].map((record) => this.view(record));
  }

  /** GET /api/sub-agents: the running ones, across sessions. */
  active(): SubAgentStatus[] {
    return this.activeRuns().map((run) => this.view(run.record));
  }

  /** A session was deleted: its children (or, for a child session, that child) stop and are forgotten. */
  sessionDeleted(sessionId: string): void {
    for (const run of [...this.runs.values()]) {
      if (run.record.parent_session_id === sessionId) {
        run.finish("cancelled", "The parent session was deleted");
      } else if (run.record.child_session_id === sessionId) {
        run.finish("cancelled", "The sub-agent's session was deleted");
      }
    }
    this.deps.store.deleteByParent(sessionId);
    for (const [id, record] of this.otrRecords) {
      if (record.parent_session_id === sessionId) this.otrRecords.delete(id);
    }
  }

  /** Engine shutdown: every child is killed and recorded as cancelled. */
  stopAll(): void {
    for (const run of [...this.runs.values()]) run.finish("cancelled", "The engine stopped");
  }

  private activeRuns(): SubAgentRun[] {
    return [...this.runs.values()].filter((run) => run.active);
  }

  private recordOf(parentSessionId: string, id: string): SubAgentRecord {
    const run = this.runs.get(id);
    const record = run?.record ?? this.otrRecords.get(id) ?? this.deps.store.get(id);
    // Another session's sub-agents are invisible: the same answer as for an unknown id.
    if (!record || record.parent_session_id !== parentSessionId) {
      throw new ToolError(`No sub-agent "${id}" in this session: list_agents shows them`);
    }
    return record;
  }

  private live(record: SubAgentRecord): SubAgentRecord {
    return this.runs.get(record.id)?.record ?? record;
  }

  private view(record: SubAgentRecord): SubAgentStatus {
    return statusOf(record, this.deps.clock.now(), this.deps.setup.limits().maxRounds);
  }

  private observerFor(otr: boolean, entry: ModelEntry) {
    const { deps } = this;
    return {
      changed: (record: SubAgentRecord) => {
        if (!otr) deps.store.update(record);
        if (!ACTIVE_STATES.has(record.state)) {
          this.audit("sub_agent_finished", record, otr, {
            state: record.state,
            rounds_used: record.rounds_used,
            reason: record.reason,
          });
          deps.logger.info("sub_agent_finished", `Sub-agent ${record.id} ended: ${record.state}`, {
            agent_id: record.id,
            state: record.state,
            rounds_used: record.rounds_used,
          });
        }
        this.emit(record);
      },
      usage: (record: SubAgentRecord, input: number, output: number, latencyMs: number) => {
        if (otr) return;
        deps.metrics.llmCall({
          sessionId: record.child_session_id,
          role: "sub_agent",
          provider: entry.provider,
          model: entry.model,
          latencyMs,
          inputTokens: input,
          outputTokens: output,
          ok: true,
        });
      },
      log: (level: "info" | "warn", event: string, message: string, fields: Record<string, unknown>) =>
        deps.logger[level](event, message, fields),
    };
  }

  private emit(record: SubAgentRecord): void {
    const view = this.view(record);
    this.deps.events.emit(
      makeEvent("sub_agent_update", record.parent_session_id, { ...view }, this.deps.clock.now()),
    );
  }

  private audit<E extends "sub_agent_started" | "sub_agent_finished">(
    event: E,
    record: SubAgentRecord,
    otr: boolean,
    details: Omit<AuditEventDetails[E], "agent_id">,
  ): void {
    const kept = otr ? { agent_id: record.id } : { agent_id: record.id, ...details };
    this.deps.audit.record(event, record.parent_session_id, "create_agent", kept as AuditEventDetails[E]);
  }
}

function waitFor(done: Promise<unknown>, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    signal?.addEventListener("abort", finish, { once: true });
    done.then(finish);
  });
}
