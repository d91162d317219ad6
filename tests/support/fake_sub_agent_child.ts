/** A scripted stand-in for a sub-agent child process, for manager tests that need no process: the test pushes
 * the lines the child would send and reads what the engine sent it. */
import type { ChildEvent } from "../../src/engine/sub_agents/child_process.ts";
import type { ChildMessage, ParentMessage } from "../../src/engine/sub_agents/protocol.ts";
import type { ChildHandle, ChildSpawner } from "../../src/engine/sub_agents/sub_agent_ports.ts";
import type { ModelEntry } from "../../src/providers/types.ts";

export class FakeChild implements ChildHandle {
  readonly pid: number;
  readonly received: ParentMessage[] = [];
  killed = false;
  private readonly queue: ChildEvent[] = [];
  private wake?: () => void;
  private readonly waiters: { type: string; resolve: (message: ParentMessage) => void }[] = [];

  constructor(pid: number) {
    this.pid = pid;
  }

  /** What the child "writes" next. */
  push(message: ChildMessage | { invalid: string }): void {
    this.queue.push("invalid" in message ? message : { message });
    this.wake?.();
  }

  /** Ends the child's output without a result (the process died). */
  exit(): void {
    this.killed = true;
    this.wake?.();
  }

  /** Resolves with the next message of this type the engine sends (or one already sent and not yet taken). */
  nextReceived(type: ParentMessage["type"]): Promise<ParentMessage> {
    const index = this.received.findIndex((message) => message.type === type && !taken.has(message));
    if (index >= 0) {
      taken.add(this.received[index]);
      return Promise.resolve(this.received[index]);
    }
    return new Promise((resolve) => this.waiters.push({ type, resolve }));
  }

  async *events(): AsyncIterable<ChildEvent> {
    while (true) {
      while (this.queue.length > 0) yield this.queue.shift()!;
      if (this.killed) return;
      await new Promise<void>((resolve) => this.wake = resolve);
    }
  }

  send(message: ParentMessage): Promise<void> {
    this.received.push(message);
    const waiter = this.waiters.findIndex((item) => item.type === message.type);
    if (waiter >= 0) {
      taken.add(message);
      this.waiters.splice(waiter, 1)[0].resolve(message);
    }
    return Promise.resolve();
  }

  kill(): void {
    this.killed = true;
    this.wake?.();
  }

  stderrTail(): string {
    return "";
  }
}

const taken = new WeakSet<ParentMessage>();

export class FakeSpawner implements ChildSpawner {
  readonly children: FakeChild[] = [];
  readonly models: ModelEntry[] = [];

  spawn(model: ModelEntry): ChildHandle {
    const child = new FakeChild(10_000 + this.children.length);
    this.children.push(child);
    this.models.push(model);
    return child;
  }
}
