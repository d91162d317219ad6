/** The WhatsApp Cloud API adapter: signed webhook deliveries in (loopback by default, behind the user's TLS
 * proxy), Graph API sends out, interactive reply buttons for approvals. No edits: one message per reply part. */
import type { Config } from "../../config/schema.ts";
import { AdapterBase } from "../adapter_base.ts";
import { ChannelStartError } from "../channel_errors.ts";
import type { AdapterSink, ApprovalPrompt, Capabilities, ChannelAdapter, OutboundText } from "../types.ts";
import { GRAPH_API, WhatsAppApi } from "./api_client.ts";
import { WhatsAppAllowlist } from "./allowlist.ts";
import { WhatsAppWebhook } from "./connection.ts";
import { renderWhatsApp } from "./format.ts";

export type WhatsAppConfig = NonNullable<Config["channels"]["whatsapp"]>;

export interface WhatsAppOptions {
  config: WhatsAppConfig;
  accessToken: string | undefined;
  appSecret: string | undefined;
  fetch?: typeof fetch;
  now?: () => number;
  log?: (message: string) => void;
  /** Overrides webhook_port (tests: 0 = any free port). */
  port?: number;
}

export class WhatsAppAdapter extends AdapterBase implements ChannelAdapter {
  readonly name = "whatsapp";
  /** Webhooks are pushed: there is no heartbeat to miss while the listener is up. */
  readonly capabilities: Capabilities = {
    maxLength: 4096,
    edits: false,
    heartbeatMs: Number.MAX_SAFE_INTEGER,
  };
  private readonly api: WhatsAppApi;
  private webhook?: WhatsAppWebhook;

  constructor(private readonly options: WhatsAppOptions) {
    super(new WhatsAppAllowlist(options.config), renderWhatsApp);
    const { config } = options;
    this.api = new WhatsAppApi(
      config.api_base_url ?? GRAPH_API,
      config.api_version,
      config.phone_number_id ?? "",
      options.accessToken ?? "",
      options.fetch,
      options.now,
    );
  }

  /** The port the webhook listens on (after start). */
  get port(): number {
    return this.webhook?.port ?? 0;
  }

  async start(sink: AdapterSink): Promise<void> {
    const { config } = this.options;
    const missing = [
      [config.phone_number_id, "channels.whatsapp.phone_number_id is not set"],
      [
        this.options.accessToken,
        `The access token is missing: set channels.whatsapp.access_token_env and the variable it names ("${
          config.access_token_env ?? ""
        }")`,
      ],
      [
        this.options.appSecret,
        `The app secret is missing: set channels.whatsapp.app_secret_env and the variable it names ("${
          config.app_secret_env ?? ""
        }"); webhook deliveries cannot be checked without it`,
      ],
      [config.verify_token, "channels.whatsapp.verify_token is not set"],
      [this.options.port ?? config.webhook_port, "channels.whatsapp.webhook_port is not set"],
    ].find(([value]) => value === undefined || value === "");
    if (missing) throw new ChannelStartError(String(missing[1]));
    this.webhook = new WhatsAppWebhook({
      host: config.webhook_host,
      port: this.options.port ?? config.webhook_port!,
      verifyToken: config.verify_token!,
      appSecret: this.options.appSecret!,
      phoneNumberId: config.phone_number_id!,
      log: this.options.log ?? (() => {}),
      // Strangers get no answer at all: a forged button reply must not make the number talk to them.
      answerPress: async (chatId, text) => {
        if (!this.mayApprove(chatId, chatId, true)) return;
        await this.api.send({ to: chatId, type: "text", text: { body: text } });
      },
    });
    try {
      await this.webhook.listen(sink);
    } catch (error) {
      throw new ChannelStartError(
        `The WhatsApp webhook cannot listen on ${config.webhook_host}:${config.webhook_port}: ${
          (error as Error).message
        }`,
      );
    }
  }

  async send(chatId: string, text: OutboundText): Promise<{ id: string }> {
    return {
      id: await this.api.send({ to: chatId, type: "text", text: { body: text.text, preview_url: false } }),
    };
  }

  async sendApproval(chatId: string, prompt: ApprovalPrompt): Promise<void> {
    await this.api.send({
      to: chatId,
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: prompt.text.length > 1024 ? prompt.text.slice(0, 1023) + "\u2026" : prompt.text },
        action: {
          buttons: [
            { type: "reply", reply: { id: prompt.approvePayload, title: "Approve" } },
            { type: "reply", reply: { id: prompt.denyPayload, title: "Deny" } },
          ],
        },
      },
    });
  }

  override async stop(): Promise<void> {
    await this.webhook?.close();
  }
}
