/** What the channel e2e scenario needs from one platform: its config, how a user and a stranger talk to the bot
 * through the fake platform server, what the chat shows, approval presses, 429s, and how to see the engine's
 * connection come and go. One driver per network adapter (channels_drivers.ts, channels_webhook_drivers.ts). */
import { pollUntil } from "../support/poll_until.ts";

export type Decision = "approve" | "deny";

export interface ChannelDriver {
  /** The platform (channels.<name>). */
  name: string;
  /** Longest message the platform takes. */
  limit: number;
  /** Replies grow by edits (Telegram, Discord, Slack, Teams). */
  edits: boolean;
  /** Approval prompts carry buttons (every platform but Signal). */
  buttons: boolean;
  /** A stranger's press gets an answer (WhatsApp sends nothing to a number it does not admit). */
  answersStrangers: boolean;
  /** Markdown as the adapter renders it, to compare a reply with the engine's response_complete. */
  render(markdown: string): string;
  channels: Record<string, unknown>;
  env: Record<string, string>;
  /** Resolves once the fake sees the engine connected (gateway session, socket, signal-cli process). */
  connected(): Promise<unknown>;
  /** The allowed user writes; resolves with a handle to deliver the very same message again. */
  say(text: string): Promise<string>;
  /** Delivers the message `say` returned the handle of again (a platform retry or redelivery). */
  redeliver(handle: string): Promise<void>;
  stranger(text: string): Promise<void>;
  /** What the user's chat shows, in order, edits applied (approval prompts may be left out). */
  shown(): string[];
  /** Answers to presses the platform shows (toasts, ephemeral or plain messages). */
  notices(): string[];
  /** Approval prompts sent so far, as their text. */
  prompts(): string[];
  /** Presses a button of prompt `index` (or types "approve CODE" where there are none), as the user or a stranger. */
  press(index: number, decision: Decision, by?: "user" | "stranger"): Promise<void>;
  /** Message edits the platform accepted so far. */
  editsMade(): number;
  /** The next `count` sends are refused with 429 (or the platform's rate-limit error). */
  rateLimit(count: number): void;
  /** 429s answered so far. */
  rateLimited(): number;
  /** After the engine was killed: resolves once the fake saw its connection go (nothing to wait for on webhooks). */
  disconnected(): Promise<unknown>;
  /** The user writes while the engine is down: the platform holds or retries it until the engine takes it. */
  sayWhileDown(text: string): Promise<void>;
  /** Checks after a restart that the platform's own resume path was taken (Discord: RESUME, not IDENTIFY). */
  resumed?(): void;
  /** After detach: resolves once the engine no longer takes anything from the platform. */
  quiet(): Promise<unknown>;
  close(): Promise<void>;
}

/** Polls `probe` until it returns something other than undefined or false. */
export function until<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  return pollUntil(probe, () => `Timed out waiting for ${what}`, timeoutMs, 30);
}

/** Posts to a webhook until it answers 200, as Meta and the Bot Framework retry a delivery the bot did not take. */
export async function retryUntilTaken(post: () => Promise<number>, what: string): Promise<void> {
  await until(async () => (await post().catch(() => 0)) === 200, what, 60_000);
}

/** A webhook port refuses connections (the adapter stopped listening). */
export async function refuses(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.body?.cancel();
    return false;
  } catch {
    return true;
  }
}

/** The six-character approval code in a prompt's text. */
export function codeOf(prompt: string): string {
  const match = prompt.match(/\(([A-Z0-9]{6})\)/);
  if (!match) throw new Error(`No approval code in "${prompt}"`);
  return match[1];
}
