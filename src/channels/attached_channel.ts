/** One attached adapter with what the manager keeps for it: its send queue, health and open reply streams. */
import type { ChannelHealth } from "./health.ts";
import type { ReplyStream } from "./reply_stream.ts";
import type { SendQueue } from "./send_queue.ts";
import type { ChannelAdapter } from "./types.ts";

export interface AttachedChannel {
  adapter: ChannelAdapter;
  queue: SendQueue;
  health: ChannelHealth;
  /** Open reply streams by session id. */
  streams: Map<string, ReplyStream>;
  /** Set once detach began: nothing more is received. */
  closing: boolean;
  /** Set once detach drained the sends: later events are dropped and nothing more is marked answered, so what
   * was still unanswered is answered after the next start. */
  stopped: boolean;
  /** Per-chat chain of inbound processing, so a chat's messages and commands keep their order. */
  chains: Map<string, Promise<void>>;
}

/** "telegram" -> "Telegram" (session titles, messages). */
export function platformName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
