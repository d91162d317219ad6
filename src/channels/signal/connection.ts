/** How the adapter reaches signal-cli: a `jsonRpc` child process over stdin/stdout (restarted with backoff when
 * it exits), or a running `signal-cli daemon --http` (POST /api/v1/rpc, events from GET /api/v1/events, resumed
 * by event id). Either way the JSON-RPC client is pinged so a silent daemon shows as unhealthy. */
import { EventSourceParserStream } from "eventsource-parser/stream";
import { backoffDelay, sleep } from "../backoff.ts";
import { PlatformError } from "../channel_errors.ts";
import type { AdapterSink } from "../types.ts";
import { JsonRpcClient } from "./api_client.ts";
import { parseReceive } from "./inbound.ts";

const PING_EVERY_MS = 30_000;
/** After stdin is closed, signal-cli gets this long to print what it still has and exit. */
const STOP_GRACE_MS = 5000;
const MAX_LINE_CHARS = 1024 * 1024;

export interface SignalLinkOptions {
  cliPath?: string;
  account: string;
  apiBaseUrl?: string;
  fetch?: typeof fetch;
  random?: () => number;
  log: (message: string) => void;
}

export class SignalLink {
  client?: JsonRpcClient;

  constructor(private readonly options: SignalLinkOptions) {}

  async run(sink: AdapterSink, signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      const started = Date.now();
      const reason = await (this.options.apiBaseUrl ? this.http(sink, signal) : this.stdio(sink, signal))
        .catch((error) => (error as Error).message);
      this.client?.failAll(reason);
      if (signal.aborted) break;
      sink.lost(reason);
      failures = Date.now() - started > 60_000 ? 0 : failures + 1;
      await sleep(backoffDelay(failures - 1, { random: this.options.random }), signal);
    }
  }

  /** Hands notifications to the manager in arrival order; `settled` resolves once all handed so far are stored.
   * With an event id (the daemon's), the id is saved as the point to resume from once its message is stored. */
  private receiver(sink: AdapterSink) {
    let work = Promise.resolve();
    const take = (method: string, params: unknown, eventId?: string) => {
      if (method !== "receive") return;
      const parsed = parseReceive(params);
      if (parsed.error) this.options.log(`Skipped an invalid signal-cli message: ${parsed.error}`);
      const message = parsed.message;
      work = work.then(async () => {
        if (message) await sink.receive(message);
        if (eventId) sink.saveCursor(eventId);
      }).catch((error) => this.options.log(`Could not store a Signal message: ${error.message}`));
    };
    return { take, settled: () => work };
  }

  /** A `jsonRpc` child. Stopping closes its stdin (signal-cli then stops receiving and exits) and reads what it
   * still prints: signal-cli has confirmed those messages to the Signal servers, so they are stored too. */
  private async stdio(sink: AdapterSink, signal: AbortSignal): Promise<string> {
    const child = new Deno.Command(this.options.cliPath!, {
      args: ["-a", this.options.account, "jsonRpc"],
      stdin: "piped",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    const writer = child.stdin.getWriter();
    const encoder = new TextEncoder();
    const receive = this.receiver(sink);
    this.client = new JsonRpcClient((line) => writer.write(encoder.encode(line)), receive.take);
    let killer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      void writer.close().catch(() => {});
      killer = setTimeout(() => {
        try {
          child.kill("SIGTERM");
        } catch {
          // already gone
        }
      }, STOP_GRACE_MS);
    };
    signal.addEventListener("abort", stop, { once: true });
    const pinger = this.ping(sink);
    try {
      for await (const line of lines(child.stdout)) {
        const problem = this.client.take(line);
        if (problem) this.options.log(`signal-cli sent ${problem}`);
      }
      const status = await child.status;
      await receive.settled();
      return `signal-cli exited with code ${status.code}`;
    } finally {
      clearInterval(pinger);
      clearTimeout(killer);
      signal.removeEventListener("abort", stop);
      await writer.close().catch(() => {});
    }
  }

  /** A `signal-cli daemon --http`: events from GET /api/v1/events, resumed after a restart from the last stored
   * event id (Last-Event-ID), so messages that came while Parapet was down are still answered. */
  private async http(sink: AdapterSink, signal: AbortSignal): Promise<string> {
    const base = this.options.apiBaseUrl!.replace(/\/+$/, "");
    const fetcher = this.options.fetch ?? fetch;
    const lastEventId = sink.cursor();
    const events = await fetcher(
      `${base}/api/v1/events?account=${encodeURIComponent(this.options.account)}`,
      {
        headers: { accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
        signal,
      },
    );
    if (!events.ok || !events.body) {
      await events.body?.cancel();
      throw new PlatformError(`signal-cli daemon events answered HTTP ${events.status}`, true);
    }
    const receive = this.receiver(sink);
    this.client = new JsonRpcClient(async (line) => {
      const response = await fetcher(`${base}/api/v1/rpc`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: line,
      });
      const text = await response.text();
      if (text.trim()) this.client!.take(text);
    }, receive.take);
    const pinger = this.ping(sink);
    sink.alive();
    try {
      const stream = events.body.pipeThrough(new TextDecoderStream()).pipeThrough(
        new EventSourceParserStream(),
      );
      for await (const event of stream) {
        sink.alive();
        if (event.data.length > MAX_LINE_CHARS) continue;
        try {
          const message = JSON.parse(event.data);
          // The daemon sends each notification whole ({method, params}) or just its params.
          receive.take("receive", message?.params ?? message, event.id);
        } catch {
          this.options.log("signal-cli daemon sent an event that is not JSON");
        }
      }
      return "signal-cli daemon closed the event stream";
    } finally {
      clearInterval(pinger);
      await receive.settled();
    }
  }

  private ping(sink: AdapterSink): ReturnType<typeof setInterval> {
    const check = () =>
      this.client?.request("version", {}).then(() => sink.alive(), (error) => sink.lost(error.message));
    void check();
    return setInterval(check, PING_EVERY_MS);
  }
}

async function* lines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let buffer = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    buffer += chunk;
    if (buffer.length > MAX_LINE_CHARS && !buffer.includes("\n")) buffer = "";
    let index: number;
    while ((index = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, index).trim();
      buffer = buffer.slice(index + 1);
      if (line) yield line;
    }
  }
}
