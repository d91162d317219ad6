/** Telegram Bot API calls: POST {api_base_url}/bot<token>/<method> with JSON, answers checked, 429 mapped to
 * RateLimitedError with the server's retry_after, and the token kept out of every error message. */
import { PlatformError, RateLimitedError, retryAfterMs } from "../channel_errors.ts";
import { MAX_API_ANSWER_BYTES, readJson } from "../http_body.ts";

export const TELEGRAM_API = "https://api.telegram.org";

export class TelegramApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  async call(method: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetcher(`${this.baseUrl.replace(/\/+$/, "")}/bot${this.token}/${method}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new PlatformError(`Telegram "${method}" failed: ${this.clean((error as Error).message)}`, true);
    }
    const answer = await readJson(response.body, MAX_API_ANSWER_BYTES).catch(() => undefined) as
      | { ok?: unknown; result?: unknown; description?: unknown; error_code?: unknown; parameters?: unknown }
      | undefined;
    if (response.ok && answer?.ok === true) return answer.result;
    const description = typeof answer?.description === "string"
      ? answer.description
      : `HTTP ${response.status}`;
    if (response.status === 429 || answer?.error_code === 429) {
      const seconds = (answer?.parameters as { retry_after?: unknown } | undefined)?.retry_after;
      const wait = typeof seconds === "number" && seconds >= 0
        ? Math.min(seconds * 1000, 300_000)
        : retryAfterMs(response.headers.get("retry-after"), this.now()) ?? 1000;
      throw new RateLimitedError(wait, "Telegram");
    }
    throw new PlatformError(
      `Telegram "${method}" refused: ${this.clean(description).slice(0, 300)}`,
      response.status >= 500 || response.status === 0,
      response.status,
    );
  }

  private clean(text: string): string {
    return this.token ? text.replaceAll(this.token, "<token>") : text;
  }
}
