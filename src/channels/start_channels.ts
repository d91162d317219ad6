/** Wires the channel manager into the engine: journal in the engine database, events from the bus, the
 * engine's doors through the bridge, adapters for every enabled channel, a periodic health check. */
import type { DatabaseSync } from "node:sqlite";
import type { Config } from "../config/schema.ts";
import type { ApprovalRegistry } from "../engine/approvals.ts";
import type { CommandRunner, Conversation } from "../engine/conversation.ts";
import type { EventBus } from "../engine/events.ts";
import type { SessionService } from "../engine/session_service.ts";
import type { AuditPort } from "../engine/ports.ts";
import type { Logger } from "../logger.ts";
import { buildAdapters } from "./build_adapters.ts";
import { ChannelManager } from "./channel_manager.ts";
import { engineBridge } from "./engine_bridge.ts";
import { InboundJournal } from "./inbound_journal.ts";

export interface ChannelWiring {
  config: Config;
  db: DatabaseSync;
  bus: EventBus;
  conversation: Conversation;
  commands: CommandRunner;
  sessions: SessionService;
  approvals: ApprovalRegistry;
  audit: AuditPort;
  logger: Logger;
  now: () => number;
  env: (name: string | undefined) => string | undefined;
  home?: string;
  fetch?: typeof fetch;
}

const HEALTH_CHECK_MS = 5000;

export interface RunningChannels {
  manager: ChannelManager;
  /** Starts the enabled adapters (after the server listens; none of them holds the engine's start up). */
  attachAll(): void;
  /** The manager for /api/channels, or null while no channel is enabled (detach then answers 503). */
  controller(): ChannelManager | null;
  stop(): Promise<void>;
}

export function startChannels(wiring: ChannelWiring): RunningChannels {
  const manager = new ChannelManager({
    engine: engineBridge(wiring),
    journal: new InboundJournal(wiring.db, wiring.now),
    audit: wiring.audit,
    log: wiring.logger,
    now: wiring.now,
  });
  const unsubscribe = wiring.bus.subscribe((event) => manager.deliver(event));
  let timer: ReturnType<typeof setInterval> | undefined;
  let enabled = 0;
  return {
    manager,
    controller: () => enabled > 0 ? manager : null,
    attachAll() {
      const adapters = buildAdapters(wiring.config, {
        env: wiring.env,
        home: wiring.home,
        fetch: wiring.fetch,
        now: wiring.now,
        log: (channel, message) => wiring.logger.warn("channel_warning", message, { channel }),
      });
      enabled = adapters.length;
      for (const adapter of adapters) void manager.attach(adapter);
      if (adapters.length > 0) timer = setInterval(() => manager.checkHealth(), HEALTH_CHECK_MS);
    },
    async stop() {
      clearInterval(timer);
      await manager.stop();
      unsubscribe();
    },
  };
}
