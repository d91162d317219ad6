/** The Signal adapter through signal-cli's JSON-RPC (a `jsonRpc` child at cli_path, or a daemon at api_base_url).
 * Signal has no bot buttons: approvals are answered with "approve CODE" / "deny CODE". signal-cli has already
 * taken a message from the Signal servers when it reports it, so the journal stores it on arrival. */
import type { Config } from "../../config/schema.ts";
import { AdapterBase } from "../adapter_base.ts";
import { ChannelStartError, PlatformError } from "../channel_errors.ts";
import type { AdapterSink, ApprovalPrompt, Capabilities, ChannelAdapter, OutboundText } from "../types.ts";
import { SignalAllowlist } from "./allowlist.ts";
import { SignalLink } from "./connection.ts";
import { renderSignal } from "./format.ts";

export type SignalConfig = NonNullable<Config["channels"]["signal"]>;

export interface SignalOptions {
  config: SignalConfig;
  fetch?: typeof fetch;
  random?: () => number;
  log?: (message: string) => void;
}

export class SignalAdapter extends AdapterBase implements ChannelAdapter {
  readonly name = "signal";
  readonly capabilities: Capabilities = { maxLength: 2000, edits: false, heartbeatMs: 90_000 };
  private readonly link: SignalLink;

  constructor(private readonly options: SignalOptions) {
    super(new SignalAllowlist(options.config), renderSignal);
    this.link = new SignalLink({
      cliPath: options.config.cli_path,
      account: options.config.account ?? "",
      apiBaseUrl: options.config.api_base_url,
      fetch: options.fetch,
      random: options.random,
      log: options.log ?? (() => {}),
    });
  }

  start(sink: AdapterSink): Promise<void> {
    const { config } = this.options;
    if (!config.account) {
      return Promise.reject(
        new ChannelStartError("channels.signal.account is not set: give the account's phone number"),
      );
    }
    if (!config.cli_path && !config.api_base_url) {
      return Promise.reject(
        new ChannelStartError(
          "channels.signal needs cli_path (the signal-cli program) or api_base_url (a running signal-cli daemon --http)",
        ),
      );
    }
    return this.runLoop((signal) => this.link.run(sink, signal));
  }

  async send(chatId: string, text: OutboundText): Promise<{ id: string }> {
    const result = await this.call("send", { ...this.target(chatId), message: text.text }) as {
      timestamp?: unknown;
    };
    return { id: String(result?.timestamp ?? "") };
  }

  async sendApproval(chatId: string, prompt: ApprovalPrompt): Promise<void> {
    await this.call("send", { ...this.target(chatId), message: prompt.text });
  }

  async typing(chatId: string): Promise<void> {
    await this.call("sendTyping", this.target(chatId));
  }

  /** A daemon's event stream ends here; a signal-cli child also sends, so it runs on until close. */
  override async stop(): Promise<void> {
    if (!this.options.config.api_base_url) return;
    await this.stopLoop();
  }

  async close(): Promise<void> {
    await this.stopLoop();
  }

  private call(method: string, params: Record<string, unknown>): Promise<unknown> {
    if (!this.link.client) return Promise.reject(new PlatformError("signal-cli is not connected yet", true));
    return this.link.client.request(method, params);
  }

  private target(chatId: string): Record<string, unknown> {
    return chatId.startsWith("group:") ? { groupId: chatId.slice(6) } : { recipient: [chatId] };
  }
}
