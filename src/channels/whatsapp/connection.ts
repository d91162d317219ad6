/** The WhatsApp webhook: answers Meta's verification challenge (hub.verify_token compared in constant time),
 * checks X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret, constant time), caps the body,
 * and answers 200 only after every message of the delivery is stored (else 500, and Meta delivers it again). */
import { BodyTooLargeError, readCapped, safeEqual } from "../http_body.ts";
import type { AdapterSink } from "../types.ts";
import { WebhookListener } from "../webhook_listener.ts";
import { parseDelivery } from "./inbound.ts";

export const MAX_WEBHOOK_BYTES = 1024 * 1024;

export interface WebhookOptions {
  host: string;
  port: number;
  verifyToken: string;
  appSecret: string;
  phoneNumberId: string;
  log: (message: string) => void;
  /** Answers a button reply (sends the text back to the number). */
  answerPress: (chatId: string, text: string) => Promise<void>;
}

export class WhatsAppWebhook extends WebhookListener {
  private key?: CryptoKey;

  constructor(private readonly options: WebhookOptions) {
    super(options);
  }

  async listen(sink: AdapterSink): Promise<void> {
    this.key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(this.options.appSecret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    this.serve(sink);
  }

  protected async handle(request: Request, sink: AdapterSink): Promise<Response> {
    if (request.method === "GET") return this.verify(new URL(request.url).searchParams);
    if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = await readCapped(request.body, MAX_WEBHOOK_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return new Response("Body too large", { status: 413 });
      throw error;
    }
    if (!(await this.signed(body, request.headers.get("x-hub-signature-256") ?? ""))) {
      this.options.log("Refused a WhatsApp webhook delivery with a missing or wrong X-Hub-Signature-256");
      return new Response("Bad signature", { status: 401 });
    }
    sink.alive();
    let raw: unknown;
    try {
      raw = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return new Response("Body is not JSON", { status: 400 });
    }
    const parsed = parseDelivery(raw, this.options.phoneNumberId);
    if ("error" in parsed) {
      this.options.log(`Skipped an invalid WhatsApp delivery: ${parsed.error}`);
      return new Response("ok");
    }
    try {
      for (const item of parsed) {
        if (item.kind === "message") await sink.receive(item.message);
        else {
          const text = await sink.button(item.answer);
          void this.options.answerPress(item.answer.chatId, text).catch((error) =>
            this.options.log(`Could not answer a WhatsApp button reply: ${error.message}`)
          );
        }
      }
    } catch (error) {
      this.options.log(`Could not store a WhatsApp delivery (Meta will retry): ${(error as Error).message}`);
      return new Response("Not stored", { status: 500 });
    }
    return new Response("ok");
  }

  private verify(query: URLSearchParams): Response {
    const token = query.get("hub.verify_token") ?? "";
    if (
      query.get("hub.mode") === "subscribe" && this.options.verifyToken &&
      safeEqual(token, this.options.verifyToken)
    ) {
      return new Response(query.get("hub.challenge") ?? "", { headers: { "content-type": "text/plain" } });
    }
    return new Response("Verification failed", { status: 403 });
  }

  private async signed(body: Uint8Array<ArrayBuffer>, header: string): Promise<boolean> {
    if (!header.startsWith("sha256=") || !this.key) return false;
    const digest = new Uint8Array(await crypto.subtle.sign("HMAC", this.key, body));
    const expected = [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    return safeEqual(header.slice(7).toLowerCase(), expected);
  }
}
