/** Bot Connector calls: an app token from the token service (client credentials, cached until shortly before it
 * expires), then activities POSTed (or PUT, for edits) to the conversation's serviceUrl. */
import { PlatformError, RateLimitedError, retryAfterMs } from "../channel_errors.ts";
import { MAX_API_ANSWER_BYTES, readJson } from "../http_body.ts";

export const LOGIN_API = "https://login.microsoftonline.com";

export class TeamsApi {
  private token?: { value: string; until: number };

  constructor(
    private readonly loginBase: string,
    private readonly appId: string,
    private readonly password: string,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  async post(serviceUrl: string, conversationId: string, activity: Record<string, unknown>): Promise<string> {
    const answer = await this.call("POST", `${activitiesUrl(serviceUrl, conversationId)}`, activity);
    return typeof answer?.id === "string" ? answer.id : "";
  }

  async update(
    serviceUrl: string,
    conversationId: string,
    activityId: string,
    activity: Record<string, unknown>,
  ): Promise<void> {
    await this.call("PUT", `${activitiesUrl(serviceUrl, conversationId)}/${encodeURIComponent(activityId)}`, {
      ...activity,
      id: activityId,
    });
  }

  private async call(
    method: string,
    url: string,
    body: unknown,
  ): Promise<Record<string, unknown> | undefined> {
    let response: Response;
    try {
      response = await this.fetcher(url, {
        method,
        headers: { authorization: `Bearer ${await this.appToken()}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (error) {
      if (error instanceof PlatformError) throw error;
      throw new PlatformError(`Teams ${method} failed: ${(error as Error).message}`, true);
    }
    if (response.status === 401) this.token = undefined;
    const answer = await readJson(response.body, MAX_API_ANSWER_BYTES).catch(() => undefined) as
      | Record<string, unknown>
      | undefined;
    if (response.ok) return answer;
    if (response.status === 429) {
      throw new RateLimitedError(
        retryAfterMs(response.headers.get("retry-after"), this.now()) ?? 1000,
        "Teams",
      );
    }
    const message = (answer?.error as { message?: unknown } | undefined)?.message;
    throw new PlatformError(
      `Teams ${method} refused: ${
        typeof message === "string" ? message.slice(0, 300) : `HTTP ${response.status}`
      }`,
      response.status >= 500 || response.status === 401,
      response.status,
    );
  }

  private async appToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    const response = await this.fetcher(
      `${this.loginBase.replace(/\/+$/, "")}/botframework.com/oauth2/v2.0/token`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: this.appId,
          client_secret: this.password,
          scope: "https://api.botframework.com/.default",
        }),
      },
    ).catch((error) => {
      throw new PlatformError(`Teams token request failed: ${error.message}`, true);
    });
    const answer = await readJson(response.body, MAX_API_ANSWER_BYTES).catch(() => undefined) as
      | { access_token?: unknown; expires_in?: unknown }
      | undefined;
    if (!response.ok || typeof answer?.access_token !== "string") {
      throw new PlatformError(`Teams token request refused: HTTP ${response.status}`, response.status >= 500);
    }
    const seconds = typeof answer.expires_in === "number" ? answer.expires_in : 3600;
    this.token = { value: answer.access_token, until: this.now() + Math.max(60, seconds - 300) * 1000 };
    return this.token.value;
  }
}

function activitiesUrl(serviceUrl: string, conversationId: string): string {
  return `${serviceUrl.replace(/\/+$/, "")}/v3/conversations/${
    encodeURIComponent(conversationId)
  }/activities`;
}
