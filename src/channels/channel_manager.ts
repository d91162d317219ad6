/** The channel manager: attaches adapters, hands their traffic to the engine like a WebSocket client, routes the
 * engine's events back to each session's chat, reports health and detaches with in-flight sends drained. */
import { ApprovalCodes } from "./approval_codes.ts";
import type { AttachedChannel } from "./attached_channel.ts";
import { ChatInbound } from "./chat_inbound.ts";
import { ChatOutbound } from "./chat_outbound.ts";
import { ChatSessions } from "./chat_sessions.ts";
import type { ChannelAudit, ChannelEngine, ChannelEvent, ChannelLog } from "./engine_port.ts";
import { ChannelHealth, type HealthView } from "./health.ts";
import type { InboundJournal } from "./inbound_journal.ts";
import { SendQueue, type SendQueueOptions } from "./send_queue.ts";
import { StrangerLog } from "./stranger_log.ts";
import type { ChannelAdapter } from "./types.ts";

export interface ChannelManagerDeps {
  engine: ChannelEngine;
  journal: InboundJournal;
  audit: ChannelAudit;
  log: ChannelLog;
  now: () => number;
  editIntervalMs?: number;
  /** Longest wait for in-flight sends on detach (default 10 s). */
  drainTimeoutMs?: number;
  queue?: SendQueueOptions;
  onReplySent?: (sessionId: string, completedAt: number, sentAt: number) => void;
}

export class ChannelManager {
  private readonly channels = new Map<string, AttachedChannel>();
  /** Adapters that could not start, kept for the status view. */
  private readonly failures = new Map<string, ChannelHealth>();
  private readonly sessions: ChatSessions;
  private readonly codes: ApprovalCodes;
  private readonly inbound: ChatInbound;
  private readonly outbound: ChatOutbound;
  private readonly unhealthy = new Set<string>();
  /** Adapters whose start succeeded (the list endpoint names only those). */
  private readonly running = new Set<string>();

  constructor(private readonly deps: ChannelManagerDeps) {
    this.sessions = new ChatSessions(deps.journal);
    this.codes = new ApprovalCodes(deps.now);
    this.outbound = new ChatOutbound({
      codes: this.codes,
      log: deps.log,
      now: deps.now,
      editIntervalMs: deps.editIntervalMs,
      onReplySent: deps.onReplySent,
    });
    this.inbound = new ChatInbound({
      engine: deps.engine,
      journal: deps.journal,
      sessions: this.sessions,
      codes: this.codes,
      strangers: new StrangerLog(deps.now),
      outbound: this.outbound,
      audit: deps.audit,
      log: deps.log,
      now: deps.now,
    });
  }

  /** Starts an adapter; false (logged, engine unaffected) when it cannot run. Unanswered messages stored for the
   * platform before a restart are handled once it is up. */
  async attach(adapter: ChannelAdapter): Promise<boolean> {
    const { name } = adapter;
    if (this.channels.has(name)) throw new Error(`Channel "${name}" is already attached`);
    const health = new ChannelHealth(adapter.capabilities.heartbeatMs, this.deps.now());
    const channel: AttachedChannel = {
      adapter,
      queue: new SendQueue({
        ...this.deps.queue,
        onRetry: (reason, delayMs) =>
          this.deps.log.warn("channel_send_retry", `${name}: ${reason}; trying again in ${delayMs} ms`, {
            channel: name,
            delay_ms: delayMs,
          }),
      }),
      health,
      streams: new Map(),
      closing: false,
      stopped: false,
      chains: new Map(),
    };
    this.channels.set(name, channel);
    // Taken before the adapter starts: what it stores while starting is handled as it arrives, not twice.
    const unanswered = this.deps.journal.pending(name);
    try {
      await adapter.start({
        receive: (message) => this.inbound.receive(channel, message),
        button: (answer) => this.inbound.button(channel, answer),
        alive: () => health.alive(this.deps.now()),
        lost: (reason) => {
          health.lost(reason);
          this.deps.log.warn("channel_reconnecting", `${name} connection lost: ${reason}`, { channel: name });
        },
        cursor: () => this.deps.journal.cursor(name),
        saveCursor: (value) => this.deps.journal.saveCursor(name, value),
      });
    } catch (error) {
      this.channels.delete(name);
      health.failed((error as Error).message);
      this.failures.set(name, health);
      this.deps.log.error(
        "channel_start_failed",
        `Channel "${name}" did not start: ${(error as Error).message}`,
        {
          channel: name,
        },
      );
      return false;
    }
    this.failures.delete(name);
    this.running.add(name);
    this.deps.audit.record("channel_attached", "", name, { channel: name });
    this.deps.log.info("channel_attached", `Channel "${name}" attached`, { channel: name });
    for (const entry of unanswered) this.inbound.handle(channel, entry);
    return true;
  }

  /** Names of running adapters (GET /api/channels). */
  list(): string[] {
    return [...this.running];
  }

  /** Stops receiving, waits for in-flight sends, then forgets the adapter. False for an unknown name. */
  async detach(name: string, reason = "requested"): Promise<boolean> {
    const channel = this.channels.get(name);
    if (!channel) return false;
    channel.closing = true;
    await channel.adapter.stop().catch((error) =>
      this.deps.log.warn("channel_stop_failed", `${name} did not stop cleanly: ${error.message}`, {
        channel: name,
      })
    );
    const drained = await channel.queue.drain(this.deps.drainTimeoutMs ?? 10_000);
    channel.stopped = true;
    await channel.adapter.close?.().catch((error) =>
      this.deps.log.warn("channel_stop_failed", `${name} did not close cleanly: ${error.message}`, {
        channel: name,
      })
    );
    for (const stream of channel.streams.values()) stream.abandon();
    channel.health.state = "stopped";
    this.channels.delete(name);
    this.running.delete(name);
    this.deps.audit.record("channel_detached", "", name, { channel: name, reason, drained });
    this.deps.log.info("channel_detached", `Channel "${name}" detached`, { channel: name, reason, drained });
    return true;
  }

  /** Detaches everything (engine shutdown): call before running turns are cancelled, so their cut-short answers
   * are not sent and the messages stay pending for the next start. */
  async stop(): Promise<void> {
    await Promise.all([...this.channels.keys()].map((name) => this.detach(name, "engine stopping")));
  }

  /** Engine events (subscribe this to the event bus). */
  deliver(event: ChannelEvent): void {
    if (!event.session_id) return;
    const route = this.sessions.routeOf(event.session_id);
    const channel = route && this.channels.get(route.platform);
    if (!route || !channel || channel.stopped) return;
    void this.outbound.deliver(channel, route, event).catch((error) =>
      this.deps.log.error("channel_deliver_failed", `${route.platform}: ${error.message}`, {
        channel: route.platform,
      })
    );
  }

  /** 1 when the session belongs to a chat of a running channel (it can answer approvals), else 0. */
  clientsFor(sessionId: string): number {
    const route = this.sessions.routeOf(sessionId);
    const channel = route && this.channels.get(route.platform);
    return channel && !channel.closing && channel.health.state !== "failed" ? 1 : 0;
  }

  /** Health of every configured channel, attached or failed (for /api/status). */
  health(): Record<string, HealthView> {
    const now = this.deps.now();
    const view: Record<string, HealthView> = {};
    for (const [name, health] of this.failures) view[name] = health.view(now);
    for (const [name, channel] of this.channels) view[name] = channel.health.view(now);
    return view;
  }

  /** Logs changes between healthy and unhealthy (run periodically; the console shows them as log entries). */
  checkHealth(): void {
    for (const [name, view] of Object.entries(this.health())) {
      if (view.state === "failed" || view.state === "stopped") continue;
      if (!view.healthy && !this.unhealthy.has(name)) {
        this.unhealthy.add(name);
        this.deps.log.warn(
          "channel_unhealthy",
          `Channel "${name}" is unhealthy: ${view.detail || view.state}`,
          {
            channel: name,
            state: view.state,
            silent_ms: view.silent_ms,
          },
        );
      } else if (view.healthy && this.unhealthy.delete(name)) {
        this.deps.log.info("channel_healthy", `Channel "${name}" is healthy again`, { channel: name });
      }
    }
  }
}
