/** The Slack adapter: Socket Mode in, Web API out (chat.postMessage, chat.update for streamed replies, Block Kit
 * buttons for approvals). Speaks both with fetch/WebSocket: @slack/socket-mode acknowledges envelopes on its own
 * schedule, and an envelope must be acknowledged only after the journal stored it. */
import type { Config } from "../../config/schema.ts";
import { AdapterBase, missingSecretError } from "../adapter_base.ts";
import type { AdapterSink, ApprovalPrompt, Capabilities, ChannelAdapter, OutboundText } from "../types.ts";
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

export class SlackAdapter extends AdapterBase implements ChannelAdapter {
  readonly name = "slack";
  readonly capabilities: Capabilities = { maxLength: 4000, edits: true, heartbeatMs: 60_000 };
  private readonly api: SlackApi;
  private readonly socketMode: SlackSocketMode;

  constructor(private readonly options: SlackOptions) {
    super(new SlackAllowlist(options.config), renderSlack);
    this.api = new SlackApi(options.config.api_base_url ?? SLACK_API, options.fetch, options.now);
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
    if (!this.options.botToken) {
      return Promise.reject(
        missingSecretError("channels.slack.bot_token_env", config.bot_token_env, "the bot token"),
      );
    }
    if (!this.options.appToken) {
      return Promise.reject(
        missingSecretError("channels.slack.app_token_env", config.app_token_env, "the app token"),
      );
    }
    return this.runLoop((signal) => this.socketMode.run(sink, signal));
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
}
