/** Hosts the enabled channels reach or listen on, for the engine's --allow-net list. */
import type { Config } from "./schema.ts";

const DEFAULT_HOSTS: Record<string, string[]> = {
  telegram: ["api.telegram.org"],
  discord: ["discord.com", "gateway.discord.gg"],
  slack: ["slack.com", "wss-primary.slack.com", "wss-backup.slack.com"],
  whatsapp: ["graph.facebook.com"],
  teams: ["login.botframework.com", "login.microsoftonline.com", "smba.trafficmanager.net"],
  signal: [],
  imessage: [],
};

export function channelNetHosts(config: Config): string[] {
  const hosts: string[] = [];
  for (
    const [name, block] of Object.entries(config.channels) as [string, Record<string, unknown> | undefined][]
  ) {
    if (!block?.enabled) continue;
    const urls = [block.api_base_url, block.gateway_url, block.openid_metadata_url].filter(
      (value): value is string => typeof value === "string",
    );
    if (!block.api_base_url) hosts.push(...(DEFAULT_HOSTS[name] ?? []));
    for (const url of urls) {
      try {
        hosts.push(new URL(url).host);
      } catch {
        // the schema validated it
      }
    }
    if (typeof block.webhook_port === "number") {
      hosts.push(`${String(block.webhook_host ?? "127.0.0.1")}:${block.webhook_port}`);
    }
  }
  return hosts;
}
