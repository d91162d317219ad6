/** An in-memory channel adapter for manager tests: tests push messages and presses through its sink and read
 * what was sent, edited or asked; sends can be slowed or made to fail. */
import type {
  AdapterSink,
  ApprovalPrompt,
  Capabilities,
  ChannelAdapter,
  InboundMessage,
  OutboundText,
} from "../../src/channels/types.ts";

export interface MemorySend {
  chatId: string;
  kind: "send" | "edit" | "approval" | "typing";
  text: string;
  id: string;
}

export class MemoryAdapter implements ChannelAdapter {
  readonly sends: MemorySend[] = [];
  sink?: AdapterSink;
  stopped = false;
  /** Milliseconds each send takes. */
  sendDelayMs = 0;
  /** Throws from send while set. */
  failWith?: Error;
  private next = 1;

  constructor(
    readonly name = "memory",
    readonly capabilities: Capabilities = { maxLength: 100, edits: false, heartbeatMs: 1000 },
    private readonly allowed = new Set(["u1"]),
  ) {}

  start(sink: AdapterSink): Promise<void> {
    this.sink = sink;
    sink.alive();
    return Promise.resolve();
  }

  admit(message: InboundMessage) {
    if (message.group) return "ignore" as const;
    return this.allowed.has(message.senderId) ? "admit" as const : "stranger" as const;
  }

  mayApprove(_chatId: string, senderId: string): boolean {
    return this.allowed.has(senderId);
  }

  render(markdown: string): string {
    return markdown.replaceAll("**", "*");
  }

  async send(chatId: string, text: OutboundText): Promise<{ id: string }> {
    if (this.sendDelayMs) await new Promise((resolve) => setTimeout(resolve, this.sendDelayMs));
    if (this.failWith) throw this.failWith;
    const id = String(this.next++);
    this.sends.push({ chatId, kind: "send", text: text.text, id });
    return { id };
  }

  edit?(chatId: string, messageId: string, text: OutboundText): Promise<void>;

  sendApproval(chatId: string, prompt: ApprovalPrompt): Promise<void> {
    this.sends.push({
      chatId,
      kind: "approval",
      text: `${prompt.text}\n[${prompt.approvePayload}|${prompt.denyPayload}]`,
      id: "",
    });
    return Promise.resolve();
  }

  stop(): Promise<void> {
    this.stopped = true;
    return Promise.resolve();
  }

  /** A message from `senderId` in their own chat. */
  say(senderId: string, text: string, messageId: string = crypto.randomUUID()) {
    return this.sink!.receive({ messageId, chatId: senderId, senderId, text, group: false });
  }

  texts(chatId: string): string[] {
    return this.sends.filter((item) => item.chatId === chatId && item.kind === "send").map((item) =>
      item.text
    );
  }
}

/** A memory adapter that can edit, for streamed replies. */
export class EditingMemoryAdapter extends MemoryAdapter {
  constructor(name = "editing") {
    super(name, { maxLength: 100, edits: true, heartbeatMs: 1000 });
  }

  override edit(chatId: string, messageId: string, text: OutboundText): Promise<void> {
    this.sends.push({ chatId, kind: "edit", text: text.text, id: messageId });
    return Promise.resolve();
  }
}

export async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
