/** Who may talk to the agent over iMessage: allowed_handles (phone numbers or Apple ID e-mails), one-to-one only. */
import type { Admission, InboundMessage } from "../types.ts";
import type { IMessageConfig } from "./adapter.ts";

export class IMessageAllowlist {
  private readonly handles: Set<string>;

  constructor(config: IMessageConfig) {
    this.handles = new Set((config.allowed_handles ?? []).map((handle) => handle.toLowerCase()));
  }

  admit(message: InboundMessage): Admission {
    if (message.group) return "ignore";
    return this.handles.has(message.senderId.toLowerCase()) ? "admit" : "stranger";
  }

  mayApprove(chatId: string, senderId: string, direct: boolean): boolean {
    return direct && chatId === senderId && this.handles.has(senderId.toLowerCase());
  }
}
