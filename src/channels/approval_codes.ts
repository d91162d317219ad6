/** Short codes for Tier 3 requests shown in chats: each names one pending action of one session in one chat,
 * answerable once and only until the request's timeout. Buttons carry "t3:CODE:approve|deny". */

export interface CodeBinding {
  actionId: string;
  sessionId: string;
  platform: string;
  chatId: string;
  deadline: number;
}

/** No 0/O, 1/I/L: read off a phone screen and typed back. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 6;
const PAYLOAD = /^t3:([A-Z0-9]{6}):(approve|deny)$/;
const TEXT = /^\s*(approve|deny)\s+([A-Za-z0-9]{6})\s*$/i;

export class ApprovalCodes {
  private readonly byCode = new Map<string, CodeBinding>();

  constructor(
    private readonly now: () => number,
    private readonly randomBytes: (size: number) => Uint8Array = (size) =>
      crypto.getRandomValues(new Uint8Array(size)),
  ) {}

  issue(binding: CodeBinding): string {
    this.sweep();
    for (const [code, existing] of this.byCode) {
      if (existing.actionId === binding.actionId && existing.chatId === binding.chatId) return code;
    }
    let code = "";
    do {
      code = [...this.randomBytes(CODE_LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
    } while (this.byCode.has(code));
    this.byCode.set(code, binding);
    return code;
  }

  /** Takes the code out (single use) when it exists, is still open, and belongs to this platform chat. */
  take(code: string, platform: string, chatId: string): CodeBinding | undefined {
    this.sweep();
    const binding = this.byCode.get(code.toUpperCase());
    if (!binding || binding.platform !== platform || binding.chatId !== chatId) return undefined;
    this.byCode.delete(code.toUpperCase());
    return binding;
  }

  /** Forgets the codes of an action answered elsewhere (the web UI, another chat). */
  forgetAction(actionId: string): void {
    for (const [code, binding] of this.byCode) if (binding.actionId === actionId) this.byCode.delete(code);
  }

  private sweep(): void {
    const now = this.now();
    for (const [code, binding] of this.byCode) if (binding.deadline <= now) this.byCode.delete(code);
  }
}

export function approvalPayload(code: string, decision: "approve" | "deny"): string {
  return `t3:${code}:${decision}`;
}

export function parsePayload(payload: string): { code: string; decision: "approve" | "deny" } | undefined {
  const match = payload.match(PAYLOAD);
  return match ? { code: match[1], decision: match[2] as "approve" | "deny" } : undefined;
}

/** "approve CODE" / "deny CODE" typed in the chat (platforms without buttons, or instead of them). */
export function parseApprovalText(text: string): { code: string; decision: "approve" | "deny" } | undefined {
  const match = text.match(TEXT);
  return match
    ? { code: match[2].toUpperCase(), decision: match[1].toLowerCase() as "approve" | "deny" }
    : undefined;
}
