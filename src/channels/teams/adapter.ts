/** The Microsoft Teams adapter (Bot Framework): verified activities in on a loopback endpoint behind the user's
 * TLS proxy, replies to each conversation's serviceUrl with an app token, Adaptive Card buttons for approvals,
 * updates for streamed replies. Speaks the protocol with fetch and WebCrypto: the Bot Framework SDK is large and
 * decides on its own when to answer the webhook, which must come after the journal stored the message. */
import type { Config } from "../../config/schema.ts";
import { AdapterBase } from "../adapter_base.ts";
import { ChannelStartError } from "../channel_errors.ts";
import type { AdapterSink, ApprovalPrompt, Capabilities, ChannelAdapter, OutboundText } from "../types.ts";
import { LOGIN_API, TeamsApi } from "./api_client.ts";
import { TeamsAllowlist } from "./allowlist.ts";
import { TeamsEndpoint } from "./connection.ts";
import { renderTeams } from "./format.ts";
import { splitChat } from "./inbound.ts";
import { BOT_FRAMEWORK_OPENID, JwtVerifier } from "./jwt_verifier.ts";

export type TeamsConfig = NonNullable<Config["channels"]["teams"]>;

export interface TeamsOptions {
  config: TeamsConfig;
  appId: string | undefined;
  password: string | undefined;
  fetch?: typeof fetch;
  now?: () => number;
  log?: (message: string) => void;
  /** Overrides webhook_port (tests: 0). */
  port?: number;
}

export class TeamsAdapter extends AdapterBase implements ChannelAdapter {
  readonly name = "teams";
  readonly capabilities: Capabilities = {
    maxLength: 20_000,
    edits: true,
    heartbeatMs: Number.MAX_SAFE_INTEGER,
  };
  private readonly api: TeamsApi;
  private endpoint?: TeamsEndpoint;

  constructor(private readonly options: TeamsOptions) {
    super(new TeamsAllowlist(options.config), renderTeams);
    this.api = new TeamsApi(
      options.config.api_base_url ?? LOGIN_API,
      options.appId ?? "",
      options.password ?? "",
      options.fetch,
      options.now,
    );
  }

  get port(): number {
    return this.endpoint?.port ?? 0;
  }

  start(sink: AdapterSink): Promise<void> {
    const { config } = this.options;
    if (!this.options.appId || !this.options.password) {
      return Promise.reject(
        new ChannelStartError(
          `The Teams app id or password is missing: set channels.teams.app_id_env ("${
            config.app_id_env ?? ""
          }") and password_env ("${config.password_env ?? ""}") and the variables they name`,
        ),
      );
    }
    const port = this.options.port ?? config.webhook_port;
    if (port === undefined) {
      return Promise.reject(new ChannelStartError("channels.teams.webhook_port is not set"));
    }
    this.endpoint = new TeamsEndpoint({
      host: config.webhook_host,
      port,
      verifier: new JwtVerifier(
        config.openid_metadata_url ?? BOT_FRAMEWORK_OPENID,
        this.options.appId,
        this.options.fetch,
        this.options.now,
      ),
      log: this.options.log ?? (() => {}),
      answerPress: async (chatId, text) => void await this.send(chatId, { text, markup: "plain" }),
    });
    try {
      this.endpoint.listen(sink);
    } catch (error) {
      return Promise.reject(
        new ChannelStartError(
          `The Teams endpoint cannot listen on ${config.webhook_host}:${port}: ${(error as Error).message}`,
        ),
      );
    }
    return Promise.resolve();
  }

  async send(chatId: string, text: OutboundText): Promise<{ id: string }> {
    const { serviceUrl, conversationId } = splitChat(chatId);
    return { id: await this.api.post(serviceUrl, conversationId, message(text)) };
  }

  async edit(chatId: string, messageId: string, text: OutboundText): Promise<void> {
    const { serviceUrl, conversationId } = splitChat(chatId);
    await this.api.update(serviceUrl, conversationId, messageId, message(text));
  }

  async sendApproval(chatId: string, prompt: ApprovalPrompt): Promise<void> {
    const { serviceUrl, conversationId } = splitChat(chatId);
    await this.api.post(serviceUrl, conversationId, {
      type: "message",
      attachments: [{
        contentType: "application/vnd.microsoft.card.adaptive",
        content: {
          type: "AdaptiveCard",
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          version: "1.4",
          body: [{ type: "TextBlock", text: prompt.text, wrap: true }],
          actions: [
            { type: "Action.Submit", title: "Approve", data: { parapet: prompt.approvePayload } },
            { type: "Action.Submit", title: "Deny", data: { parapet: prompt.denyPayload } },
          ],
        },
      }],
    });
  }

  async typing(chatId: string): Promise<void> {
    const { serviceUrl, conversationId } = splitChat(chatId);
    await this.api.post(serviceUrl, conversationId, { type: "typing" });
  }

  override async stop(): Promise<void> {
    await this.endpoint?.close();
  }
}

function message(text: OutboundText): Record<string, unknown> {
  return { type: "message", text: text.text, textFormat: text.markup === "plain" ? "plain" : "markdown" };
}
