/** Allowlists of phone numbers (WhatsApp, Signal): international format, "+", spaces and dashes ignored; group
 * messages are not conversations with the agent. An empty or missing list admits no one. */
import type { Admission, InboundMessage } from "./types.ts";

export function normalizeNumber(number: string): string {
  return number.replace(/[\s()+-]/g, "");
}

export class NumberAllowlist {
  private readonly numbers: Set<string>;

  constructor(numbers: string[] | undefined) {
    this.numbers = new Set((numbers ?? []).map(normalizeNumber));
  }

  admit(message: InboundMessage): Admission {
    if (message.group) return "ignore";
    return this.numbers.has(normalizeNumber(message.senderId)) ? "admit" : "stranger";
  }

  mayApprove(chatId: string, senderId: string, direct: boolean): boolean {
    return direct && chatId === senderId && this.numbers.has(normalizeNumber(senderId));
  }
}
