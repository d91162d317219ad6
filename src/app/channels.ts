/** The messaging channels as an engine service. With no `channels.<platform>` block enabled nothing of them is
 * loaded (the manager, the journal and every adapter are about 60 modules); otherwise the manager is wired at
 * start (channel_wiring.ts), once the server listens. */
import type { ChannelManager } from "../channels/channel_manager.ts";
import type { Config } from "../config/schema.ts";
import { importWhenNeeded } from "../lib/import_when_needed.ts";
import type { Agent } from "./agent.ts";
import type { Foundation } from "./foundation.ts";
import type { EngineService } from "./lifecycle.ts";
import type { Security } from "./security.ts";

export interface Channels extends EngineService {
  /** Each attached (or failed) channel's health by name; empty while no channel is enabled. */
  health(): ReturnType<ChannelManager["health"]>;
  /** The manager for /api/channels, or null while no channel is enabled (detach then answers 503). */
  controller(): ChannelManager | null;
}

type Wiring = typeof import("./channel_wiring.ts");

export function buildChannels(base: Foundation, security: Security, agent: Agent): Channels {
  let running: (EngineService & { manager: ChannelManager; enabled: number }) | undefined;
  return {
    name: "channels",
    health: () => running?.manager.health() ?? {},
    controller: () => running && running.enabled > 0 ? running.manager : null,
    async start() {
      if (!anyChannelEnabled(base.config)) return;
      const { wireChannels } = await importWhenNeeded<Wiring>(
        new URL("./channel_wiring.ts", import.meta.url),
      );
      running = wireChannels(base, security, agent);
      running.start?.();
    },
    async stop() {
      await running?.stop();
    },
  };
}

function anyChannelEnabled(config: Config): boolean {
  return Object.values(config.channels).some((channel) => channel?.enabled === true);
}
