/** Which session each platform chat talks to: normal sessions are remembered in the database across restarts,
 * off-the-record ones only in memory (their existence must not outlive them). */
import type { InboundJournal } from "./inbound_journal.ts";

export interface ChatRoute {
  platform: string;
  chatId: string;
}

export class ChatSessions {
  private readonly otr = new Map<string, string>();
  private readonly routes = new Map<string, ChatRoute>();
  private readonly normal = new Map<string, string>();

  constructor(private readonly journal: InboundJournal) {
    for (const binding of journal.bindings()) {
      this.normal.set(key(binding.platform, binding.chatId), binding.sessionId);
      this.routes.set(binding.sessionId, { platform: binding.platform, chatId: binding.chatId });
    }
  }

  /** The chat's current session id (OTR first), or undefined when it has none yet. */
  sessionOf(platform: string, chatId: string): string | undefined {
    return this.otr.get(key(platform, chatId)) ?? this.normal.get(key(platform, chatId));
  }

  isOtr(platform: string, chatId: string): boolean {
    return this.otr.has(key(platform, chatId));
  }

  bind(platform: string, chatId: string, sessionId: string, mode: "normal" | "otr"): void {
    const chat = key(platform, chatId);
    const previous = this.otr.get(chat);
    if (previous) this.routes.delete(previous);
    this.otr.delete(chat);
    if (mode === "otr") this.otr.set(chat, sessionId);
    else {
      const old = this.normal.get(chat);
      if (old) this.routes.delete(old);
      this.normal.set(chat, sessionId);
      this.journal.bind(platform, chatId, sessionId);
    }
    this.routes.set(sessionId, { platform, chatId });
  }

  /** The chat a session's events go to. */
  routeOf(sessionId: string): ChatRoute | undefined {
    return this.routes.get(sessionId);
  }
}

function key(platform: string, chatId: string): string {
  return `${platform}\u0000${chatId}`;
}
