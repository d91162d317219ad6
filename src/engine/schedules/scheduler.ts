/** Runs schedules when they are due and checks HEARTBEAT.md on its interval. Time comes from the injected
 * clock. A run is recorded (with its next time) before it starts, so a crash never repeats it, and a schedule
 * that was due while the engine was down runs once, not once per missed time. Each run is a turn in the
 * schedule's own session, through the same conversation queue and tool pipeline as chat. */
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../log/logger.ts";
import type { ScheduleRecord } from "../../store/schedule_store.ts";
import type { AuditRecorder } from "../../protocol/audit_events.ts";
import { dueItems, parseHeartbeat } from "./heartbeat.ts";
import { nextCronRun } from "./schedule_time.ts";

export const HEARTBEAT_SESSION_ID = "s_heartbeat";

export interface ScheduleRecords {
  due(now: number): ScheduleRecord[];
  markRun(id: string, ranAt: number, nextRunAt: number | undefined, sessionId: string): void;
  heartbeatLastRun(itemHash: string): number | undefined;
  heartbeatRan(itemHashes: string[], at: number): void;
}

/** Starts a turn (the conversation queue); "busy" when the session is still in its previous run. */
export interface TurnStarter {
  startTurn(sessionId: string, title: string, content: string): "started" | "busy";
}

export interface HeartbeatSource {
  intervalMs: number;
  timezone: string;
  /** HEARTBEAT.md's text, or undefined when there is none. */
  read(): Promise<string | undefined>;
}

export interface SchedulerDeps {
  store: ScheduleRecords;
  clock: Clock;
  turns: TurnStarter;
  audit: AuditRecorder;
  logger: Logger;
  /** How often the clock is looked at (the precision of runs). */
  pollMs: number;
  heartbeat?: HeartbeatSource;
}

export function scheduleSessionId(scheduleId: string): string {
  return `s_${scheduleId}`;
}

export class Scheduler {
  private timer?: ReturnType<typeof setInterval>;
  private ticking?: Promise<void>;
  private lastHeartbeat?: number;

  constructor(private readonly deps: SchedulerDeps) {}

  /** Looks at once (runs what was missed while the engine was down), then every pollMs. */
  start(): void {
    if (this.timer !== undefined) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.deps.pollMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  /** One look at the clock; overlapping calls share the one in progress. */
  tick(): Promise<void> {
    this.ticking ??= this.runDue().finally(() => this.ticking = undefined);
    return this.ticking;
  }

  private async runDue(): Promise<void> {
    const now = this.deps.clock.now();
    for (const schedule of this.deps.store.due(now)) {
      try {
        this.runSchedule(schedule, now);
      } catch (error) {
        this.deps.logger.error(
          "schedule_failed",
          `Schedule ${schedule.id} could not run: ${(error as Error).message}`,
          {
            schedule_id: schedule.id,
          },
        );
      }
    }
    await this.heartbeat(now);
  }

  private runSchedule(schedule: ScheduleRecord, now: number): void {
    const next = schedule.cron ? nextCronRun(schedule.cron, schedule.timezone, now) : undefined;
    const sessionId = schedule.session_id || scheduleSessionId(schedule.id);
    this.deps.store.markRun(schedule.id, now, next, sessionId);
    const dueAt = schedule.next_run_at ?? now;
    this.deps.audit.record("schedule_run", sessionId, "create_schedule", {
      schedule_id: schedule.id,
      due_at: dueAt,
      late_ms: now - dueAt,
      next_run_at: next ?? null,
    });
    const content =
      `Scheduled task "${schedule.title}" (schedule ${schedule.id}, due ${
        new Date(dueAt).toISOString()
      }):\n\n` +
      schedule.task;
    const outcome = this.deps.turns.startTurn(sessionId, `Schedule: ${schedule.title}`, content);
    if (outcome === "busy") {
      this.deps.logger.warn(
        "schedule_skipped",
        `Schedule ${schedule.id} skipped a run: its previous run is still going`,
        {
          schedule_id: schedule.id,
        },
      );
    }
  }

  private async heartbeat(now: number): Promise<void> {
    const source = this.deps.heartbeat;
    if (!source || source.intervalMs <= 0) return;
    if (this.lastHeartbeat !== undefined && now - this.lastHeartbeat < source.intervalMs) return;
    this.lastHeartbeat = now;
    const text = await source.read().catch(() => undefined);
    if (!text) return;
    const parsed = parseHeartbeat(text, source.timezone);
    for (const problem of parsed.problems) {
      this.deps.logger.warn("heartbeat_item_invalid", `HEARTBEAT.md item ignored: ${problem}`, {});
    }
    const due = dueItems(
      parsed.items,
      (hash) => this.deps.store.heartbeatLastRun(hash),
      now,
      source.intervalMs,
      source.timezone,
    );
    if (due.length === 0) return;
    this.deps.store.heartbeatRan(due.map((item) => item.hash), now);
    this.deps.audit.record("heartbeat_run", HEARTBEAT_SESSION_ID, "create_schedule", { items: due.length });
    const content =
      `Heartbeat (${new Date(now).toISOString()}): these checks from HEARTBEAT.md are due.\n\n` +
      due.map((item) => `- ${item.text}`).join("\n");
    this.deps.turns.startTurn(HEARTBEAT_SESSION_ID, "Heartbeat", content);
  }
}
