/** Slack Socket Mode: apps.connections.open with the app token, then a WebSocket whose envelopes are acknowledged
 * (`{envelope_id}`) only after the manager stored them; "disconnect" frames and drops reconnect with backoff. */
import { backoffDelay, sleep } from "../backoff.ts";
import type { AdapterSink } from "../types.ts";
import type { SlackApi } from "./api_client.ts";
import { parseEnvelope } from "./inbound.ts";

const MAX_FRAME_CHARS = 1024 * 1024;
/** While the socket is open, the channel counts as alive at this pace (Deno answers Slack's pings itself). */
const ALIVE_EVERY_MS = 20_000;

export interface SocketModeOptions {
  api: SlackApi;
  appToken: string;
  botToken: string;
  random?: () => number;
  log: (message: string) => void;
}

export class SlackSocketMode {
  private socket?: WebSocket;
  private botUserId = "";

  constructor(private readonly options: SocketModeOptions) {}

  async run(sink: AdapterSink, signal: AbortSignal): Promise<void> {
    let failures = 0;
    signal.addEventListener("abort", () => this.socket?.close(1000, "detached"), { once: true });
    while (!signal.aborted) {
      try {
        if (!this.botUserId) {
          const me = await this.options.api.call("auth.test", this.options.botToken, {}, signal);
          this.botUserId = String(me.user_id ?? "");
        }
        const opened = await this.options.api.call(
          "apps.connections.open",
          this.options.appToken,
          {},
          signal,
        );
        if (typeof opened.url !== "string" || !/^wss?:\/\//.test(opened.url)) {
          throw new Error("Slack apps.connections.open answered without a WebSocket url");
        }
        const reason = await this.connect(opened.url, sink, signal);
        failures = reason === "disconnect requested" ? 0 : failures + 1;
        if (signal.aborted) break;
        sink.lost(reason);
      } catch (error) {
        if (signal.aborted) break;
        failures++;
        sink.lost((error as Error).message);
      }
      if (failures > 0) await sleep(backoffDelay(failures - 1, { random: this.options.random }), signal);
    }
  }

  private connect(url: string, sink: AdapterSink, signal: AbortSignal): Promise<string> {
    return new Promise((resolve) => {
      const socket = new WebSocket(url);
      this.socket = socket;
      let work = Promise.resolve();
      const alive = setInterval(() => socket.readyState === WebSocket.OPEN && sink.alive(), ALIVE_EVERY_MS);
      let reason = "socket closed";
      socket.onmessage = (message) => {
        if (typeof message.data !== "string" || message.data.length > MAX_FRAME_CHARS) return;
        let frame: { type?: unknown; envelope_id?: unknown; payload?: unknown };
        try {
          frame = JSON.parse(message.data);
        } catch {
          this.options.log("Skipped a Slack frame that is not JSON");
          return;
        }
        sink.alive();
        if (frame.type === "disconnect") {
          reason = "disconnect requested";
          socket.close(1000, "disconnect requested");
          return;
        }
        if (typeof frame.envelope_id !== "string") return;
        const envelopeId = frame.envelope_id;
        work = work.then(async () => {
          await this.take(String(frame.type), frame.payload, sink);
          // Acknowledged only now: a crash before this makes Slack deliver the envelope again.
          if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ envelope_id: envelopeId }));
        }).catch((error) =>
          this.options.log(`Could not take a Slack event (left unacknowledged): ${error.message}`)
        );
      };
      socket.onclose = () => {
        clearInterval(alive);
        resolve(reason);
      };
      socket.onerror = () => {};
      if (signal.aborted) socket.close(1000, "detached");
    });
  }

  private async take(type: string, payload: unknown, sink: AdapterSink): Promise<void> {
    const parsed = parseEnvelope(type, payload, this.botUserId);
    if (parsed.kind === "invalid") {
      this.options.log(`Skipped an invalid Slack ${type} envelope: ${parsed.error}`);
    }
    if (parsed.kind === "message") await sink.receive(parsed.message);
    if (parsed.kind === "button") {
      const text = await sink.button(parsed.answer);
      await this.options.api.call("chat.postEphemeral", this.options.botToken, {
        channel: parsed.answer.chatId,
        user: parsed.answer.senderId,
        text,
      }).catch((error) => this.options.log(`Could not answer a Slack button press: ${error.message}`));
    }
  }
}
