/** WhatsApp Cloud API sends: POST {api_base_url}/<version>/<phone_number_id>/messages with the access token;
 * throttling answers (HTTP 429, error codes 4, 80007, 130429, 131056) become RateLimitedError. */
import { PlatformError, RateLimitedError, retryAfterMs } from "../channel_errors.ts";
import { MAX_API_ANSWER_BYTES, readJson } from "../http_body.ts";

export const GRAPH_API = "https://graph.facebook.com";
const THROTTLED = new Set([4, 80007, 130429, 131056]);

export class WhatsAppApi {
  constructor(
    private readonly baseUrl: string,
    private readonly version: string,
    private readonly phoneNumberId: string,
    private readonly token: string,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  async send(body: Record<string, unknown>): Promise<string> {
    let response: Response;
    try {
      response = await this.fetcher(
        `${this.baseUrl.replace(/\/+$/, "")}/${this.version}/${
          encodeURIComponent(this.phoneNumberId)
        }/messages`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${this.token}`, "content-type": "application/json" },
          body: JSON.stringify({ messaging_product: "whatsapp", ...body }),
        },
      );
    } catch (error) {
      throw new PlatformError(
        `WhatsApp send failed: ${(error as Error).message.replaceAll(this.token, "<token>")}`,
        true,
      );
    }
    const answer = await readJson(response.body, MAX_API_ANSWER_BYTES).catch(() => undefined) as
      | { messages?: { id?: unknown }[]; error?: { message?: unknown; code?: unknown } }
      | undefined;
    if (response.ok && typeof answer?.messages?.[0]?.id === "string") return answer.messages[0].id as string;
    const code = Number(answer?.error?.code);
    if (response.status === 429 || THROTTLED.has(code)) {
      throw new RateLimitedError(
        retryAfterMs(response.headers.get("retry-after"), this.now()) ?? 5000,
        "WhatsApp",
      );
    }
    const message = typeof answer?.error?.message === "string"
      ? answer.error.message
      : `HTTP ${response.status}`;
    throw new PlatformError(
      `WhatsApp send refused: ${message.slice(0, 300)}`,
      response.status >= 500,
      response.status,
    );
  }
}
