/** Inbound channel traffic: admission (allowlists, strangers), store-before-ack into the journal with dedup,
 * then per chat in order: typed approvals, /new and /otr, other slash commands, or a turn in the chat's session. */
import { type ApprovalCodes, parseApprovalText, parsePayload } from "./approval_codes.ts";
import { type AttachedChannel, platformName } from "./attached_channel.ts";
import type { ChatOutbound } from "./chat_outbound.ts";
import type { ChatSessions } from "./chat_sessions.ts";
import type { ChannelAudit, ChannelEngine, ChannelLog } from "./engine_port.ts";
import type { InboundJournal, JournalEntry } from "./inbound_journal.ts";
import type { StrangerLog } from "./stranger_log.ts";
import type { ButtonAnswer, InboundMessage } from "./types.ts";

/** Longer messages are refused with a note (no turn): a chat is not a file upload. */
export const MAX_INBOUND_CHARS = 16_000;

export interface InboundDeps {
  engine: ChannelEngine;
  journal: InboundJournal;
  sessions: ChatSessions;
  codes: ApprovalCodes;
  strangers: StrangerLog;
  outbound: ChatOutbound;
  audit: ChannelAudit;
  log: ChannelLog;
  now: () => number;
}

export class ChatInbound {
  constructor(private readonly deps: InboundDeps) {}

  /** Stores an admitted message (the adapter acknowledges only after this resolves) and queues its handling. While
   * the channel detaches, what still arrives (signal-cli's last lines, a gateway event) is stored but left pending:
   * it is answered after the next start, as the platform cannot be asked to deliver it again. */
  receive(channel: AttachedChannel, message: InboundMessage): Promise<"stored" | "duplicate" | "ignored"> {
    const name = channel.adapter.name;
    const admission = channel.adapter.admit(message);
    if (admission === "ignore") return Promise.resolve("ignored");
    if (admission === "stranger") {
      this.stranger(channel, message);
      return Promise.resolve("ignored");
    }
    const otr = this.deps.sessions.isOtr(name, message.chatId);
    if (!this.deps.journal.store(name, message, !otr)) {
      this.deps.log.debug("channel_duplicate", `Dropped a redelivered ${name} message`, {
        channel: name,
        message_id: message.messageId,
      });
      return Promise.resolve("duplicate");
    }
    channel.health.received++;
    this.deps.audit.record("channel_message_received", "", name, {
      channel: name,
      message_id: message.messageId,
      chat_id: message.chatId,
      sender_id: message.senderId,
      chars: message.text.length,
    });
    if (!channel.closing) this.handle(channel, { ...message, platform: name, receivedAt: this.deps.now() });
    return Promise.resolve("stored");
  }

  /** Queues a stored message behind the chat's earlier ones (also used to replay the journal after a restart). */
  handle(channel: AttachedChannel, entry: JournalEntry): void {
    const previous = channel.chains.get(entry.chatId) ?? Promise.resolve();
    const next = previous.then(() => this.process(channel, entry)).catch((error) => {
      this.deps.log.error(
        "channel_inbound_failed",
        `Could not handle a ${entry.platform} message: ${error.message}`,
        {
          channel: entry.platform,
          message_id: entry.messageId,
        },
      );
    });
    channel.chains.set(entry.chatId, next);
    void next.then(() => {
      if (channel.chains.get(entry.chatId) === next) channel.chains.delete(entry.chatId);
    });
  }

  /** A button press: only an allowlisted user of that chat, only for an open code issued in that chat. */
  button(channel: AttachedChannel, answer: ButtonAnswer): Promise<string> {
    const parsed = parsePayload(answer.payload);
    if (!parsed) return Promise.resolve("Unknown button");
    return Promise.resolve(
      this.answer(channel, answer.chatId, answer.senderId, answer.direct, parsed.code, parsed.decision),
    );
  }

  private async process(channel: AttachedChannel, entry: JournalEntry): Promise<void> {
    const name = channel.adapter.name;
    const text = entry.text.trim();
    const reply = (message: string) => this.deps.outbound.sendPlain(channel, entry.chatId, message);
    if (!text) return this.done(channel, entry);
    if (text.length > MAX_INBOUND_CHARS) {
      await reply(`That message is too long (${text.length} characters; the limit is ${MAX_INBOUND_CHARS})`);
      return this.done(channel, entry);
    }
    const approval = parseApprovalText(text);
    if (approval) {
      await reply(
        this.answer(channel, entry.chatId, entry.senderId, !entry.group, approval.code, approval.decision),
      );
      return this.done(channel, entry);
    }
    if (text.startsWith("/")) {
      await reply(await this.command(name, entry, text));
      return this.done(channel, entry);
    }
    const sessionId = this.sessionFor(name, entry.chatId);
    if (channel.adapter.typing) await channel.adapter.typing(entry.chatId).catch(() => {});
    // The chat's next message is handled at once (it may be "approve CODE" for this very turn); the journal entry
    // is marked answered when the turn has ended and its sends are through.
    try {
      this.deps.engine.submit(sessionId, text, () => {
        // Every send of the turn was queued before it settled: a no-op behind them marks their end.
        void channel.queue.enqueue(entry.chatId, () => Promise.resolve()).then(() =>
          this.done(channel, entry)
        );
      }, `${name}:${entry.messageId}`);
    } catch (error) {
      await reply(`Not now: ${(error as Error).message}`);
      this.done(channel, entry);
    }
  }

  private async command(name: string, entry: JournalEntry, text: string): Promise<string> {
    // Telegram groups address commands as "/new@SomeBot".
    const word = text.split(/\s/)[0].replace(/@\S*$/, "").toLowerCase();
    if (word === "/new" || word === "/otr") {
      const mode = word === "/otr" ? "otr" : "normal";
      const sessionId = this.deps.engine.createSession(mode, `${platformName(name)} chat ${entry.chatId}`);
      this.deps.sessions.bind(name, entry.chatId, sessionId, mode);
      return mode === "otr"
        ? "Off-the-record session started: nothing in it is kept. Send /new to leave it."
        : "New session started";
    }
    const sessionId = this.sessionFor(name, entry.chatId);
    const result = await this.deps.engine.command(
      sessionId,
      word + text.slice(text.split(/\s/)[0].length),
      name,
    );
    return result.text;
  }

  private answer(
    channel: AttachedChannel,
    chatId: string,
    senderId: string,
    direct: boolean,
    code: string,
    decision: "approve" | "deny",
  ): string {
    const name = channel.adapter.name;
    if (!channel.adapter.mayApprove(chatId, senderId, direct)) {
      this.deps.log.warn(
        "channel_approval_refused",
        `A ${name} user who may not approve pressed an approval`,
        {
          channel: name,
          chat_id: chatId,
          sender_id: senderId,
        },
      );
      return "You may not answer approvals here";
    }
    const binding = this.deps.codes.take(code, name, chatId);
    const accepted = binding
      ? this.deps.engine.decide(binding.actionId, decision, name, binding.sessionId)
      : false;
    if (binding) {
      this.deps.audit.record("channel_approval_answered", binding.sessionId, "", {
        channel: name,
        chat_id: chatId,
        sender_id: senderId,
        action_id: binding.actionId,
        decision,
        accepted,
      });
    }
    if (!accepted) return `No open request "${code}" here: it was answered, has expired, or never existed`;
    return decision === "approve" ? `Approved (${code})` : `Denied (${code})`;
  }

  private sessionFor(platform: string, chatId: string): string {
    const current = this.deps.sessions.sessionOf(platform, chatId);
    if (current && this.deps.engine.sessionExists(current)) return current;
    const sessionId = this.deps.engine.createSession("normal", `${platformName(platform)} chat ${chatId}`);
    this.deps.sessions.bind(platform, chatId, sessionId, "normal");
    return sessionId;
  }

  private stranger(channel: AttachedChannel, message: InboundMessage): void {
    const name = channel.adapter.name;
    channel.health.strangers++;
    if (!this.deps.strangers.note(name, message.senderId)) return;
    this.deps.log.warn("channel_stranger", `Ignored a ${name} message from a sender no allowlist admits`, {
      channel: name,
      sender_id: message.senderId,
      chat_id: message.chatId,
    });
    this.deps.audit.record("channel_stranger", "", name, {
      channel: name,
      sender_id: message.senderId,
      chat_id: message.chatId,
    });
  }

  private done(channel: AttachedChannel, entry: JournalEntry): void {
    // A channel gone mid-answer leaves the message pending: it is answered after the next start.
    if (channel.stopped) return;
    this.deps.journal.done(entry.platform, entry.messageId);
  }
}
