/** Discord REST v10: {api_base_url}/api/v10/..., "Bot" authorisation, 429 mapped to RateLimitedError with the
 * body's retry_after (or the Retry-After header), the token kept out of error messages. */
import { PlatformError, RateLimitedError, retryAfterMs } from "../channel_errors.ts";
import { MAX_API_ANSWER_BYTES, readJson } from "../http_body.ts";

export const DISCORD_API = "https://discord.com";

export class DiscordApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  async call(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetcher(`${this.baseUrl.replace(/\/+$/, "")}/api/v10${path}`, {
        method,
        headers: { authorization: `Bot ${this.token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new PlatformError(
        `Discord ${method} ${routeOf(path)} failed: ${this.clean((error as Error).message)}`,
        true,
      );
    }
    if (response.status === 204) {
      await response.body?.cancel();
      return undefined;
    }
    const answer = await readJson(response.body, MAX_API_ANSWER_BYTES).catch(() => undefined) as
      | Record<string, unknown>
      | undefined;
    if (response.ok) return answer;
    if (response.status === 429) {
      const seconds = answer?.retry_after;
      throw new RateLimitedError(
        typeof seconds === "number" && seconds >= 0
          ? Math.min(seconds * 1000, 300_000)
          : retryAfterMs(response.headers.get("retry-after"), this.now()) ?? 1000,
        "Discord",
      );
    }
    const message = typeof answer?.message === "string" ? answer.message : `HTTP ${response.status}`;
    throw new PlatformError(
      `Discord ${method} ${routeOf(path)} refused: ${this.clean(message).slice(0, 300)}`,
      response.status >= 500,
      response.status,
    );
  }

  private clean(text: string): string {
    return this.token ? text.replaceAll(this.token, "<token>") : text;
  }
}

/** The path with ids and interaction tokens blanked (error messages must not carry them). */
function routeOf(path: string): string {
  return path.replace(/\/interactions\/\d+\/[^/]+/, "/interactions/:id/:token").replace(/\d{5,}/g, ":id");
}
