/** The terminal conversation: turns engine events into lines on the screen and typed lines into frames
 * (messages, slash commands, y/n answers to approval prompts, cancel). No I/O of its own: it is given a writer
 * and a sender, so it reads the same in a test as on a terminal. */
import { fitWidth, type TerminalStyle } from "../../lib/terminal_style.ts";
import type { EventEnvelope } from "./engine_client.ts";
import {
  approvalLines,
  commandResultLines,
  completedLine,
  errorLine,
  otrBlockedLine,
  toolCardStart,
  usageLine,
  verdictLine,
} from "./chat_view.ts";

export interface ChatPorts {
  write(text: string): void;
  send(frame: Record<string, unknown>): void;
  sessionId(): string;
  /** The engine switched this client to another session (/new, /otr, /delete of the current one). */
  switchSession(sessionId: string, mode: string): void;
  newSession(): Promise<void>;
  quit(): void;
}

type Data = Record<string, unknown>;

export class ChatSession {
  private atLineStart = true;
  private streamed = "";
  private shownThisTurn = "";
  private turnActive = false;
  private readonly pending: { actionId: string; tool: string }[] = [];

  constructor(
    private readonly ports: ChatPorts,
    private readonly style: TerminalStyle,
    private readonly agent: string,
    /** Terminal width: cards and verdicts are cut to one screen line. */
    private readonly columns = 100,
  ) {}

  get busy(): boolean {
    return this.turnActive;
  }

  prompt(): void {
    this.endLine();
    this.ports.write(
      this.pending.length > 0 ? this.style.bold("approve? [y/n] \u203A ") : this.style.bold("you \u203A "),
    );
    this.atLineStart = true;
  }

  handleLine(raw: string): void {
    const line = raw.trim();
    if (this.pending.length > 0 && !line.startsWith("/")) return this.answerApproval(line);
    if (line === "") return this.prompt();
    if (line === "/quit" || line === "/exit") return this.ports.quit();
    const sessionId = this.ports.sessionId();
    if (line.startsWith("/")) {
      this.ports.send({ type: "command", session_id: sessionId, content: line });
      return;
    }
    this.turnActive = true;
    this.streamed = "";
    this.shownThisTurn = "";
    this.ports.send({ type: "message", session_id: sessionId, content: line });
  }

  /** Ctrl-C: cancels the answer being written; false when there is none (the caller may quit). */
  interrupt(): boolean {
    if (!this.turnActive) return false;
    this.ports.send({ type: "cancel", session_id: this.ports.sessionId() });
    this.println(this.style.dim("(cancelling\u2026)"));
    return true;
  }

  status(text: string): void {
    this.println(this.style.dim(`[${text}]`));
  }

  handleEvent(event: EventEnvelope): void {
    const data = event.data ?? {};
    switch (event.type) {
      case "llm_token":
        return this.token(String(data.token ?? ""));
      case "action_started":
        this.turnActive = true;
        return this.println(toolCardStart(data, this.style));
      case "tier3_approval_required":
        this.pending.push({ actionId: String(data.action_id), tool: String(data.tool_name) });
        for (const line of approvalLines(data, this.style, this.columns)) this.println(line);
        return this.prompt();
      case "shield_verdict":
        this.settle(String(data.action_id));
        return this.println(verdictLine(data, this.style));
      case "action_completed":
        return this.println(completedLine(data, this.style));
      case "otr_blocked":
        return this.println(otrBlockedLine(data, this.style));
      case "response_complete":
        return this.complete(data);
      case "error":
        this.println(errorLine(data, this.style));
        return this.endTurn();
      case "command_result":
        return this.commandResult(data);
    }
  }

  private token(text: string): void {
    if (this.streamed === "" && this.atLineStart) this.ports.write(this.style.cyan(`${this.agent} \u203A `));
    this.streamed += text;
    this.shownThisTurn += text;
    this.write(text);
  }

  private complete(data: Data): void {
    // Some servers do not stream: show what the final content adds to what was already on screen.
    const content = typeof data.content === "string" ? data.content : "";
    const shown = this.shownThisTurn;
    const rest = content.startsWith(shown) ? content.slice(shown.length) : shown === "" ? content : "";
    if (rest.trim() !== "") this.token(rest);
    const usage = usageLine(data, this.style);
    if (usage) this.println(usage);
    this.endTurn();
  }

  private commandResult(data: Data): void {
    for (const line of commandResultLines(data, this.style)) this.println(line);
    const action = (data.action ?? {}) as Data;
    if (action.type === "switch_session" && typeof action.session_id === "string") {
      this.ports.switchSession(action.session_id, String(action.mode ?? "normal"));
    } else if (action.type === "session_deleted" && action.session_id === this.ports.sessionId()) {
      void this.ports.newSession().then(() => this.prompt());
      return;
    } else if (action.type === "restart") {
      this.status("the engine is restarting; this client reconnects on its own");
    }
    this.prompt();
  }

  private answerApproval(line: string): void {
    const answer = /^y(es)?$/i.test(line) ? "approve" : /^no?$/i.test(line) ? "deny" : undefined;
    if (!answer) {
      this.println(this.style.yellow(`Answer y or n: ${this.pending[0].tool} is waiting for your decision`));
      return this.prompt();
    }
    const { actionId } = this.pending.shift()!;
    this.ports.send({
      type: "tier3_decision",
      session_id: this.ports.sessionId(),
      action_id: actionId,
      decision: answer,
    });
    this.println(
      this.style.dim(answer === "approve" ? "\u2502   approved by you" : "\u2502   denied by you"),
    );
    if (this.pending.length > 0) this.prompt();
  }

  /** A verdict ends the wait for that call (answered here, elsewhere, or timed out). */
  private settle(actionId: string): void {
    const index = this.pending.findIndex((item) => item.actionId === actionId);
    if (index >= 0) this.pending.splice(index, 1);
  }

  private endTurn(): void {
    this.turnActive = false;
    this.streamed = "";
    this.shownThisTurn = "";
    this.prompt();
  }

  private write(text: string): void {
    if (text === "") return;
    this.ports.write(text);
    this.atLineStart = text.endsWith("\n");
  }

  private endLine(): void {
    if (!this.atLineStart) this.write("\n");
    // A tool card interrupts the text; the next text gets the name again.
    this.streamed = "";
  }

  private println(line: string): void {
    this.endLine();
    this.write(`${fitWidth(line, this.columns)}\n`);
  }
}
