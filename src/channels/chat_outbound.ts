/** Engine events to platform messages: streamed or final replies, approval prompts with buttons, errors,
 * off-the-record refusals and typing indicators, for the chat a session belongs to. */
import type { ApprovalCodes } from "./approval_codes.ts";
import { approvalPayload } from "./approval_codes.ts";
import type { AttachedChannel } from "./attached_channel.ts";
import type { ChatRoute } from "./chat_sessions.ts";
import type { ServerEventOf } from "../protocol/server_events.ts";
import type { ChannelEvent, ChannelLog } from "./engine_port.ts";
import { ReplyStream } from "./reply_stream.ts";
import { splitMessage } from "./split_message.ts";

export interface OutboundOptions {
  codes: ApprovalCodes;
  log: ChannelLog;
  now: () => number;
  /** Least time between two edits of a streaming reply (default 1000 ms). */
  editIntervalMs?: number;
  /** Called with the time a final reply's last part reached the platform (benchmarks). */
  onReplySent?: (sessionId: string, completedAt: number, sentAt: number) => void;
}

export class ChatOutbound {
  constructor(private readonly options: OutboundOptions) {}

  /** Acts on one event of a session bound to `route` on `channel`; the promise ends when its sends are done. */
  async deliver(channel: AttachedChannel, route: ChatRoute, event: ChannelEvent): Promise<void> {
    const { chatId } = route;
    switch (event.type) {
      case "llm_token":
        this.streamOf(channel, event.session_id, chatId).token(String(event.data.token ?? ""));
        return;
      case "response_complete":
        return await this.complete(channel, event, chatId);
      case "tier3_approval_required":
        return await this.askApproval(channel, route, event);
      case "error":
        channel.streams.get(event.session_id)?.abandon();
        channel.streams.delete(event.session_id);
        return await this.sendPlain(
          channel,
          chatId,
          `\u26A0\uFE0F ${String(event.data.message ?? "Something went wrong")}`,
        );
      case "otr_blocked":
        return await this.sendPlain(
          channel,
          chatId,
          `Off the record: "${String(event.data.tool_name)}" was refused (${
            String(event.data.reason ?? "")
          })`,
        );
      case "action_started":
        if (channel.adapter.typing) {
          await channel.adapter.typing(chatId).catch(() => {});
        }
        return;
    }
  }

  /** Plain text split to fit, in order; resolves when every part was sent or has failed for good. */
  async sendPlain(channel: AttachedChannel, chatId: string, text: string): Promise<void> {
    const parts = splitMessage(text, channel.adapter.capabilities.maxLength, (markdown) => markdown);
    await Promise.all(
      parts.map((part) =>
        channel.queue.enqueue(chatId, () => channel.adapter.send(chatId, { text: part, markup: "plain" }))
          .then(() => channel.health.sent++, (error) => this.failed(channel, chatId, error))
      ),
    );
  }

  private async complete(
    channel: AttachedChannel,
    event: ServerEventOf<"response_complete">,
    chatId: string,
  ): Promise<void> {
    const completedAt = this.options.now();
    const stream = this.streamOf(channel, event.session_id, chatId);
    channel.streams.delete(event.session_id);
    await stream.finish(String(event.data.content ?? ""));
    channel.health.sent++;
    this.options.onReplySent?.(event.session_id, completedAt, this.options.now());
  }

  private async askApproval(
    channel: AttachedChannel,
    route: ChatRoute,
    event: ServerEventOf<"tier3_approval_required">,
  ): Promise<void> {
    const data = event.data;
    const timeoutSecs = Number(data.timeout_secs ?? 0);
    const code = this.options.codes.issue({
      actionId: String(data.action_id),
      sessionId: event.session_id,
      platform: route.platform,
      chatId: route.chatId,
      deadline: this.options.now() + timeoutSecs * 1000,
    });
    const text = [
      `Approval needed (${code})`,
      `Tool: ${String(data.tool_name)}`,
      `Target: ${String(data.target ?? "")}`,
      `Why: ${String(data.reasoning ?? "")}`,
      `Answer within ${timeoutSecs} s with the buttons, or reply "approve ${code}" or "deny ${code}".`,
    ].join("\n");
    const prompt = {
      code,
      text: text.length > channel.adapter.capabilities.maxLength
        ? text.slice(0, channel.adapter.capabilities.maxLength - 1) + "\u2026"
        : text,
      approvePayload: approvalPayload(code, "approve"),
      denyPayload: approvalPayload(code, "deny"),
    };
    await channel.queue.enqueue(route.chatId, () => channel.adapter.sendApproval(route.chatId, prompt))
      .then(() => channel.health.sent++, (error) => this.failed(channel, route.chatId, error));
  }

  private streamOf(channel: AttachedChannel, sessionId: string, chatId: string): ReplyStream {
    let stream = channel.streams.get(sessionId);
    if (!stream) {
      stream = new ReplyStream(
        channel.adapter,
        channel.queue,
        chatId,
        this.options.editIntervalMs ?? 1000,
        (error) => this.failed(channel, chatId, error),
      );
      channel.streams.set(sessionId, stream);
    }
    return stream;
  }

  private failed(channel: AttachedChannel, chatId: string, error: Error): void {
    this.options.log.error(
      "channel_send_failed",
      `Could not send to ${channel.adapter.name}: ${error.message}`,
      {
        channel: channel.adapter.name,
        chat_id: chatId,
      },
    );
  }
}
