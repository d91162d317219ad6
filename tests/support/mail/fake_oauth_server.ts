/** An OAuth2 authorization server on loopback speaking the real protocol: the token endpoint (refresh_token and
 * authorization_code with PKCE grants, RFC 6749), RFC 7662 introspection (which dovecot's oauth2 passdb calls) and
 * an authorize endpoint that redirects straight back with a code. Counts refreshes; can be told to refuse. */

export interface FakeOAuthOptions {
  clientId: string;
  clientSecret?: string;
  /** Accounts and their refresh tokens. */
  accounts: Record<string, { refreshToken: string }>;
  /** Seconds an issued access token lives (default 3600). */
  expiresIn?: number;
}

export interface FakeOAuthServer {
  url: string;
  tokenUrl: string;
  authorizeUrl: string;
  introspectionUrl: string;
  /** refresh_token grants answered so far. */
  refreshes: { account: string; scope?: string }[];
  /** Access tokens issued, by token → account. */
  issued: Map<string, string>;
  /** Makes every access token of an account invalid (as a revoked session would). */
  revokeAccessTokens(account: string): void;
  isValid(account: string, token: string): boolean;
  stop(): Promise<void>;
}

export function startFakeOAuthServer(options: FakeOAuthOptions): FakeOAuthServer {
  const refreshes: { account: string; scope?: string }[] = [];
  const issued = new Map<string, string>();
  const codes = new Map<string, { account: string; challenge: string; redirect: string }>();
  const issue = (account: string) => {
    const token = `at-${crypto.randomUUID()}`;
    issued.set(token, account);
    return { access_token: token, token_type: "Bearer", expires_in: options.expiresIn ?? 3600 };
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    if (url.pathname === "/authorize") return authorize(url, options, codes);
    if (request.method !== "POST") return json({ error: "invalid_request" }, 405);
    const form = new URLSearchParams(await request.text());
    if (url.pathname === "/introspect") {
      const account = issued.get(form.get("token") ?? "");
      return json(account ? { active: true, username: account } : { active: false });
    }
    if (url.pathname !== "/token") return json({ error: "not_found" }, 404);
    if (
      form.get("client_id") !== options.clientId ||
      (options.clientSecret ?? null) !== form.get("client_secret")
    ) {
      return json({ error: "invalid_client", error_description: "Unknown client" }, 401);
    }
    if (form.get("grant_type") === "refresh_token") {
      const entry = Object.entries(options.accounts).find(([, value]) =>
        value.refreshToken === form.get("refresh_token")
      );
      if (!entry) {
        return json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, 400);
      }
      refreshes.push({ account: entry[0], scope: form.get("scope") ?? undefined });
      return json(issue(entry[0]));
    }
    if (form.get("grant_type") === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      if (
        !code || code.redirect !== form.get("redirect_uri") || await challengeOf(verifier) !== code.challenge
      ) {
        return json({ error: "invalid_grant", error_description: "Bad code or verifier" }, 400);
      }
      return json({ ...issue(code.account), refresh_token: options.accounts[code.account].refreshToken });
    }
    return json({ error: "unsupported_grant_type" }, 400);
  });
  const url = `http://127.0.0.1:${server.addr.port}`;
  return {
    url,
    tokenUrl: `${url}/token`,
    authorizeUrl: `${url}/authorize`,
    introspectionUrl: `${url}/introspect`,
    refreshes,
    issued,
    revokeAccessTokens(account) {
      for (const [token, owner] of issued) if (owner === account) issued.delete(token);
    },
    isValid: (account, token) => issued.get(token) === account,
    stop: () => server.shutdown(),
  };
}

/** The user "consents" at once: the first account listed, or `login_hint`. */
function authorize(
  url: URL,
  options: FakeOAuthOptions,
  codes: Map<string, { account: string; challenge: string; redirect: string }>,
): Response {
  const redirect = url.searchParams.get("redirect_uri") ?? "";
  if (
    url.searchParams.get("client_id") !== options.clientId ||
    url.searchParams.get("code_challenge_method") !== "S256"
  ) {
    return json({ error: "invalid_request" }, 400);
  }
  const account = url.searchParams.get("login_hint") ?? Object.keys(options.accounts)[0];
  if (!options.accounts[account]) return json({ error: "access_denied" }, 400);
  const code = `code-${crypto.randomUUID()}`;
  codes.set(code, { account, challenge: url.searchParams.get("code_challenge") ?? "", redirect });
  const target = new URL(redirect);
  target.searchParams.set("code", code);
  target.searchParams.set("state", url.searchParams.get("state") ?? "");
  return new Response(null, { status: 302, headers: { location: target.href } });
}

async function challengeOf(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
