/** JSON over HTTPS to a hosted calendar API with an OAuth2 bearer token: a refused token is refreshed and the
 * request tried once more; error answers (`{error: {message}}`) become tool errors naming the service. */
import { ToolError } from "../../lib/errors.ts";
import type { AccessTokenSource } from "../oauth/access_tokens.ts";
import type { OAuthProvider } from "../oauth/oauth_token_store.ts";
import {
  boundedFetch,
  type CalendarHttpOptions,
  capital,
  LoginRefused,
  readCapped,
} from "./calendar_http.ts";

export interface RestAuth {
  tokens: AccessTokenSource;
  provider: OAuthProvider;
  /** The account whose grant is used (resolved lazily: it may need the token store). */
  account: () => Promise<string>;
}

export interface RestRequest {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The error for a 404 (an unknown event or calendar). */
  notFound?: () => ToolError;
}

/** Where a hosted calendar's calls go wrong in words: an unknown event or calendar. */
export interface RestNames {
  missingEvent: (id: string) => string;
  missingCalendar: string;
}

export type RestCall = <T>(
  method: RestRequest["method"],
  url: string,
  signal: AbortSignal,
  body?: unknown,
  eventId?: string,
) => Promise<T>;

/** One hosted calendar's calls: JSON with its headers, a 404 naming the event when the call was about one. */
export function restCaller(
  auth: RestAuth,
  http: CalendarHttpOptions,
  names: RestNames,
  headers?: Record<string, string>,
): RestCall {
  return (method, url, signal, body, eventId) =>
    restJson(
      {
        method,
        url,
        body,
        headers,
        notFound: () => new ToolError(eventId ? names.missingEvent(eventId) : names.missingCalendar),
      },
      auth,
      http,
      signal,
    );
}

/** The id as given, once it has the shape the service uses (it becomes part of a URL path). */
export function checkedEventId(id: string, shape: RegExp): string {
  if (!shape.test(id)) throw new ToolError(`Invalid event id "${id.slice(0, 80)}"`);
  return id;
}

export async function restJson<T>(
  request: RestRequest,
  auth: RestAuth,
  http: CalendarHttpOptions,
  signal: AbortSignal,
): Promise<T> {
  const account = await auth.account();
  const send = async (forceRefresh: boolean) => {
    const token = await auth.tokens.get(account, "calendar", {
      provider: auth.provider,
      forceRefresh,
      signal,
    });
    return await boundedFetch(http, signal)(request.url, {
      method: request.method,
      headers: {
        authorization: `Bearer ${token.token}`,
        accept: "application/json",
        ...(request.body !== undefined ? { "content-type": "application/json" } : {}),
        ...request.headers,
      },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
    });
  };
  let response: Response;
  try {
    response = await send(false);
  } catch (error) {
    if (!(error instanceof LoginRefused) || error.status !== 401) throw error;
    try {
      response = await send(true);
    } catch (again) {
      if (!(again instanceof LoginRefused) || again.status !== 401) throw again;
      throw new ToolError(
        `${capital(http.label)} refused the OAuth2 token of "${account}": authorize the account again`,
      );
    }
  }
  const text = await readCapped(response);
  if (response.status === 404 && request.notFound) throw request.notFound();
  if (!response.ok) {
    throw new ToolError(`${capital(http.label)} answered HTTP ${response.status}: ${errorMessage(text)}`);
  }
  if (text.trim() === "") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ToolError(`${capital(http.label)} answered with something that is not JSON`);
  }
}

function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text);
    const message = body?.error?.message ?? body?.error_description ?? body?.error;
    if (typeof message === "string") return message.slice(0, 300);
  } catch {
    // not JSON
  }
  return text.replace(/\s+/g, " ").trim().slice(0, 200) || "(no detail)";
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : {};
}

export function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
