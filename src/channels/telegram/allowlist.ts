/** Who may talk to the Telegram bot: allowed_users in private chats; in groups only when private_only is false,
 * the group is in allowed_groups and the sender in allowed_users. Empty or missing lists admit no one. */
import type { Admission, InboundMessage } from "../types.ts";
import type { TelegramConfig } from "./adapter.ts";

export class TelegramAllowlist {
  private readonly users: Set<string>;
  private readonly groups: Set<string>;
  private readonly privateOnly: boolean;

  constructor(config: TelegramConfig) {
    this.users = new Set((config.allowed_users ?? []).map(String));
    this.groups = new Set((config.allowed_groups ?? []).map(String));
    this.privateOnly = config.private_only ?? true;
  }

  admit(message: InboundMessage): Admission {
    if (!message.group) return this.users.has(message.senderId) ? "admit" : "stranger";
    if (this.privateOnly) return "ignore";
    return this.groups.has(message.chatId) && this.users.has(message.senderId) ? "admit" : "stranger";
  }

  /** Approvals: an allowed user in their private chat (its id is theirs) or in an allowed group. */
  mayApprove(chatId: string, senderId: string, direct: boolean): boolean {
    if (!this.users.has(senderId)) return false;
    return (direct && chatId === senderId) || (!this.privateOnly && this.groups.has(chatId));
  }
}
