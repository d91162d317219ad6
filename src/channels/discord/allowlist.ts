/** Who may talk to the Discord bot: allowed_users in direct messages; in a guild, only in allowed_guilds and
 * allowed_channels, only allowed_users, and (respond_to_mentions) only when the bot is mentioned. */
import type { Admission, InboundMessage } from "../types.ts";
import type { DiscordConfig } from "./adapter.ts";

export class DiscordAllowlist {
  private readonly users: Set<string>;
  private readonly guilds: Set<string>;
  private readonly channels: Set<string>;

  constructor(private readonly config: DiscordConfig) {
    this.users = new Set(config.allowed_users ?? []);
    this.guilds = new Set(config.allowed_guilds ?? []);
    this.channels = new Set(config.allowed_channels ?? []);
  }

  admit(message: InboundMessage): Admission {
    if (!message.group) return this.users.has(message.senderId) ? "admit" : "stranger";
    // Guilds and channels outside the lists are not conversations with the agent at all.
    if (!message.space || !this.guilds.has(message.space) || !this.channels.has(message.chatId)) {
      return "ignore";
    }
    if (this.config.respond_to_mentions && !message.mentioned) return "ignore";
    return this.users.has(message.senderId) ? "admit" : "stranger";
  }

  mayApprove(chatId: string, senderId: string, direct: boolean): boolean {
    return this.users.has(senderId) && (direct || this.channels.has(chatId));
  }
}
