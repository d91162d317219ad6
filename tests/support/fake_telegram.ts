/** A fake Telegram Bot API server on loopback speaking the real protocol: getMe, long-polling getUpdates with
 * offset confirmation, sendMessage / editMessageText (HTML checked, 4,096-character limit), answerCallbackQuery,
 * sendChatAction; tests queue updates, inject 429 storms and read back every call. */
import { pollUntil } from "./poll_until.ts";

export interface TelegramCall {
  method: string;
  // deno-lint-ignore no-explicit-any
  body: any;
  /** The HTTP status the fake answered with. */
  status?: number;
  /** The message id a successful sendMessage created. */
  result?: unknown;
}

export interface FakeTelegram {
  /** The api_base_url to configure. */
  url: string;
  token: string;
  calls: TelegramCall[];
  /** Offsets the bot asked getUpdates for, in order. */
  offsets: number[];
  /** getUpdates requests being held open now (long polls; one the bot hung up on counts until its timeout). */
  readonly polling: number;
  /** Queues a text message from `userId` in `chatId` (private chat when equal); returns the update. */
  message(
    input: { userId: number; chatId?: number; text: string; chatType?: string },
  ): Record<string, unknown>;
  /** Queues a button press on a sent message. */
  press(input: { userId: number; chatId: number; messageId: number; data: string }): Record<string, unknown>;
  /** Queues a raw update object (a duplicate, or garbage) as it is. */
  push(update: unknown): void;
  /** The next `count` calls of `method` answer 429 with retry_after `seconds`. */
  rateLimit(method: string, count: number, seconds: number): void;
  /** Texts sent (sendMessage) to a chat, in order. */
  texts(chatId: number): string[];
  /** What the chat shows: every message sent to it with its latest edit applied, in order. */
  visible(chatId: number): string[];
  waitFor<T>(probe: () => T | undefined | false, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

const LIMIT = 4096;

export function startFakeTelegram(token = "123456:TEST-token"): FakeTelegram {
  const calls: TelegramCall[] = [];
  const offsets: number[] = [];
  const updates: Record<string, unknown>[] = [];
  const limits = new Map<string, { count: number; seconds: number }>();
  const waiters = new Set<() => void>();
  const closing = new AbortController();
  let nextUpdate = 1000;
  let nextMessage = 1;

  const wake = () => {
    for (const waiter of waiters) waiter();
    waiters.clear();
  };
  const ok = (result: unknown) => Response.json({ ok: true, result });
  const fail = (status: number, description: string, extra: Record<string, unknown> = {}) =>
    Response.json({ ok: false, error_code: status, description, ...extra }, { status });

  let polling = 0;
  const getUpdates = async (body: Record<string, unknown>) => {
    const offset = Number(body.offset ?? 0);
    offsets.push(offset);
    // Asking with an offset confirms every update before it: they are gone for good.
    if (offset > 0) {
      for (let index = updates.length - 1; index >= 0; index--) {
        if ((updates[index].update_id as number) < offset) updates.splice(index, 1);
      }
    }
    const available = () => updates.filter((update) => (update.update_id as number) >= offset);
    const timeout = Number(body.timeout ?? 0);
    if (available().length === 0 && timeout > 0 && !closing.signal.aborted) {
      polling++;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeout * 1000);
        function done() {
          clearTimeout(timer);
          waiters.delete(done);
          closing.signal.removeEventListener("abort", done);
          resolve();
        }
        waiters.add(done);
        closing.signal.addEventListener("abort", done);
      });
      polling--;
    }
    return ok(available().slice(0, Number(body.limit ?? 100)));
  };

  const sendLike = (method: string, body: Record<string, unknown>) => {
    const text = String(body.text ?? "");
    if (body.chat_id === undefined) return fail(400, "Bad Request: chat_id is empty");
    if (!text.trim()) return fail(400, "Bad Request: message text is empty");
    if (text.length > LIMIT) return fail(400, "Bad Request: message is too long");
    if (body.parse_mode === "HTML" && !validHtml(text)) {
      return fail(400, "Bad Request: can't parse entities: unsupported start tag");
    }
    if (method === "editMessageText") return ok({ message_id: body.message_id, text });
    return ok({ message_id: nextMessage++, chat: { id: body.chat_id }, text });
  };

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const match = new URL(request.url).pathname.match(/^\/bot([^/]+)\/(\w+)$/);
    if (!match) return fail(404, "Not Found");
    if (match[1] !== token) return fail(401, "Unauthorized");
    const method = match[2];
    let body: Record<string, unknown> = {};
    try {
      const text = await request.text();
      body = text ? JSON.parse(text) : {};
    } catch {
      return fail(400, "Bad Request: invalid JSON");
    }
    const call: TelegramCall = { method, body };
    calls.push(call);
    const response = await answer(method, body);
    call.status = response.status;
    if (method === "sendMessage" && response.status === 200) {
      call.result = (await response.clone().json()).result.message_id;
    }
    return response;
  });
  const answer = async (method: string, body: Record<string, unknown>): Promise<Response> => {
    const limit = limits.get(method);
    if (limit && limit.count > 0) {
      limit.count--;
      return fail(429, `Too Many Requests: retry after ${limit.seconds}`, {
        parameters: { retry_after: limit.seconds },
      });
    }
    switch (method) {
      case "getMe":
        return ok({ id: 42, is_bot: true, first_name: "Parapet", username: "parapet_test_bot" });
      case "getUpdates":
        return await getUpdates(body);
      case "sendMessage":
      case "editMessageText":
        return sendLike(method, body);
      case "answerCallbackQuery":
        return body.callback_query_id ? ok(true) : fail(400, "Bad Request: query id is empty");
      case "sendChatAction":
        return ok(true);
      default:
        return fail(404, "Not Found: method not found");
    }
  };
  const port = (server.addr as Deno.NetAddr).port;

  const fake: FakeTelegram = {
    url: `http://127.0.0.1:${port}`,
    token,
    calls,
    offsets,
    get polling() {
      return polling;
    },
    message({ userId, chatId, text, chatType }) {
      const chat = chatId ?? userId;
      const update = {
        update_id: nextUpdate++,
        message: {
          message_id: nextMessage++,
          from: { id: userId, is_bot: false, first_name: "User" },
          chat: { id: chat, type: chatType ?? (chat === userId ? "private" : "group") },
          date: Math.floor(Date.now() / 1000),
          text,
        },
      };
      fake.push(update);
      return update;
    },
    press({ userId, chatId, messageId, data }) {
      const update = {
        update_id: nextUpdate++,
        callback_query: {
          id: `cb${nextUpdate}`,
          from: { id: userId, is_bot: false, first_name: "User" },
          message: {
            message_id: messageId,
            chat: { id: chatId, type: chatId === userId ? "private" : "group" },
          },
          data,
        },
      };
      fake.push(update);
      return update;
    },
    push(update) {
      updates.push(update as Record<string, unknown>);
      wake();
    },
    rateLimit(method, count, seconds) {
      limits.set(method, { count, seconds });
    },
    texts(chatId) {
      return calls.filter((call) =>
        call.method === "sendMessage" && call.status === 200 && call.body.chat_id === chatId
      )
        .map((call) => String(call.body.text));
    },
    visible(chatId) {
      const shown = new Map<number, string>();
      for (const call of calls) {
        if (call.status !== 200 || call.body.chat_id !== chatId) continue;
        if (call.method === "sendMessage") shown.set(call.result as number, String(call.body.text));
        if (call.method === "editMessageText") {
          shown.set(Number(call.body.message_id), String(call.body.text));
        }
      }
      return [...shown.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text);
    },
    waitFor(probe, timeoutMs) {
      return pollUntil(
        probe,
        () => `Fake Telegram; last calls: ${JSON.stringify(calls.slice(-10))}`,
        timeoutMs,
      );
    },
    async close() {
      closing.abort();
      wake();
      await server.shutdown();
    },
  };
  return fake;
}

/** Telegram's HTML mode: only its tags, properly nested, and only the four named entities. */
function validHtml(text: string): boolean {
  const stack: string[] = [];
  for (const match of text.matchAll(/<(\/?)([a-z]+)([^>]*)>|&([a-z#0-9]+);|[<>]/g)) {
    if (match[0] === "<" || match[0] === ">") return false;
    if (match[4] !== undefined) {
      if (!["lt", "gt", "amp", "quot"].includes(match[4])) return false;
      continue;
    }
    const [, closing, tag] = match;
    if (!["b", "i", "s", "u", "code", "pre", "a"].includes(tag)) return false;
    if (closing) {
      if (stack.pop() !== tag) return false;
    } else stack.push(tag);
  }
  return stack.length === 0;
}
