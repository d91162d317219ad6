/** Access tokens for mail and calendar: looked up by account in the token store, refreshed when they expire
 * within a minute (one refresh at a time per account), rotated refresh tokens saved back. */
import type { OAuthClient, TokenPurpose } from "./oauth_clients.ts";
import type { OAuthGrant, OAuthProvider, OAuthTokenStore } from "./oauth_token_store.ts";
import { OAuthError, refreshGrant } from "./token_endpoint.ts";

export interface AccessTokenSource {
  /** A usable access token; `forceRefresh` after the server refused the cached one. */
  get(account: string, purpose: TokenPurpose, options?: AccessTokenOptions): Promise<AccessToken>;
}

export interface AccessTokenOptions {
  forceRefresh?: boolean;
  /** Only this provider's grant (hosted calendars know their provider; mail goes by account alone). */
  provider?: OAuthProvider;
  signal?: AbortSignal;
}

export interface AccessToken {
  token: string;
  provider: OAuthProvider;
  account: string;
}

export interface AccessTokenDeps {
  store: OAuthTokenStore;
  clientFor: (provider: OAuthProvider) => OAuthClient | undefined;
  now: () => number;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** A token this close to its expiry is refreshed first: a slow IMAP login must not outlive it. */
const EXPIRY_MARGIN_MS = 60_000;

export function createAccessTokens(deps: AccessTokenDeps): AccessTokenSource {
  const inFlight = new Map<string, Promise<AccessToken>>();
  const fetchFresh = async (account: string, purpose: TokenPurpose, options: AccessTokenOptions) => {
    const grant = await deps.store.find(account, options.provider);
    if (!grant) {
      const provider = options.provider ?? "google|microsoft";
      throw new OAuthError(
        `No OAuth2 authorization for "${account}": run "deno task start -- auth ${provider} --account ${account}"`,
      );
    }
    const cached = grant.access[purpose];
    if (!options.forceRefresh && cached && !expiresSoon(cached.expires_at, deps.now())) {
      return { token: cached.token, provider: grant.provider, account: grant.account };
    }
    return await refresh(deps, grant, purpose, options.signal);
  };
  return {
    get(account, purpose, options = {}) {
      const key = `${options.provider ?? ""}:${account.toLowerCase()}:${purpose}:${
        options.forceRefresh ?? false
      }`;
      const running = inFlight.get(key);
      if (running) return running;
      const next = fetchFresh(account, purpose, options).finally(() => inFlight.delete(key));
      inFlight.set(key, next);
      return next;
    },
  };
}

async function refresh(
  deps: AccessTokenDeps,
  grant: OAuthGrant,
  purpose: TokenPurpose,
  signal?: AbortSignal,
): Promise<AccessToken> {
  const client = deps.clientFor(grant.provider);
  if (!client) {
    throw new OAuthError(
      `Cannot refresh the OAuth2 token of "${grant.account}": oauth.${grant.provider}.client_id is not configured`,
    );
  }
  if (!grant.refresh_token) {
    throw new OAuthError(
      `The OAuth2 token of "${grant.account}" expired and no refresh token is stored: authorize the account again`,
    );
  }
  const answer = await refreshGrant(client, grant.refresh_token, client.refreshScope(purpose), {
    fetch: deps.fetch,
    now: deps.now,
    timeoutMs: deps.timeoutMs,
    signal,
  });
  await deps.store.save({
    ...grant,
    refresh_token: answer.refreshToken ?? grant.refresh_token,
    access: { ...grant.access, [purpose]: { token: answer.accessToken, expires_at: answer.expiresAt } },
    updated_at: deps.now(),
  });
  return { token: answer.accessToken, provider: grant.provider, account: grant.account };
}

function expiresSoon(expiresAt: number | undefined, now: number): boolean {
  return expiresAt !== undefined && expiresAt - EXPIRY_MARGIN_MS <= now;
}
