/** A fake Slack on loopback speaking the real protocols: Web API (auth.test, apps.connections.open with the app
 * token, chat.postMessage / chat.update / chat.postEphemeral, 429 with Retry-After) and Socket Mode (hello,
 * envelopes redelivered until acknowledged, disconnect frames). */
import { pollUntil } from "./poll_until.ts";

export interface SlackCall {
  method: string;
  // deno-lint-ignore no-explicit-any
  body: any;
  status: number;
  ts?: string;
}

export const SLACK_BOT_USER = "UBOT0001";

export interface FakeSlack {
  url: string;
  botToken: string;
  appToken: string;
  calls: SlackCall[];
  connections: number;
  /** A Socket Mode connection is open. */
  readonly connected: boolean;
  acked: Set<string>;
  message(input: { user: string; channel: string; text: string; direct?: boolean }): string;
  press(input: { user: string; channel: string; value: string }): string;
  /** Sends an envelope again (as Slack retries one it holds unacknowledged). */
  redeliver(envelopeId: string): void;
  disconnect(): void;
  rateLimit(method: string, count: number, seconds: number): void;
  visible(channel: string): string[];
  waitFor<T>(probe: () => T | undefined | false, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

export function startFakeSlack(botToken = "xoxb-test", appToken = "xapp-test"): FakeSlack {
  const calls: SlackCall[] = [];
  const envelopes = new Map<string, Record<string, unknown>>();
  const sockets = new Set<WebSocket>();
  const limits = new Map<string, { count: number; seconds: number }>();
  let socket: WebSocket | undefined;
  let counter = 0;
  let clock = 1_700_000_000;

  const send = (envelope: Record<string, unknown>) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(envelope));
  };
  const link = (request: Request) => {
    const { socket: ws, response } = Deno.upgradeWebSocket(request);
    sockets.add(ws);
    ws.onopen = () => {
      socket = ws;
      fake.connections++;
      ws.send(JSON.stringify({ type: "hello", num_connections: 1, debug_info: { host: "fake" } }));
      // What was never acknowledged comes again on the new connection.
      for (const [id, envelope] of envelopes) {
        if (!fake.acked.has(id)) send({ ...envelope, retry_attempt: 1 });
      }
    };
    ws.onclose = () => {
      sockets.delete(ws);
      if (socket === ws) socket = undefined;
    };
    ws.onmessage = (message) => {
      const frame = JSON.parse(String(message.data));
      if (typeof frame.envelope_id === "string") fake.acked.add(frame.envelope_id);
    };
    return response;
  };
  const api = async (request: Request, method: string) => {
    const body = await request.json().catch(() => ({}));
    const call: SlackCall = { method, body, status: 200 };
    calls.push(call);
    const answer = (json: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) => {
      call.status = status;
      return Response.json(json, { status, headers });
    };
    const limit = limits.get(method);
    if (limit && limit.count > 0) {
      limit.count--;
      return answer({ ok: false, error: "ratelimited" }, 429, { "retry-after": String(limit.seconds) });
    }
    const token = request.headers.get("authorization")?.replace(/^Bearer /, "");
    if (method === "apps.connections.open") {
      if (token !== appToken) return answer({ ok: false, error: "invalid_auth" });
      return answer({ ok: true, url: `${fake.url.replace("http", "ws")}/link?ticket=${++counter}` });
    }
    if (token !== botToken) return answer({ ok: false, error: "invalid_auth" });
    if (method === "auth.test") return answer({ ok: true, user_id: SLACK_BOT_USER, team_id: "T1" });
    if (method === "chat.postMessage" || method === "chat.update" || method === "chat.postEphemeral") {
      if (!body.channel) return answer({ ok: false, error: "channel_not_found" });
      if (!String(body.text ?? "").trim() && !body.blocks) return answer({ ok: false, error: "no_text" });
      if (String(body.text ?? "").length > 40_000) return answer({ ok: false, error: "msg_too_long" });
      call.ts = method === "chat.update" ? body.ts : `${clock++}.000100`;
      return answer({ ok: true, channel: body.channel, ts: call.ts });
    }
    return answer({ ok: false, error: "unknown_method" }, 404);
  };

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/link") return link(request);
    if (path.startsWith("/api/")) return api(request, path.slice(5));
    return new Response("not found", { status: 404 });
  });
  const port = (server.addr as Deno.NetAddr).port;

  const envelope = (type: string, payload: Record<string, unknown>) => {
    const id = `env-${++counter}`;
    const item = { envelope_id: id, type, payload, accepts_response_payload: false, retry_attempt: 0 };
    envelopes.set(id, item);
    send(item);
    return id;
  };
  const fake: FakeSlack = {
    url: `http://127.0.0.1:${port}`,
    botToken,
    appToken,
    calls,
    connections: 0,
    get connected() {
      return socket?.readyState === WebSocket.OPEN;
    },
    acked: new Set(),
    message({ user, channel, text, direct }) {
      return envelope("events_api", {
        team_id: "T1",
        event_id: `Ev${counter}`,
        event: {
          type: "message",
          channel,
          user,
          text,
          ts: `${clock++}.000200`,
          channel_type: direct ? "im" : "channel",
          team: "T1",
        },
      });
    },
    press({ user, channel, value }) {
      return envelope("interactive", {
        type: "block_actions",
        user: { id: user },
        channel: { id: channel },
        actions: [{ action_id: "t3", value, type: "button" }],
      });
    },
    redeliver(id) {
      const item = envelopes.get(id);
      if (item) send({ ...item, retry_attempt: 1 });
    },
    disconnect() {
      socket?.send(JSON.stringify({ type: "disconnect", reason: "refresh_requested" }));
    },
    rateLimit(method, count, seconds) {
      limits.set(method, { count, seconds });
    },
    visible(channel) {
      const shown = new Map<string, string>();
      for (const call of calls) {
        if (call.status !== 200 || call.body.channel !== channel || !call.ts) continue;
        if (call.method === "chat.postMessage" || call.method === "chat.update") {
          shown.set(call.ts, call.body.text);
        }
      }
      return [...shown.entries()].sort((a, b) => Number(a[0]) - Number(b[0])).map(([, text]) => text);
    },
    waitFor(probe, timeoutMs) {
      return pollUntil(probe, () => `Fake Slack; last calls: ${JSON.stringify(calls.slice(-8))}`, timeoutMs);
    },
    async close() {
      for (const ws of sockets) ws.close(1001, "closing");
      await server.shutdown();
    },
  };
  return fake;
}
