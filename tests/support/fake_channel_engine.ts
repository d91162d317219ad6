/** A stand-in engine for channel tests without the real server: sessions in memory, each message answered by a
 * scripted function through the events a real turn emits (llm_token …, response_complete), approvals recorded. */
import type { ChannelEngine } from "../../src/channels/engine_port.ts";
import type { ChannelManager } from "../../src/channels/channel_manager.ts";
import { makeEvent, type ServerEventData, type ServerEventType } from "../../src/protocol/server_events.ts";

export type Script = (text: string, sessionId: string) => string | Promise<string>;

export class FakeChannelEngine implements ChannelEngine {
  readonly sessions = new Map<string, { mode: string; title: string; messages: string[] }>();
  readonly decisions: { actionId: string; decision: string; via: string; sessionId: string }[] = [];
  readonly commands: { sessionId: string; text: string; channel: string }[] = [];
  /** Open approval requests: action id → session id. */
  readonly pending = new Map<string, string>();
  manager?: ChannelManager;
  private next = 1;

  constructor(public script: Script = (text) => `echo: ${text}`) {}

  submit(sessionId: string, text: string, settled: (ran: boolean) => void): void {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`Session "${sessionId}" not found`);
    session.messages.push(text);
    void (async () => {
      const reply = await this.script(text, sessionId);
      const messageId = `m${this.next++}`;
      for (const token of reply.match(/.{1,40}/gs) ?? []) {
        this.emit("llm_token", sessionId, { token, message_id: messageId });
      }
      this.emit("response_complete", sessionId, {
        content: reply,
        message_id: messageId,
        thoughts: [],
        token_usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
      });
      settled(true);
    })();
  }

  command(sessionId: string, text: string, channel: string): Promise<{ ok: boolean; text: string }> {
    this.commands.push({ sessionId, text, channel });
    if (/^\/(config set|model \S+ \S+)/.test(text)) {
      return Promise.resolve({
        ok: false,
        text: `${text.split(" ")[0]} is accepted only from the web UI and the CLI`,
      });
    }
    return Promise.resolve({ ok: true, text: `ran ${text}` });
  }

  createSession(mode: "normal" | "otr", title: string): string {
    const id = `s${this.next++}`;
    this.sessions.set(id, { mode, title, messages: [] });
    return id;
  }

  sessionExists(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  decide(actionId: string, decision: "approve" | "deny", via: string, sessionId: string): boolean {
    if (this.pending.get(actionId) !== sessionId) return false;
    this.pending.delete(actionId);
    this.decisions.push({ actionId, decision, via, sessionId });
    return true;
  }

  /** Asks for approval in a session the way the approval registry does. */
  ask(sessionId: string, actionId: string, timeoutSecs = 300): void {
    this.pending.set(actionId, sessionId);
    this.emit("tier3_approval_required", sessionId, {
      action_id: actionId,
      tool_name: "write_file",
      target: "approve-me/a.txt",
      reasoning: "Saving it.",
      timeout_secs: timeoutSecs,
    });
  }

  emit<T extends ServerEventType>(type: T, sessionId: string, data: ServerEventData[T]): void {
    this.manager?.deliver(makeEvent(type, sessionId, data, Date.now()));
  }
}

/** Collects audit records and log lines for assertions. */
export function recorders() {
  const audit: { event: string; sessionId: string; details: Record<string, unknown> }[] = [];
  const logs: { level: string; event: string; message: string }[] = [];
  const line = (level: string) => (event: string, message: string) => logs.push({ level, event, message });
  return {
    audit,
    logs,
    auditPort: {
      record: (event: string, sessionId: string, _type: string, details: object) => {
        audit.push({ event, sessionId, details: details as Record<string, unknown> });
        return Promise.resolve(undefined);
      },
    },
    log: { info: line("info"), warn: line("warn"), error: line("error"), debug: line("debug") },
  };
}
