/** Who may talk to the Slack app: allowed_users in direct messages; in channels only allowed_channels, only
 * allowed_users. Empty or missing lists admit no one. */
import type { Admission, InboundMessage } from "../types.ts";
import type { SlackConfig } from "./adapter.ts";

export class SlackAllowlist {
  private readonly users: Set<string>;
  private readonly channels: Set<string>;

  constructor(config: SlackConfig) {
    this.users = new Set(config.allowed_users ?? []);
    this.channels = new Set(config.allowed_channels ?? []);
  }

  admit(message: InboundMessage): Admission {
    if (message.group && !this.channels.has(message.chatId)) return "ignore";
    return this.users.has(message.senderId) ? "admit" : "stranger";
  }

  mayApprove(chatId: string, senderId: string, direct: boolean): boolean {
    return this.users.has(senderId) && (direct || this.channels.has(chatId));
  }
}
