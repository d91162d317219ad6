/** Who may talk to the Teams bot: allowed_users (Azure AD object ids, or Bot Framework user ids). Group chats and
 * channels reach the bot only when it is mentioned; the sender must still be allowed. */
import type { Admission, InboundMessage } from "../types.ts";
import type { TeamsConfig } from "./adapter.ts";

export class TeamsAllowlist {
  private readonly users: Set<string>;

  constructor(config: TeamsConfig) {
    this.users = new Set(config.allowed_users ?? []);
  }

  admit(message: InboundMessage): Admission {
    return this.users.has(message.senderId) ? "admit" : "stranger";
  }

  mayApprove(_chatId: string, senderId: string, _direct: boolean): boolean {
    return this.users.has(senderId);
  }
}
