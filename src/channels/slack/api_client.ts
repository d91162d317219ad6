/** Slack Web API calls: POST {api_base_url}/api/<method> with a bearer token and JSON; `ok: false` answers become
 * PlatformError, 429 a RateLimitedError with Retry-After. */
import { PlatformError, RateLimitedError, retryAfterMs } from "../channel_errors.ts";
import { MAX_API_ANSWER_BYTES, readJson } from "../http_body.ts";

export const SLACK_API = "https://slack.com";

export class SlackApi {
  constructor(
    private readonly baseUrl: string,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  async call(
    method: string,
    token: string,
    body: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await this.fetcher(`${this.baseUrl.replace(/\/+$/, "")}/api/${method}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new PlatformError(
        `Slack "${method}" failed: ${(error as Error).message.replaceAll(token, "<token>")}`,
        true,
      );
    }
    if (response.status === 429) {
      await response.body?.cancel();
      throw new RateLimitedError(
        retryAfterMs(response.headers.get("retry-after"), this.now()) ?? 1000,
        "Slack",
      );
    }
    const answer = await readJson(response.body, MAX_API_ANSWER_BYTES).catch(() => undefined) as
      | Record<string, unknown>
      | undefined;
    if (response.ok && answer?.ok === true) return answer;
    const error = typeof answer?.error === "string" ? answer.error : `HTTP ${response.status}`;
    if (error === "ratelimited") throw new RateLimitedError(1000, "Slack");
    throw new PlatformError(
      `Slack "${method}" refused: ${error.slice(0, 200)}`,
      response.status >= 500,
      response.status,
    );
  }
}
