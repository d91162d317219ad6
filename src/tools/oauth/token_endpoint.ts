/** The OAuth2 token endpoint (RFC 6749 §4.1.3, §6): form-encoded POST, JSON answer or `{error,
 * error_description}`. Every call is bounded in time; no secret ever appears in an error message. */
import type { OAuthClient } from "./oauth_clients.ts";

export interface TokenResponse {
  accessToken: string;
  /** Milliseconds since the epoch, from `expires_in`. */
  expiresAt?: number;
  /** A rotated refresh token, when the server sends one. */
  refreshToken?: string;
  scope?: string;
}

export interface TokenRequestOptions {
  fetch?: typeof fetch;
  now: () => number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export class OAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OAuthError";
  }
}

export function refreshGrant(
  client: OAuthClient,
  refreshToken: string,
  scope: string | undefined,
  options: TokenRequestOptions,
): Promise<TokenResponse> {
  const form: Record<string, string> = { grant_type: "refresh_token", refresh_token: refreshToken };
  if (scope) form.scope = scope;
  return requestToken(client, form, options);
}

export function authorizationCodeGrant(
  client: OAuthClient,
  code: string,
  redirectUri: string,
  codeVerifier: string,
  options: TokenRequestOptions,
): Promise<TokenResponse> {
  return requestToken(client, {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
  }, options);
}

async function requestToken(
  client: OAuthClient,
  form: Record<string, string>,
  options: TokenRequestOptions,
): Promise<TokenResponse> {
  const body = new URLSearchParams({ ...form, client_id: client.clientId });
  if (client.clientSecret) body.set("client_secret", client.clientSecret);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const signal = options.signal
    ? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)])
    : AbortSignal.timeout(timeoutMs);
  const where = `OAuth2 token endpoint "${safeUrl(client.tokenUrl)}"`;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(client.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw new OAuthError(`${where} did not answer within ${timeoutMs} ms`);
    throw new OAuthError(`Cannot reach the ${where}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => "");
  const json = parseJson(text);
  if (!response.ok || typeof json.access_token !== "string" || json.access_token === "") {
    const code = typeof json.error === "string" ? json.error : `HTTP ${response.status}`;
    const detail = typeof json.error_description === "string"
      ? `: ${json.error_description.slice(0, 300)}`
      : "";
    throw new OAuthError(`The ${where} refused the ${form.grant_type} grant: ${code}${detail}`);
  }
  const expiresIn = Number(json.expires_in);
  return {
    accessToken: json.access_token,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? options.now() + expiresIn * 1000 : undefined,
    refreshToken: typeof json.refresh_token === "string" && json.refresh_token
      ? json.refresh_token
      : undefined,
    scope: typeof json.scope === "string" ? json.scope : undefined,
  };
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return typeof value === "object" && value !== null ? value : {};
  } catch {
    return {};
  }
}

/** The endpoint without query or credentials, for messages. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}
