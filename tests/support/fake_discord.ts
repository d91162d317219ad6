/** A fake Discord on loopback speaking the real protocols: REST v10 (gateway/bot, channel messages with the
 * 2,000-character limit, edits, typing, interaction callbacks, 429 with retry_after) and the gateway WebSocket
 * (HELLO, IDENTIFY, READY, heartbeats and ACKs, RESUME replaying missed dispatches). */
import { pollUntil } from "./poll_until.ts";

export interface DiscordCall {
  method: string;
  path: string;
  // deno-lint-ignore no-explicit-any
  body: any;
  status: number;
  id?: string;
}

export const BOT_ID = "900000000000000001";

export interface FakeDiscord {
  url: string;
  gatewayUrl: string;
  token: string;
  calls: DiscordCall[];
  identifies: number;
  resumes: number;
  /** A gateway session (identified or resumed) is connected. */
  readonly connected: boolean;
  message(
    input: { userId: string; channelId: string; guildId?: string; content: string; mention?: boolean },
  ): Record<string, unknown>;
  press(input: { userId: string; channelId: string; guildId?: string; customId: string }): void;
  /** Sends a dispatch as it is (duplicates, garbage). */
  dispatch(type: string, data: unknown): void;
  /** Closes the gateway connection as a server restart would. */
  drop(): void;
  rateLimit(count: number, seconds: number): void;
  /** What the channel shows: messages with their latest edit, in order. */
  visible(channelId: string): string[];
  waitFor<T>(probe: () => T | undefined | false, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

export function startFakeDiscord(token = "discord-test-token", heartbeatMs = 500): FakeDiscord {
  const calls: DiscordCall[] = [];
  const dispatched: { s: number; t: string; d: unknown }[] = [];
  const sockets = new Set<WebSocket>();
  let socket: WebSocket | undefined;
  let seq = 0;
  let nextId = 1_000_000_000_000_000n;
  let limited = { count: 0, seconds: 0 };
  const sessionId = "fake-session";
  const id = () => String(nextId++);

  const send = (target: WebSocket | undefined, payload: unknown) => {
    if (target?.readyState === WebSocket.OPEN) target.send(JSON.stringify(payload));
  };
  const gateway = (request: Request) => {
    const { socket: ws, response } = Deno.upgradeWebSocket(request);
    sockets.add(ws);
    ws.onopen = () => send(ws, { op: 10, d: { heartbeat_interval: heartbeatMs } });
    ws.onclose = () => {
      sockets.delete(ws);
      if (socket === ws) socket = undefined;
    };
    ws.onmessage = (message) => {
      const frame = JSON.parse(String(message.data));
      if (frame.op === 1) send(ws, { op: 11 });
      if (frame.op === 2) {
        if (frame.d?.token !== token) return ws.close(4004, "Authentication failed");
        fake.identifies++;
        socket = ws;
        send(ws, {
          op: 0,
          t: "READY",
          s: ++seq,
          d: {
            v: 10,
            session_id: sessionId,
            resume_gateway_url: fake.gatewayUrl,
            user: { id: BOT_ID, bot: true },
          },
        });
      }
      if (frame.op === 6) {
        if (frame.d?.token !== token || frame.d?.session_id !== sessionId) {
          return send(ws, { op: 9, d: false });
        }
        fake.resumes++;
        socket = ws;
        for (const missed of dispatched.filter((event) => event.s > Number(frame.d.seq ?? 0))) {
          send(ws, { op: 0, ...missed });
        }
        send(ws, { op: 0, t: "RESUMED", s: ++seq, d: {} });
      }
    };
    return response;
  };

  const rest = async (request: Request, path: string): Promise<Response> => {
    const body = request.method === "GET"
      ? undefined
      : await request.text().then((text) => text ? JSON.parse(text) : undefined);
    const call: DiscordCall = { method: request.method, path, body, status: 200 };
    calls.push(call);
    const answer = (status: number, json?: unknown) => {
      call.status = status;
      return json === undefined ? new Response(null, { status }) : Response.json(json, { status });
    };
    if (request.headers.get("authorization") !== `Bot ${token}`) {
      return answer(401, { message: "401: Unauthorized", code: 0 });
    }
    if (path === "/gateway/bot") return answer(200, { url: fake.gatewayUrl, shards: 1 });
    const messages = path.match(/^\/channels\/(\d+)\/messages(?:\/(\d+))?$/);
    if (messages && (request.method === "POST" || request.method === "PATCH")) {
      if (limited.count > 0) {
        limited.count--;
        return answer(429, {
          message: "You are being rate limited.",
          retry_after: limited.seconds,
          global: false,
        });
      }
      const content = String(body?.content ?? "");
      if (!content.trim() && !body?.components) {
        return answer(400, { message: "Cannot send an empty message", code: 50006 });
      }
      if (content.length > 2000) return answer(400, { message: "Invalid Form Body", code: 50035 });
      call.id = messages[2] ?? id();
      return answer(200, { id: call.id, channel_id: messages[1], content });
    }
    if (/^\/channels\/\d+\/typing$/.test(path)) return answer(204);
    if (/^\/interactions\/\d+\/[^/]+\/callback$/.test(path)) return answer(204);
    return answer(404, { message: "404: Not Found", code: 0 });
  };

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    const path = new URL(request.url).pathname;
    if (path.startsWith("/gateway")) return gateway(request);
    if (path.startsWith("/api/v10/")) return rest(request, path.slice("/api/v10".length));
    return Response.json({ message: "404: Not Found" }, { status: 404 });
  });
  const port = (server.addr as Deno.NetAddr).port;

  const fake: FakeDiscord = {
    url: `http://127.0.0.1:${port}`,
    gatewayUrl: `ws://127.0.0.1:${port}/gateway`,
    token,
    calls,
    identifies: 0,
    resumes: 0,
    get connected() {
      return socket?.readyState === WebSocket.OPEN;
    },
    message({ userId, channelId, guildId, content, mention }) {
      const data = {
        id: id(),
        channel_id: channelId,
        ...(guildId ? { guild_id: guildId } : {}),
        author: { id: userId, username: "user" },
        content: mention ? `<@${BOT_ID}> ${content}` : content,
        mentions: mention ? [{ id: BOT_ID, bot: true }] : [],
      };
      fake.dispatch("MESSAGE_CREATE", data);
      return data;
    },
    press({ userId, channelId, guildId, customId }) {
      fake.dispatch("INTERACTION_CREATE", {
        id: id(),
        token: `interaction-token-${seq}`,
        type: 3,
        channel_id: channelId,
        ...(guildId ? { guild_id: guildId, member: { user: { id: userId } } } : { user: { id: userId } }),
        data: { custom_id: customId, component_type: 2 },
      });
    },
    dispatch(type, data) {
      const event = { s: ++seq, t: type, d: data };
      dispatched.push(event);
      send(socket, { op: 0, ...event });
    },
    drop() {
      socket?.close(4000, "server restart");
      socket = undefined;
    },
    rateLimit(count, seconds) {
      limited = { count, seconds };
    },
    visible(channelId) {
      const shown = new Map<string, string>();
      for (const call of calls) {
        if (call.status !== 200 || !call.path.startsWith(`/channels/${channelId}/messages`) || !call.id) {
          continue;
        }
        if (call.body?.content) shown.set(call.id, call.body.content);
      }
      return [...shown.entries()].sort((a, b) => (BigInt(a[0]) < BigInt(b[0]) ? -1 : 1)).map(([, text]) =>
        text
      );
    },
    waitFor(probe, timeoutMs) {
      return pollUntil(
        probe,
        () => `Fake Discord; last calls: ${JSON.stringify(calls.slice(-8))}`,
        timeoutMs,
      );
    },
    async close() {
      for (const ws of sockets) ws.close(1001, "closing");
      await server.shutdown();
    },
  };
  return fake;
}
