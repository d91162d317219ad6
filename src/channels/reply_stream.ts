/** One assistant reply on its way to one chat: shown growing by edits where the platform can edit (at most one
 * edit per interval, plain text), then replaced by the final rendered text, split to fit the platform. */
import type { SendQueue } from "./send_queue.ts";
import { splitMessage } from "./split_message.ts";
import type { ChannelAdapter } from "./types.ts";

export class ReplyStream {
  private text = "";
  private shown = "";
  private timer: ReturnType<typeof setTimeout> | undefined;
  private messageId: Promise<string | undefined> | undefined;

  constructor(
    private readonly adapter: ChannelAdapter,
    private readonly queue: SendQueue,
    private readonly chatId: string,
    private readonly intervalMs: number,
    private readonly onError: (error: Error) => void,
  ) {}

  token(token: string): void {
    this.text += token;
    if (!this.adapter.capabilities.edits || !this.adapter.edit || this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Sends the final text; resolves once every part has been sent (or has failed for good). */
  async finish(content: string): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const parts = content.trim()
      ? splitMessage(content, this.adapter.capabilities.maxLength, this.adapter.render.bind(this.adapter))
      : [];
    const started = this.messageId ? await this.messageId : undefined;
    const sends: Promise<unknown>[] = [];
    if (started && this.adapter.edit) {
      const first = parts.shift() ?? "(no text)";
      sends.push(
        this.call(() => this.adapter.edit!(this.chatId, started, { text: first, markup: "formatted" })),
      );
    }
    for (const part of parts) {
      sends.push(this.call(() => this.adapter.send(this.chatId, { text: part, markup: "formatted" })));
    }
    await Promise.all(sends);
  }

  /** Stops streaming without a final text (the turn failed or the channel is going away). */
  abandon(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private flush(): void {
    this.timer = undefined;
    const limit = this.adapter.capabilities.maxLength;
    const preview = this.text.length >= limit ? this.text.slice(0, limit - 1) + "\u2026" : this.text;
    if (!preview.trim() || preview === this.shown) return;
    this.shown = preview;
    const id = this.messageId;
    if (!id) {
      this.messageId = this.queue.enqueue(
        this.chatId,
        () => this.adapter.send(this.chatId, { text: preview, markup: "plain" }),
      ).then((sent) => sent.id, (error) => {
        this.onError(error);
        return undefined;
      });
      return;
    }
    void this.call(async () => {
      const messageId = await id;
      if (messageId) await this.adapter.edit!(this.chatId, messageId, { text: preview, markup: "plain" });
    });
  }

  private call(work: () => Promise<unknown>): Promise<void> {
    return this.queue.enqueue(this.chatId, work).then(() => {}, (error) => this.onError(error));
  }
}
