/** The Telegram adapter: long polling in, Bot API sends out (HTML parse mode, inline-keyboard approvals, edits
 * for streamed replies, typing). Speaks the Bot API with fetch: it needs five methods and full control over when
 * an update's offset is committed (only after it is stored). */
import type { Config } from "../../config/schema.ts";
import { AdapterBase, missingSecretError } from "../adapter_base.ts";
import { PlatformError } from "../channel_errors.ts";
import type { AdapterSink, ApprovalPrompt, Capabilities, ChannelAdapter, OutboundText } from "../types.ts";
import { TELEGRAM_API, TelegramApi } from "./api_client.ts";
import { TelegramAllowlist } from "./allowlist.ts";
import { TelegramPolling } from "./connection.ts";
import { renderTelegram } from "./format.ts";

export type TelegramConfig = NonNullable<Config["channels"]["telegram"]>;

export interface TelegramOptions {
  config: TelegramConfig;
  token: string | undefined;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  log?: (message: string) => void;
}

const DEFAULT_POLL_SECONDS = 25;

export class TelegramAdapter extends AdapterBase implements ChannelAdapter {
  readonly name = "telegram";
  readonly capabilities: Capabilities;
  private readonly api: TelegramApi;
  private readonly polling: TelegramPolling;

  constructor(private readonly options: TelegramOptions) {
    super(new TelegramAllowlist(options.config), renderTelegram);
    const seconds = options.config.polling_interval ?? DEFAULT_POLL_SECONDS;
    this.capabilities = { maxLength: 4096, edits: true, heartbeatMs: (seconds + 30) * 1000 };
    this.api = new TelegramApi(
      options.config.api_base_url ?? TELEGRAM_API,
      options.token ?? "",
      options.fetch,
      options.now,
    );
    this.polling = new TelegramPolling({
      api: this.api,
      timeoutSeconds: seconds,
      random: options.random,
      log: options.log ?? (() => {}),
    });
  }

  start(sink: AdapterSink): Promise<void> {
    if (!this.options.token) {
      return Promise.reject(
        missingSecretError("channels.telegram.token_env", this.options.config.token_env, "the bot token"),
      );
    }
    return this.runLoop((signal) => this.polling.run(sink, signal));
  }

  async send(chatId: string, text: OutboundText): Promise<{ id: string }> {
    const sent = await this.withPlainFallback(
      text,
      (body) => this.api.call("sendMessage", { chat_id: Number(chatId), ...body }),
    ) as { message_id?: unknown };
    return { id: String(sent?.message_id ?? "") };
  }

  async edit(chatId: string, messageId: string, text: OutboundText): Promise<void> {
    try {
      await this.withPlainFallback(
        text,
        (body) =>
          this.api.call("editMessageText", {
            chat_id: Number(chatId),
            message_id: Number(messageId),
            ...body,
          }),
      );
    } catch (error) {
      // Editing to the same text is an error on Telegram's side only.
      if (!(error instanceof PlatformError && /not modified/i.test(error.message))) throw error;
    }
  }

  async sendApproval(chatId: string, prompt: ApprovalPrompt): Promise<void> {
    await this.api.call("sendMessage", {
      chat_id: Number(chatId),
      text: prompt.text,
      reply_markup: {
        inline_keyboard: [[
          { text: "Approve", callback_data: prompt.approvePayload },
          { text: "Deny", callback_data: prompt.denyPayload },
        ]],
      },
    });
  }

  async typing(chatId: string): Promise<void> {
    await this.api.call("sendChatAction", { chat_id: Number(chatId), action: "typing" });
  }

  override async stop(): Promise<void> {
    await this.stopLoop();
    await this.polling.commit();
  }

  /** Sends formatted text as HTML; if Telegram cannot parse it, sends the same words as plain text. */
  private async withPlainFallback(
    text: OutboundText,
    call: (body: Record<string, unknown>) => Promise<unknown>,
  ): Promise<unknown> {
    if (text.markup === "plain") return await call({ text: text.text });
    try {
      return await call({ text: text.text, parse_mode: "HTML" });
    } catch (error) {
      if (!(error instanceof PlatformError && /parse entities/i.test(error.message))) throw error;
      return await call({
        text: text.text.replace(/<[^>]+>/g, "").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll(
          "&quot;",
          '"',
        ).replaceAll("&amp;", "&"),
      });
    }
  }
}
