/** Handles client frames: queues turns per session, cancels them, runs slash commands, routes Tier 3 answers. */
import { NotFoundError, ValidationError } from "../lib/errors.ts";
import type { Logger } from "../log/logger.ts";
import type { ClientFrame } from "../protocol/client_frames.ts";
import type { SessionService } from "./session_service.ts";
import type { TurnRunner } from "./turn_runner.ts";
import type { ApprovalRegistry } from "./approvals.ts";
import type { EventSink } from "../protocol/server_events.ts";
import { makeEvent } from "../protocol/server_events.ts";
import type { Clock } from "../lib/clock.ts";

export interface CommandResult {
  command: string;
  ok: boolean;
  text: string;
  action?: Record<string, unknown>;
}

export interface CommandRunner {
  run(sessionId: string, text: string, channel: string): Promise<CommandResult>;
}

export interface ConversationDeps {
  sessions: SessionService;
  turns: Pick<TurnRunner, "run">;
  /** Where Tier 3 answers go. */
  approvals: Pick<ApprovalRegistry, "decide">;
  commands: CommandRunner;
  events: EventSink;
  logger: Logger;
  clock: Clock;
}

interface QueuedMessage {
  content: string;
  /** A stable id for the stored user message (a channel message replayed after a restart is stored once). */
  messageId?: string;
  /** Told when the message's turn has ended (false: dropped unrun because the session is gone). */
  settled?: (ran: boolean) => void;
}

interface SessionQueue {
  running: boolean;
  controller?: AbortController;
  waiting: QueuedMessage[];
}

/** A session's messages run one turn at a time; later ones wait in order (documented in docs/agent.md). */
export const MAX_QUEUED_MESSAGES = 20;

export class Conversation {
  private readonly queues = new Map<string, SessionQueue>();
  private readonly idle = new Set<() => void>();
  private stopping = false;

  constructor(private readonly deps: ConversationDeps) {}

  async handle(frame: ClientFrame, client: { channel: string; activeSessionId?: string }): Promise<void> {
    switch (frame.type) {
      case "message":
        return this.acceptMessage(frame.session_id, frame.content, frame.mode);
      case "command": {
        this.deps.sessions.get(frame.session_id);
        const result = await this.deps.commands.run(frame.session_id, frame.content, client.channel);
        // Read-only commands (the UI asks /help for completion) would flood the console at info level.
        const quiet = ["/help", "/status", "/usage", "/history", "/sessions"].includes(result.command);
        this.deps.logger[quiet ? "debug" : "info"](
          "command",
          `Ran ${result.command} (${result.ok ? "ok" : "refused"})`,
          {
            session_id: frame.session_id,
            channel: client.channel,
          },
        );
        this.deps.events.emit(
          makeEvent("command_result", frame.session_id, { ...result }, this.deps.clock.now()),
        );
        return;
      }
      case "cancel":
        this.deps.sessions.get(frame.session_id);
        this.cancel(frame.session_id);
        return;
      case "tier3_decision": {
        // Only a client looking at the session that asked may answer for it.
        const from = frame.session_id ?? client.activeSessionId;
        const remember = frame.remember === true;
        if (
          !this.deps.approvals.decide(
            frame.action_id,
            frame.decision,
            client.channel,
            from || undefined,
            remember,
          )
        ) {
          throw new NotFoundError(
            `No pending approval with action_id "${frame.action_id}"`,
            "UNKNOWN_ACTION",
          );
        }
        return;
      }
      case "ping":
        return;
    }
  }

  /** Accepts a user message: persisted at once, answered by a turn when the session is free. */
  acceptMessage(
    sessionId: string,
    content: string,
    mode?: "normal" | "otr",
    settled?: (ran: boolean) => void,
    messageId?: string,
  ): void {
    if (!this.deps.sessions.find(sessionId)) {
      if (mode !== "otr") {
        throw new NotFoundError(
          `Session "${sessionId}" not found: create it with POST /api/sessions`,
          "UNKNOWN_SESSION",
        );
      }
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(sessionId)) {
        throw new ValidationError(
          `Session id "${sessionId}" must be 1-64 letters, digits, _ or -`,
          "INVALID_FRAME",
        );
      }
      this.deps.sessions.createWithId(sessionId, "otr");
    }
    const queue = this.queueFor(sessionId);
    if (queue.waiting.length >= MAX_QUEUED_MESSAGES) {
      throw new ValidationError(
        `Session "${sessionId}" already has ${MAX_QUEUED_MESSAGES} messages waiting`,
        "QUEUE_FULL",
      );
    }
    queue.waiting.push({ content, settled, messageId });
    if (!queue.running) void this.drain(sessionId, queue);
  }

  cancel(sessionId: string): boolean {
    const queue = this.queues.get(sessionId);
    if (!queue?.controller) return false;
    queue.controller.abort(new DOMException("Cancelled by the user", "AbortError"));
    return true;
  }

  isBusy(sessionId: string): boolean {
    return this.queues.get(sessionId)?.running ?? false;
  }

  /** Cancels every running turn and resolves when all have ended (shutdown). */
  async stopAll(): Promise<void> {
    this.stopping = true;
    for (const queue of this.queues.values()) {
      queue.waiting.length = 0;
      queue.controller?.abort(new DOMException("Engine stopping", "AbortError"));
    }
    if (![...this.queues.values()].some((queue) => queue.running)) return;
    await new Promise<void>((resolve) => this.idle.add(resolve));
  }

  private queueFor(sessionId: string): SessionQueue {
    let queue = this.queues.get(sessionId);
    if (!queue) {
      queue = { running: false, waiting: [] };
      this.queues.set(sessionId, queue);
    }
    return queue;
  }

  private async drain(sessionId: string, queue: SessionQueue): Promise<void> {
    queue.running = true;
    try {
      while (queue.waiting.length > 0) {
        const { content, settled, messageId } = queue.waiting.shift()!;
        queue.controller = new AbortController();
        let ran = false;
        try {
          if (!this.deps.sessions.find(sessionId)) {
            settled?.(false);
            for (const dropped of queue.waiting.splice(0)) dropped.settled?.(false);
            break;
          }
          await this.deps.turns.run(sessionId, content, queue.controller.signal, messageId);
          ran = true;
        } catch (error) {
          this.deps.logger.error("turn_crashed", (error as Error).message, {
            session_id: sessionId,
            stack: (error as Error).stack ?? "",
          });
          this.deps.events.emit(makeEvent("error", sessionId, {
            code: "TURN_FAILED",
            message: `The turn failed: ${(error as Error).message}`,
            recoverable: true,
          }, this.deps.clock.now()));
          ran = true;
        }
        // A turn cut short by shutdown is not settled: a channel then answers the message after the restart.
        if (ran && !this.stopping) settled?.(true);
      }
    } finally {
      queue.running = false;
      queue.controller = undefined;
      this.queues.delete(sessionId);
      if (![...this.queues.values()].some((item) => item.running)) {
        for (const resolve of this.idle) resolve();
        this.idle.clear();
      }
    }
  }
}
