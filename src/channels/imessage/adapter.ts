/** The iMessage adapter, macOS only: reads Messages' chat.db, sends through Messages.app with osascript. On any
 * other system it refuses to start with a clear error and the engine runs on without it. No buttons: approvals
 * are answered with "approve CODE". */
import { join } from "node:path";
import type { Config } from "../../config/schema.ts";
import { AdapterBase } from "../adapter_base.ts";
import { ChannelStartError } from "../channel_errors.ts";
import type { AdapterSink, ApprovalPrompt, Capabilities, ChannelAdapter, OutboundText } from "../types.ts";
import { MessagesApp } from "./api_client.ts";
import { IMessageAllowlist } from "./allowlist.ts";
import { ChatDbPoller } from "./connection.ts";
import { renderIMessage } from "./format.ts";

export type IMessageConfig = NonNullable<Config["channels"]["imessage"]>;

export interface IMessageOptions {
  config: IMessageConfig;
  /** Deno.build.os unless a test says otherwise. */
  os?: string;
  home?: string;
  /** Messages' database (default ~/Library/Messages/chat.db). */
  databasePath?: string;
  osascript?: string;
  now?: () => number;
  log?: (message: string) => void;
}

export class IMessageAdapter extends AdapterBase implements ChannelAdapter {
  readonly name = "imessage";
  readonly capabilities: Capabilities;
  private readonly app: MessagesApp;

  constructor(private readonly options: IMessageOptions) {
    super(new IMessageAllowlist(options.config), renderIMessage);
    const seconds = options.config.polling_interval ?? 2;
    this.capabilities = { maxLength: 10_000, edits: false, heartbeatMs: seconds * 1000 * 5 + 10_000 };
    this.app = new MessagesApp(options.osascript ?? "/usr/bin/osascript");
  }

  start(sink: AdapterSink): Promise<void> {
    const os = this.options.os ?? Deno.build.os;
    if (os !== "darwin") {
      return Promise.reject(
        new ChannelStartError(
          `iMessage needs macOS (it drives Messages.app) and this system is "${os}": disable channels.imessage or run Parapet on a Mac`,
        ),
      );
    }
    const databasePath = this.options.databasePath ??
      join(this.options.home ?? "/", "Library", "Messages", "chat.db");
    const poller = new ChatDbPoller({
      databasePath,
      intervalMs: (this.options.config.polling_interval ?? 2) * 1000,
      now: this.options.now ?? Date.now,
      log: this.options.log ?? (() => {}),
    });
    return this.runLoop((signal) => poller.run(sink, signal));
  }

  async send(chatId: string, text: OutboundText): Promise<{ id: string }> {
    await this.app.send(chatId, text.text);
    return { id: "" };
  }

  async sendApproval(chatId: string, prompt: ApprovalPrompt): Promise<void> {
    await this.app.send(chatId, prompt.text);
  }
}
