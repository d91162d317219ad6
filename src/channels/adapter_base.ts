/** What every platform adapter shares: its allowlist answers who may talk and who may approve, its renderer turns
 * the agent's Markdown into the platform's markup, and a receive loop (long polling, a gateway, a socket, a
 * child process) runs from start until stop. A missing secret is one start error naming the key to set. */
import { ChannelStartError } from "./channel_errors.ts";
import type { Admission, InboundMessage } from "./types.ts";

export interface Allowlist {
  admit(message: InboundMessage): Admission;
  mayApprove(chatId: string, senderId: string, direct: boolean): boolean;
}

export abstract class AdapterBase {
  private controller?: AbortController;
  private loop?: Promise<void>;

  protected constructor(
    private readonly allowlist: Allowlist,
    private readonly renderer: (markdown: string) => string,
  ) {}

  admit(message: InboundMessage): Admission {
    return this.allowlist.admit(message);
  }

  mayApprove(chatId: string, senderId: string, direct: boolean): boolean {
    return this.allowlist.mayApprove(chatId, senderId, direct);
  }

  render(markdown: string): string {
    return this.renderer(markdown);
  }

  stop(): Promise<void> {
    return this.stopLoop();
  }

  /** Starts the receive loop in the background; stopLoop aborts it and waits until it has ended. */
  protected runLoop(run: (signal: AbortSignal) => Promise<void>): Promise<void> {
    this.controller = new AbortController();
    this.loop = run(this.controller.signal);
    return Promise.resolve();
  }

  protected async stopLoop(): Promise<void> {
    this.controller?.abort();
    await this.loop;
  }
}

/** The start error for a secret whose environment variable is unset: `key` is the config key naming the
 * variable (e.g. "channels.discord.token_env"), `secret` what it holds (e.g. "the bot token"). */
export function missingSecretError(
  key: string,
  variable: string | undefined,
  secret: string,
): ChannelStartError {
  return new ChannelStartError(
    variable
      ? `${secret[0].toUpperCase()}${
        secret.slice(1)
      } is missing: environment variable "${variable}" (${key}) is not set`
      : `${key} is not set: name the environment variable holding ${secret}`,
  );
}
