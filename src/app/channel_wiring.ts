/** The messaging channels, wired like a WebSocket client (imported by channels.ts only when a channel is enabled): the journal in engine.db, the engine's doors through the
 * bridge, events from the bus, chats counted as presence for Tier 3, adapters for every enabled channel started
 * once the server listens, a periodic health check; stopped before the turns, so answers cut short by a shutdown
 * never reach a chat (those messages are answered after the restart). */
import { buildAdapters } from "../channels/build_adapters.ts";
import { ChannelManager } from "../channels/channel_manager.ts";
import { engineBridge } from "../channels/engine_bridge.ts";
import { InboundJournal } from "../channels/inbound_journal.ts";
import { readEnv } from "../config/env.ts";
import type { Agent } from "./agent.ts";
import type { Foundation } from "./foundation.ts";
import type { EngineService } from "./lifecycle.ts";
import type { Security } from "./security.ts";

const HEALTH_CHECK_MS = 5000;

export interface WiredChannels extends EngineService {
  manager: ChannelManager;
  /** How many adapters were built at start (0 before). */
  readonly enabled: number;
}

export function wireChannels(base: Foundation, security: Security, agent: Agent): WiredChannels {
  const now = () => base.clock.now();
  const manager = new ChannelManager({
    engine: engineBridge({
      conversation: agent.conversation,
      commands: agent.commands,
      sessions: base.sessions,
      approvals: security.approvals,
    }),
    journal: new InboundJournal(base.db, now),
    audit: security.audit,
    log: base.logger,
    now,
  });
  const unsubscribe = base.events.subscribe((event) => manager.deliver(event));
  const leave = security.presence.add((sessionId) => manager.clientsFor(sessionId));
  let timer: ReturnType<typeof setInterval> | undefined;
  let enabled = 0;
  return {
    name: "channels",
    manager,
    get enabled() {
      return enabled;
    },
    start() {
      const adapters = buildAdapters(base.config, {
        env: readEnv,
        home: base.home,
        fetch: base.fetch,
        now,
        log: (channel, message) => base.logger.warn("channel_warning", message, { channel }),
      });
      enabled = adapters.length;
      // Not awaited: a platform that is slow to answer must not hold the engine's start up.
      for (const adapter of adapters) void manager.attach(adapter);
      if (enabled > 0) timer = setInterval(() => manager.checkHealth(), HEALTH_CHECK_MS);
    },
    async stop() {
      clearInterval(timer);
      await manager.stop();
      leave();
      unsubscribe();
    },
  };
}
