/** The Discord gateway over a WebSocket: HELLO -> IDENTIFY (or RESUME after a drop or a restart: the session and
 * the last stored sequence number are saved), heartbeats with zombie detection, dispatches handed over one at a
 * time, reconnects with backoff and jitter. */
import { backoffDelay, sleep } from "../backoff.ts";
import type { AdapterSink } from "../types.ts";
import type { DiscordApi } from "./api_client.ts";
import { parseDispatch } from "./inbound.ts";

/** GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES | MESSAGE_CONTENT */
export const INTENTS = 1 | 512 | 4096 | 32768;
const MAX_FRAME_CHARS = 1024 * 1024;

export interface GatewayOptions {
  api: DiscordApi;
  token: string;
  gatewayUrl?: string;
  random?: () => number;
  log: (message: string) => void;
  /** Answers a button press (interaction callback). */
  answerPress: (interactionId: string, token: string, text: string) => Promise<void>;
}

interface Session {
  id?: string;
  resumeUrl?: string;
  /** The last sequence number received (heartbeats carry it). */
  seq: number | null;
  /** The last sequence number whose dispatch was handled (stored): a RESUME replays what came after it. */
  stored: number | null;
  botUserId: string;
}

export class DiscordGateway {
  private session: Session = { seq: null, stored: null, botUserId: "" };
  private socket?: WebSocket;

  constructor(private readonly options: GatewayOptions) {}

  async run(sink: AdapterSink, signal: AbortSignal): Promise<void> {
    let failures = 0;
    // A session saved before a restart is resumed: Discord replays the events sent while the engine was down.
    this.session = { ...this.session, ...loadSession(sink.cursor()) };
    signal.addEventListener("abort", () => this.socket?.close(1000, "detached"), { once: true });
    while (!signal.aborted) {
      const started = Date.now();
      try {
        const url = this.session.resumeUrl ?? this.options.gatewayUrl ?? await this.gatewayUrl(signal);
        const reason = await this.connect(url, sink, signal);
        if (signal.aborted) break;
        sink.lost(reason);
      } catch (error) {
        if (signal.aborted) break;
        sink.lost((error as Error).message);
      }
      // A connection that lasted a while starts the backoff over.
      failures = Date.now() - started > 60_000 ? 0 : failures + 1;
      await sleep(backoffDelay(failures - 1, { random: this.options.random }), signal);
    }
  }

  private async gatewayUrl(signal: AbortSignal): Promise<string> {
    const answer = await this.options.api.call("GET", "/gateway/bot", undefined, signal) as { url?: unknown };
    if (typeof answer?.url !== "string" || !/^wss?:\/\//.test(answer.url)) {
      throw new Error("Discord GET /gateway/bot answered without a WebSocket url");
    }
    return answer.url;
  }

  /** One gateway connection; resolves with why it ended. */
  private connect(url: string, sink: AdapterSink, signal: AbortSignal): Promise<string> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`${url.replace(/\/?(\?.*)?$/, "")}/?v=10&encoding=json`);
      this.socket = socket;
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      let acknowledged = true;
      let work = Promise.resolve();
      let broken = false;
      const send = (payload: unknown) =>
        socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(payload));
      const beat = () => {
        if (!acknowledged) {
          socket.close(4000, "heartbeat not acknowledged");
          return;
        }
        acknowledged = false;
        send({ op: 1, d: this.session.seq });
      };
      socket.onmessage = (message) => {
        if (typeof message.data !== "string" || message.data.length > MAX_FRAME_CHARS) return;
        let frame: { op?: unknown; d?: unknown; s?: unknown; t?: unknown };
        try {
          frame = JSON.parse(message.data);
        } catch {
          this.options.log("Skipped a Discord gateway frame that is not JSON");
          return;
        }
        if (typeof frame.s === "number") this.session.seq = frame.s;
        switch (frame.op) {
          case 10: {
            const interval = Number((frame.d as { heartbeat_interval?: unknown })?.heartbeat_interval);
            if (!Number.isFinite(interval) || interval < 100) {
              socket.close(4000, "bad HELLO");
              return;
            }
            heartbeat = setInterval(beat, interval);
            send(
              this.session.id
                ? {
                  op: 6,
                  d: { token: this.options.token, session_id: this.session.id, seq: this.session.stored },
                }
                : {
                  op: 2,
                  d: {
                    token: this.options.token,
                    intents: INTENTS,
                    properties: { os: "linux", browser: "parapet", device: "parapet" },
                  },
                },
            );
            return;
          }
          case 11:
            acknowledged = true;
            sink.alive();
            return;
          case 1:
            send({ op: 1, d: this.session.seq });
            return;
          case 7:
            socket.close(4000, "reconnect requested");
            return;
          case 9:
            if (!frame.d) {
              Object.assign(this.session, { id: undefined, resumeUrl: undefined, seq: null, stored: null });
              sink.saveCursor("");
            }
            socket.close(4000, "invalid session");
            return;
          case 0:
            work = work.then(async () => {
              if (broken) return;
              await this.dispatch(String(frame.t), frame.d, sink);
              if (typeof frame.s === "number") this.handled(frame.s, sink);
            }).catch((error) => {
              // Not stored: nothing after it counts as handled, and a RESUME replays from the last stored event.
              broken = true;
              this.options.log(`Could not take a Discord event: ${error.message}`);
              socket.close(4000, "event not stored");
            });
            return;
        }
      };
      const end = (reason: string) => {
        clearInterval(heartbeat);
        resolve(reason);
      };
      socket.onclose = (event) =>
        end(`gateway closed (${event.code}${event.reason ? `: ${event.reason}` : ""})`);
      socket.onerror = () => {};
      if (signal.aborted) socket.close(1000, "detached");
    });
  }

  /** Everything up to `seq` is stored: remembered, also across restarts, as the point to resume from. */
  private handled(seq: number, sink: AdapterSink): void {
    this.session.stored = Math.max(this.session.stored ?? 0, seq);
    if (!this.session.id) return;
    sink.saveCursor(JSON.stringify({
      session_id: this.session.id,
      resume_gateway_url: this.session.resumeUrl,
      seq: this.session.stored,
      bot_user_id: this.session.botUserId,
    }));
  }

  private async dispatch(type: string, data: unknown, sink: AdapterSink): Promise<void> {
    if (type === "READY") {
      const ready = data as { session_id?: unknown; resume_gateway_url?: unknown; user?: { id?: unknown } };
      this.session.id = typeof ready?.session_id === "string" ? ready.session_id : undefined;
      this.session.resumeUrl = typeof ready?.resume_gateway_url === "string"
        ? ready.resume_gateway_url
        : undefined;
      this.session.botUserId = String(ready?.user?.id ?? "");
      sink.alive();
      return;
    }
    if (type === "RESUMED") {
      sink.alive();
      return;
    }
    const parsed = parseDispatch(type, data, this.session.botUserId);
    if (parsed.kind === "invalid") this.options.log(`Skipped an invalid Discord ${type}: ${parsed.error}`);
    if (parsed.kind === "message") await sink.receive(parsed.message);
    if (parsed.kind === "button") {
      const text = await sink.button(parsed.answer);
      await this.options.answerPress(parsed.interactionId, parsed.token, text).catch((error) =>
        this.options.log(`Could not answer a Discord button press: ${error.message}`)
      );
    }
  }
}

/** The session saved by an earlier run, or nothing when there is none or it does not parse. */
function loadSession(saved: string | undefined): Partial<Session> {
  if (!saved) return {};
  try {
    const value = JSON.parse(saved);
    if (typeof value.session_id !== "string" || !Number.isInteger(value.seq)) return {};
    const resumeUrl =
      typeof value.resume_gateway_url === "string" && /^wss?:\/\//.test(value.resume_gateway_url)
        ? value.resume_gateway_url
        : undefined;
    return {
      id: value.session_id,
      resumeUrl,
      seq: value.seq,
      stored: value.seq,
      botUserId: typeof value.bot_user_id === "string" ? value.bot_user_id : "",
    };
  } catch {
    return {};
  }
}
