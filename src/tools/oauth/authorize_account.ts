/** Authorizes the engine for one account (the `auth` subcommand): OAuth2 authorization code with PKCE and a
 * loopback redirect (RFC 8252), the user consenting in a browser; the grant is saved in the token store. */
import type { OAuthClient } from "./oauth_clients.ts";
import type { OAuthTokenStore } from "./oauth_token_store.ts";
import { authorizationCodeGrant, OAuthError } from "./token_endpoint.ts";

export interface AuthorizeOptions {
  client: OAuthClient;
  account: string;
  store: OAuthTokenStore;
  /** Told the address to open in a browser. */
  show: (url: string) => void;
  now: () => number;
  fetch?: typeof fetch;
  /** How long to wait for the browser to come back (default 5 minutes). */
  timeoutMs?: number;
}

export async function authorizeAccount(options: AuthorizeOptions): Promise<void> {
  const state = randomText(24);
  const verifier = randomText(48);
  let settle!: (result: { code: string } | { error: string }) => void;
  const answered = new Promise<{ code: string } | { error: string }>((resolve) => settle = resolve);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const url = new URL(request.url);
    if (url.pathname !== "/callback") return new Response("Not found", { status: 404 });
    if (url.searchParams.get("state") !== state) {
      return page("This answer does not belong to this request.", 400);
    }
    const code = url.searchParams.get("code");
    settle(code ? { code } : { error: url.searchParams.get("error") ?? "no code in the answer" });
    return page(
      code ? "Parapet is authorized. You can close this tab." : "Authorization was refused.",
      code ? 200 : 400,
    );
  });
  const redirectUri = `http://127.0.0.1:${server.addr.port}/callback`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    options.show(authorizationUrl(options, redirectUri, state, await challengeOf(verifier)));
    const timeoutMs = options.timeoutMs ?? 300_000;
    const result = await Promise.race([
      answered,
      new Promise<{ error: string }>((resolve) =>
        timer = setTimeout(() => resolve({ error: `no answer within ${timeoutMs / 1000} s` }), timeoutMs)
      ),
    ]);
    if ("error" in result) {
      throw new OAuthError(`Authorization of "${options.account}" failed: ${result.error}`);
    }
    const token = await authorizationCodeGrant(options.client, result.code, redirectUri, verifier, {
      fetch: options.fetch,
      now: options.now,
    });
    if (!token.refreshToken) {
      throw new OAuthError(
        `Authorization of "${options.account}" gave no refresh token: the engine could not renew it`,
      );
    }
    await options.store.save({
      provider: options.client.provider,
      account: options.account,
      refresh_token: token.refreshToken,
      scope: token.scope,
      // Google's token covers mail and calendar; Microsoft's is for one resource, so each purpose refreshes its own.
      access: options.client.provider === "google"
        ? {
          mail: { token: token.accessToken, expires_at: token.expiresAt },
          calendar: { token: token.accessToken, expires_at: token.expiresAt },
        }
        : {},
      updated_at: options.now(),
    });
  } finally {
    clearTimeout(timer);
    await server.shutdown();
  }
}

function authorizationUrl(
  options: AuthorizeOptions,
  redirectUri: string,
  state: string,
  challenge: string,
): string {
  const url = new URL(options.client.authorizeUrl);
  const parameters: Record<string, string> = {
    response_type: "code",
    client_id: options.client.clientId,
    redirect_uri: redirectUri,
    scope: options.client.authorizeScope,
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
    login_hint: options.account,
  };
  // Google hands out a refresh token only when asked for offline access with a fresh consent.
  if (options.client.provider === "google") {
    Object.assign(parameters, { access_type: "offline", prompt: "consent" });
  }
  for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
  return url.href;
}

async function challengeOf(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return base64Url(digest);
}

function randomText(bytes: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function page(text: string, status: number): Response {
  return new Response(`<!doctype html><meta charset="utf-8"><title>Parapet</title><p>${text}</p>`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
}
