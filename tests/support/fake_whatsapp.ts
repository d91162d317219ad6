/** A fake WhatsApp Cloud API on loopback: the Graph send endpoint (/<version>/<phone id>/messages with text and
 * interactive-button checks, throttling on demand) and Meta's side of the webhook: signed deliveries
 * (X-Hub-Signature-256 with the app secret) posted to the engine, and the verification challenge. */
import { pollUntil } from "./poll_until.ts";

export interface GraphCall {
  // deno-lint-ignore no-explicit-any
  body: any;
  status: number;
  id?: string;
}

export interface FakeWhatsApp {
  url: string;
  phoneNumberId: string;
  token: string;
  appSecret: string;
  calls: GraphCall[];
  /** Posts a signed delivery of one text message to the webhook; resolves with the HTTP status. */
  deliver(
    webhookUrl: string,
    input: { from: string; text: string; id?: string },
  ): Promise<{ status: number; id: string }>;
  /** Posts a button reply (an interactive message) from `from`. */
  press(webhookUrl: string, input: { from: string; payload: string }): Promise<number>;
  /** Posts a raw body with the given signature header (attacks: unsigned, wrong signature, oversized). */
  post(webhookUrl: string, body: string, signature?: string): Promise<number>;
  sign(body: string): Promise<string>;
  /** The next `count` sends answer 429 (code 130429), with a Retry-After header when `seconds` is given. */
  throttle(count: number, seconds?: number): void;
  texts(to: string): string[];
  waitFor<T>(probe: () => T | undefined | false, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

export function startFakeWhatsApp(version = "v21.0"): FakeWhatsApp {
  const calls: GraphCall[] = [];
  const phoneNumberId = "109876543210";
  const token = "wa-access-token";
  const appSecret = "wa-app-secret";
  let throttled = 0;
  let throttleSeconds: number | undefined;
  let counter = 0;

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const path = new URL(request.url).pathname;
    const body = await request.json().catch(() => undefined);
    const call: GraphCall = { body, status: 200 };
    calls.push(call);
    const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      call.status = status;
      return Response.json(json, { status, headers });
    };
    const error = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
      answer(status, { error: { message, type: "OAuthException", code } }, headers);
    if (path !== `/${version}/${phoneNumberId}/messages`) return error(404, 100, "Unknown path components");
    if (request.headers.get("authorization") !== `Bearer ${token}`) {
      return error(401, 190, "Invalid OAuth access token");
    }
    if (throttled > 0) {
      throttled--;
      const retry: Record<string, string> = throttleSeconds === undefined
        ? {}
        : { "retry-after": String(throttleSeconds) };
      return error(429, 130429, "Rate limit hit", retry);
    }
    if (body?.messaging_product !== "whatsapp" || !/^\d+$/.test(String(body?.to))) {
      return error(400, 100, "Invalid parameter");
    }
    if (body.type === "text") {
      const text = String(body.text?.body ?? "");
      if (!text.trim() || text.length > 4096) return error(400, 100, "Param text['body'] is invalid");
    } else if (body.type === "interactive") {
      const interactive = body.interactive;
      const buttons = interactive?.action?.buttons ?? [];
      if (interactive?.type !== "button" || buttons.length < 1 || buttons.length > 3) {
        return error(400, 131009, "Parameter value is not valid");
      }
      if (String(interactive.body?.text ?? "").length > 1024) return error(400, 131009, "Body text too long");
      if (
        buttons.some((button: { reply?: { id?: string; title?: string } }) =>
          (button.reply?.title ?? "").length > 20 || (button.reply?.id ?? "").length > 256
        )
      ) {
        return error(400, 131009, "Button title or id too long");
      }
    } else return error(400, 100, "Unsupported message type");
    call.id = `wamid.${++counter}`;
    return answer(200, {
      messaging_product: "whatsapp",
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: call.id }],
    });
  });
  const port = (server.addr as Deno.NetAddr).port;

  const envelope = (message: Record<string, unknown>) =>
    JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{
        id: "WABA1",
        changes: [{
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "15550001111", phone_number_id: phoneNumberId },
            contacts: [{ profile: { name: "User" }, wa_id: message.from }],
            messages: [{ timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
          },
        }],
      }],
    });

  const fake: FakeWhatsApp = {
    url: `http://127.0.0.1:${port}`,
    phoneNumberId,
    token,
    appSecret,
    calls,
    async deliver(webhookUrl, { from, text, id }) {
      const messageId = id ?? `wamid.IN${++counter}`;
      const body = envelope({ from, id: messageId, type: "text", text: { body: text } });
      return { status: await fake.post(webhookUrl, body, await fake.sign(body)), id: messageId };
    },
    async press(webhookUrl, { from, payload }) {
      const body = envelope({
        from,
        id: `wamid.IN${++counter}`,
        type: "interactive",
        interactive: { type: "button_reply", button_reply: { id: payload, title: "Approve" } },
      });
      return await fake.post(webhookUrl, body, await fake.sign(body));
    },
    async post(webhookUrl, body, signature) {
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(signature ? { "x-hub-signature-256": signature } : {}),
        },
        body,
      });
      await response.body?.cancel();
      return response.status;
    },
    async sign(body) {
      const key = await crypto.subtle.importKey(
        "raw",
        new TextEncoder().encode(appSecret),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"],
      );
      const digest = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
      return "sha256=" + [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    },
    throttle(count, seconds) {
      throttled = count;
      throttleSeconds = seconds;
    },
    texts(to) {
      return calls.filter((call) => call.status === 200 && call.body.to === to && call.body.type === "text")
        .map((call) => call.body.text.body);
    },
    waitFor(probe, timeoutMs) {
      return pollUntil(
        probe,
        () => `Fake WhatsApp; last calls: ${JSON.stringify(calls.slice(-8))}`,
        timeoutMs,
      );
    },
    async close() {
      await server.shutdown();
    },
  };
  return fake;
}
