/** The channel adapter interface: what every platform folder implements and what the manager gives it back. */

/** One text message from a platform chat, validated by the adapter. */
export interface InboundMessage {
  /** Unique per platform (retries and redeliveries carry the same id); the dedup key. */
  messageId: string;
  chatId: string;
  senderId: string;
  text: string;
  /** A group / channel / guild conversation rather than a one-to-one chat. */
  group: boolean;
  /** The bot was mentioned (guild and group chats). */
  mentioned?: boolean;
  /** The guild / team the chat belongs to, where the platform has one. */
  space?: string;
}

/** A press of an approval button, already decoded by the adapter. */
export interface ButtonAnswer {
  chatId: string;
  senderId: string;
  /** Pressed in a one-to-one chat with the bot. */
  direct: boolean;
  /** The payload the button carried (see approvalPayload). */
  payload: string;
}

/** A Tier 3 request as shown in a chat. */
export interface ApprovalPrompt {
  code: string;
  /** Plain text (already rendered for the platform): tool, target, reasoning, how long it stays open. */
  text: string;
  /** Button payloads, e.g. "t3:ABC234:approve". */
  approvePayload: string;
  denyPayload: string;
}

/** An outgoing text: `plain` is sent as it is, `formatted` is already rendered for the platform. */
export interface OutboundText {
  text: string;
  markup: "plain" | "formatted";
}

export interface Capabilities {
  /** Longest text one platform message may carry (after rendering). */
  maxLength: number;
  /** The platform can edit a sent message, so replies can stream. */
  edits: boolean;
  /** Longest silence of a connected channel before it counts as unhealthy. */
  heartbeatMs: number;
}

export type Admission = "admit" | "stranger" | "ignore";

/** What an adapter hands its inbound traffic to. */
export interface AdapterSink {
  /** Resolves once the message is stored (or known to be a duplicate or ignored): only then may the adapter
   * acknowledge it to the platform. Rejects when it could not be stored; the adapter must not acknowledge. */
  receive(message: InboundMessage): Promise<"stored" | "duplicate" | "ignored">;
  /** Resolves with a short text to show the presser (a toast), or undefined. */
  button(answer: ButtonAnswer): Promise<string>;
  /** The connection is (again) up, or showed life (heartbeat, poll answered). */
  alive(): void;
  /** The connection dropped; the adapter is reconnecting. */
  lost(reason: string): void;
  /** Where the adapter's inbound stream was stored up to, kept across restarts (saveCursor), for platforms that
   * replay from a point instead of waiting for an acknowledgement. */
  cursor(): string | undefined;
  /** Call only once everything up to `value` was stored (receive resolved); an empty value forgets it. */
  saveCursor(value: string): void;
}

export interface ChannelAdapter {
  /** The platform name: telegram, discord, slack, whatsapp, signal, teams, imessage. */
  readonly name: string;
  readonly capabilities: Capabilities;
  /** Connects and starts receiving. Rejects with a clear error when the adapter cannot run (missing token,
   * wrong system); reconnects on its own after a drop. */
  start(sink: AdapterSink): Promise<void>;
  /** Who may talk to the agent (allowlists, group rules). */
  admit(message: InboundMessage): Admission;
  /** Whether this sender may answer approvals in this chat (`direct`: a one-to-one chat with the bot). */
  mayApprove(chatId: string, senderId: string, direct: boolean): boolean;
  /** Markdown to the platform's own markup. */
  render(markdown: string): string;
  send(chatId: string, text: OutboundText): Promise<{ id: string }>;
  /** Only when capabilities.edits. */
  edit?(chatId: string, messageId: string, text: OutboundText): Promise<void>;
  sendApproval(chatId: string, prompt: ApprovalPrompt): Promise<void>;
  typing?(chatId: string): Promise<void>;
  /** Stops receiving (nothing more is acknowledged); sends still work until the manager is done with it. */
  stop(): Promise<void>;
  /** After the manager drained the sends: releases what sending needed (Signal: the signal-cli process, which
   * receives too, so it runs on until here and what it still reports is stored for the next start). */
  close?(): Promise<void>;
}
