/** The Discord adapter: gateway in, REST out (messages, edits for streamed replies, typing, button components
 * for approvals). Speaks gateway and REST with WebSocket/fetch: @discordjs/ws brings its own sharding manager and
 * worker machinery for what is here one connection, and store-before-acknowledge needs the dispatch loop in hand. */
import type { Config } from "../../config/schema.ts";
import { AdapterBase, missingSecretError } from "../adapter_base.ts";
import type { AdapterSink, ApprovalPrompt, Capabilities, ChannelAdapter, OutboundText } from "../types.ts";
import { DISCORD_API, DiscordApi } from "./api_client.ts";
import { DiscordAllowlist } from "./allowlist.ts";
import { DiscordGateway } from "./connection.ts";
import { renderDiscord } from "./format.ts";

export type DiscordConfig = NonNullable<Config["channels"]["discord"]>;

export interface DiscordOptions {
  config: DiscordConfig;
  token: string | undefined;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  log?: (message: string) => void;
}

export class DiscordAdapter extends AdapterBase implements ChannelAdapter {
  readonly name = "discord";
  /** Heartbeats come every ~41 s; two missed ones mean the gateway is gone. */
  readonly capabilities: Capabilities = { maxLength: 2000, edits: true, heartbeatMs: 100_000 };
  private readonly api: DiscordApi;
  private readonly gateway: DiscordGateway;

  constructor(private readonly options: DiscordOptions) {
    super(new DiscordAllowlist(options.config), renderDiscord);
    this.api = new DiscordApi(
      options.config.api_base_url ?? DISCORD_API,
      options.token ?? "",
      options.fetch,
      options.now,
    );
    this.gateway = new DiscordGateway({
      api: this.api,
      token: options.token ?? "",
      gatewayUrl: options.config.gateway_url,
      random: options.random,
      log: options.log ?? (() => {}),
      answerPress: async (id, token, text) => {
        await this.api.call("POST", `/interactions/${id}/${token}/callback`, {
          type: 4,
          data: { content: text, flags: 64 },
        });
      },
    });
  }

  start(sink: AdapterSink): Promise<void> {
    if (!this.options.token) {
      return Promise.reject(
        missingSecretError("channels.discord.token_env", this.options.config.token_env, "the bot token"),
      );
    }
    return this.runLoop((signal) => this.gateway.run(sink, signal));
  }

  async send(chatId: string, text: OutboundText): Promise<{ id: string }> {
    const sent = await this.api.call("POST", `/channels/${chatId}/messages`, {
      content: text.text,
      allowed_mentions: { parse: [] },
    }) as { id?: unknown };
    return { id: String(sent?.id ?? "") };
  }

  async edit(chatId: string, messageId: string, text: OutboundText): Promise<void> {
    await this.api.call("PATCH", `/channels/${chatId}/messages/${messageId}`, { content: text.text });
  }

  async sendApproval(chatId: string, prompt: ApprovalPrompt): Promise<void> {
    await this.api.call("POST", `/channels/${chatId}/messages`, {
      content: prompt.text,
      allowed_mentions: { parse: [] },
      components: [{
        type: 1,
        components: [
          { type: 2, style: 3, label: "Approve", custom_id: prompt.approvePayload },
          { type: 2, style: 4, label: "Deny", custom_id: prompt.denyPayload },
        ],
      }],
    });
  }

  async typing(chatId: string): Promise<void> {
    await this.api.call("POST", `/channels/${chatId}/typing`);
  }
}
