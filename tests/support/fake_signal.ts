/** The test's side of the fake signal-cli: a control server the fake child process connects to, a wrapper script
 * to put in channels.signal.cli_path, and helpers to push messages and read what the adapter sent. */
import { pollUntil } from "./poll_until.ts";
import { fromFileUrl } from "./paths.ts";

const SCRIPT = fromFileUrl(new URL("./fake_signal_cli.ts", import.meta.url));

export interface SignalRequest {
  method: string;
  // deno-lint-ignore no-explicit-any
  params: any;
  /** The fake answered it with an error (failSends). */
  failed?: boolean;
}

export interface FakeSignal {
  cliPath: string;
  account: string;
  requests: SignalRequest[];
  /** How many times a fake signal-cli process connected (restarts add one). */
  starts: number;
  /** A fake signal-cli process is connected; deliveries made while none is are held, as the Signal servers do. */
  readonly running: boolean;
  deliver(input: { from: string; text: string; timestamp?: number; groupId?: string }): number;
  failSends(count: number, code: number): void;
  /** Makes the running fake process exit (a crash). */
  crash(): void;
  texts(to: string): string[];
  waitFor<T>(probe: () => T | undefined | false, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

export async function startFakeSignal(account = "+15550009999"): Promise<FakeSignal> {
  const folder = await Deno.makeTempDir({ prefix: "fake-signal-" });
  let current: WebSocket | undefined;
  const sockets = new Set<WebSocket>();
  let clock = 1_700_000_000_000;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    const { socket, response } = Deno.upgradeWebSocket(request);
    sockets.add(socket);
    socket.onmessage = (message) => {
      const report = JSON.parse(String(message.data));
      if (report.hello) {
        current = socket;
        fake.starts++;
        // What the Signal servers held while no signal-cli was running is delivered now.
        for (const held of waiting.splice(0)) order(held);
      }
      if (report.request) {
        fake.requests.push({
          method: report.request.method,
          params: report.request.params,
          failed: report.failed === true,
        });
      }
    };
    socket.onclose = () => {
      sockets.delete(socket);
      if (current === socket) current = undefined;
    };
    return response;
  });
  const control = `ws://127.0.0.1:${(server.addr as Deno.NetAddr).port}`;
  const cliPath = `${folder}/signal-cli`;
  await Deno.writeTextFile(
    cliPath,
    `#!/bin/sh\nexec "${Deno.execPath()}" run -A --no-check "${SCRIPT}" --control "${control}" "$@"\n`,
  );
  await Deno.chmod(cliPath, 0o755);
  const waiting: unknown[] = [];
  const order = (message: unknown) => {
    if (current?.readyState === WebSocket.OPEN) current.send(JSON.stringify(message));
    else waiting.push(message);
  };

  const fake: FakeSignal = {
    cliPath,
    account,
    requests: [],
    starts: 0,
    get running() {
      return current !== undefined;
    },
    deliver({ from, text, timestamp, groupId }) {
      const at = timestamp ?? clock++;
      order({
        deliver: {
          envelope: {
            source: from,
            sourceNumber: from,
            sourceUuid: "00000000-0000-0000-0000-000000000001",
            timestamp: at,
            dataMessage: {
              timestamp: at,
              message: text,
              ...(groupId ? { groupInfo: { groupId, type: "DELIVER" } } : {}),
            },
          },
        },
      });
      return at;
    },
    failSends(count, code) {
      order({ fail: { method: "send", count, code } });
    },
    crash() {
      current?.send(JSON.stringify({ exit: 1 }));
    },
    texts(to) {
      return fake.requests.filter((request) =>
        request.method === "send" && !request.failed && request.params.recipient?.[0] === to
      )
        .map((request) => request.params.message);
    },
    waitFor(probe, timeoutMs) {
      return pollUntil(
        probe,
        () => `Fake Signal; last requests: ${JSON.stringify(fake.requests.slice(-8))}`,
        timeoutMs,
      );
    },
    async close() {
      for (const socket of sockets) socket.close();
      await server.shutdown();
      await Deno.remove(folder, { recursive: true }).catch(() => {});
    },
  };
  return fake;
}

export interface FakeSignalDaemon {
  url: string;
  account: string;
  requests: SignalRequest[];
  /** Open event streams (the adapter's subscription). */
  streams: number;
  /** The Last-Event-ID header of each event stream request ("" without one). */
  lastEventIds: string[];
  deliver(input: { from: string; text: string }): void;
  texts(to: string): string[];
  close(): Promise<void>;
}

/** A fake `signal-cli daemon --http`: JSON-RPC on POST /api/v1/rpc, incoming messages as server-sent events with
 * ids on GET /api/v1/events; like signal-cli it keeps recent events and sends those after a Last-Event-ID first. */
export function startFakeSignalDaemon(account = "+15550009999"): FakeSignalDaemon {
  const controllers = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const encoder = new TextEncoder();
  const kept: { id: number; text: string }[] = [];
  let clock = 1_700_000_000_000;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const url = new URL(request.url);
    if (url.pathname === "/api/v1/events" && url.searchParams.get("account") === account) {
      const last = request.headers.get("last-event-id") ?? "";
      daemon.lastEventIds.push(last);
      const known = kept.some((event) => String(event.id) === last);
      let own: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          own = controller;
          controllers.add(controller);
          daemon.streams++;
          // After a known id: what came since; after an unknown one (a daemon restart): everything kept.
          const replay = last ? kept.filter((event) => !known || event.id > Number(last)) : [];
          for (const event of replay) controller.enqueue(encoder.encode(event.text));
        },
        cancel() {
          controllers.delete(own);
          daemon.streams--;
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    }
    if (url.pathname === "/api/v1/rpc" && request.method === "POST") {
      const call = await request.json();
      daemon.requests.push({ method: call.method, params: call.params });
      const result = call.method === "send"
        ? { timestamp: clock++ }
        : call.method === "version"
        ? { version: "fake" }
        : {};
      return Response.json({ jsonrpc: "2.0", id: call.id, result });
    }
    return new Response("not found", { status: 404 });
  });
  let nextEvent = 1;
  const daemon: FakeSignalDaemon = {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    account,
    requests: [],
    streams: 0,
    lastEventIds: [],
    deliver({ from, text }) {
      const at = clock++;
      const notification = {
        jsonrpc: "2.0",
        method: "receive",
        params: {
          envelope: {
            source: from,
            sourceNumber: from,
            timestamp: at,
            dataMessage: { timestamp: at, message: text },
          },
          account,
        },
      };
      const id = nextEvent++;
      const event = { id, text: `id: ${id}\nevent: receive\ndata: ${JSON.stringify(notification)}\n\n` };
      kept.push(event);
      if (kept.length > 1000) kept.shift();
      for (const controller of controllers) controller.enqueue(encoder.encode(event.text));
    },
    texts(to) {
      return daemon.requests.filter((request) =>
        request.method === "send" && request.params.recipient?.[0] === to
      )
        .map((request) => request.params.message);
    },
    async close() {
      for (const controller of controllers) controller.close();
      await server.shutdown();
    },
  };
  return daemon;
}
