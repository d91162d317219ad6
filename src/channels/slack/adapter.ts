/** The Slack adapter: Socket Mode in, Web API out (chat.postMessage, chat.update for streamed replies, Block Kit
 * buttons for approvals). Speaks both with fetch/WebSocket: @slack/socket-mode acknowledges envelopes on its own
 * schedule, and an envelope must be acknowledged only after the journal stored it. */
import type { Config } from "../../config/schema.ts";
import { ChannelStartError } from "../channel_errors.ts";
import type {
  AdapterSink,
  ApprovalPrompt,
  Capabilities,
  ChannelAdapter,
  InboundMessage,
  OutboundText,
} from "../types.ts";
import { SLACK_API, SlackApi } from "./api_client.ts";
import { SlackAllowlist } from "./allowlist.ts";
import { SlackSocketMode } from "./connection.ts";
import { escapeSlack, renderSlack } from "./format.ts";

export type SlackConfig = NonNullable<Config["channels"]["slack"]>;

export interface SlackOptions {
  config: SlackConfig;
  botToken: string | undefined;
  appToken: string | undefined;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  log?: (message: string) => void;
}

export class SlackAdapter implements ChannelAdapter {
  readonly name = "slack";
  readonly capabilities: Capabilities = { maxLength: 4000, edits: true, heartbeatMs: 60_000 };
  private readonly api: SlackApi;
  private readonly allowlist: SlackAllowlist;
  private readonly socketMode: SlackSocketMode;
  private controller?: AbortController;
  private loop?: Promise<void>;

  constructor(private readonly options: SlackOptions) {
    this.api = new SlackApi(options.config.api_base_url ?? SLACK_API, options.fetch, options.now);
    this.allowlist = new SlackAllowlist(options.config);
    this.socketMode = new SlackSocketMode({
      api: this.api,
      appToken: options.appToken ?? "",
      botToken: options.botToken ?? "",
      random: options.random,
      log: options.log ?? (() => {}),
    });
  }

  start(sink: AdapterSink): Promise<void> {
    const { config } = this.options;
    for (
      const [value, key] of [[this.options.botToken, "bot_token_env"], [
        this.options.appToken,
        "app_token_env",
      ]]
    ) {
      if (value) continue;
      const variable = config[key as "bot_token_env" | "app_token_env"];
      return Promise.reject(
        new ChannelStartError(
          variable
            ? `A Slack token is missing: environment variable "${variable}" (channels.slack.${key}) is not set`
            : `channels.slack.${key} is not set: name the environment variable holding the token`,
        ),
      );
    }
    this.controller = new AbortController();
    this.loop = this.socketMode.run(sink, this.controller.signal);
    return Promise.resolve();
  }

  admit(message: InboundMessage) {
    return this.allowlist.admit(message);
  }

  mayApprove(chatId: string, senderId: string, direct: boolean): boolean {
    return this.allowlist.mayApprove(chatId, senderId, direct);
  }

  render(markdown: string): string {
    return renderSlack(markdown);
  }

  async send(chatId: string, text: OutboundText): Promise<{ id: string }> {
    const sent = await this.api.call("chat.postMessage", this.options.botToken ?? "", {
      channel: chatId,
      text: text.markup === "plain" ? escapeSlack(text.text) : text.text,
    });
    return { id: String(sent.ts ?? "") };
  }

  async edit(chatId: string, messageId: string, text: OutboundText): Promise<void> {
    await this.api.call("chat.update", this.options.botToken ?? "", {
      channel: chatId,
      ts: messageId,
      text: text.markup === "plain" ? escapeSlack(text.text) : text.text,
    });
  }

  async sendApproval(chatId: string, prompt: ApprovalPrompt): Promise<void> {
    await this.api.call("chat.postMessage", this.options.botToken ?? "", {
      channel: chatId,
      text: escapeSlack(prompt.text),
      blocks: [
        { type: "section", text: { type: "plain_text", text: prompt.text } },
        {
          type: "actions",
          elements: [
            {
              type: "button",
              text: { type: "plain_text", text: "Approve" },
              style: "primary",
              action_id: "t3_approve",
              value: prompt.approvePayload,
            },
            {
              type: "button",
              text: { type: "plain_text", text: "Deny" },
              style: "danger",
              action_id: "t3_deny",
              value: prompt.denyPayload,
            },
          ],
        },
      ],
    });
  }

  async stop(): Promise<void> {
    this.controller?.abort();
    await this.loop;
  }
}
