/** A fake Bot Framework on loopback: an OpenID configuration and key set (a test RSA key), the token service
 * (client credentials), the connector (/v3/conversations/…/activities, POST and PUT), and the channel side that
 * posts activities to the bot with JWTs signed by the test key, or forged ones for attack tests. */
import { pollUntil } from "./poll_until.ts";

export interface ConnectorCall {
  method: string;
  conversationId: string;
  // deno-lint-ignore no-explicit-any
  body: any;
  status: number;
  id?: string;
}

export type Signing = "good" | "foreign-key" | "expired" | "wrong-audience" | "wrong-serviceurl" | "none";

export interface FakeTeams {
  url: string;
  openidUrl: string;
  appId: string;
  password: string;
  calls: ConnectorCall[];
  /** Posts a message activity to the bot; resolves with the HTTP status. */
  send(
    endpoint: string,
    input: {
      from: string;
      text?: string;
      conversationId?: string;
      value?: unknown;
      id?: string;
      signing?: Signing;
      conversationType?: string;
    },
  ): Promise<number>;
  visible(conversationId: string): string[];
  /** The next `count` message activities sent answer 429 with Retry-After `seconds` (default 0). */
  throttle(count: number, seconds?: number): void;
  waitFor<T>(probe: () => T | undefined | false, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

type KeyPair = CryptoKeyPair & { kid: string };

async function keyPair(kid: string): Promise<KeyPair> {
  const pair = await crypto.subtle.generateKey(
    {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["sign", "verify"],
  ) as CryptoKeyPair;
  return Object.assign(pair, { kid });
}

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

async function jwt(key: KeyPair, claims: Record<string, unknown>): Promise<string> {
  const encode = (value: unknown) => base64Url(new TextEncoder().encode(JSON.stringify(value)));
  const head = `${encode({ alg: "RS256", kid: key.kid, typ: "JWT" })}.${encode(claims)}`;
  const signature = new Uint8Array(
    await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key.privateKey, new TextEncoder().encode(head)),
  );
  return `${head}.${base64Url(signature)}`;
}

export async function startFakeTeams(): Promise<FakeTeams> {
  const trusted = await keyPair("test-key-1");
  const foreign = await keyPair("test-key-1");
  const appId = "00000000-aaaa-bbbb-cccc-000000000001";
  const password = "teams-app-password";
  const calls: ConnectorCall[] = [];
  const issued = new Set<string>();
  let throttled = 0;
  let throttleSeconds = 0;
  let counter = 0;

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/openid") {
      return Response.json({
        issuer: "https://api.botframework.com",
        jwks_uri: `${fake.url}/keys`,
        id_token_signing_alg_values_supported: ["RS256"],
      });
    }
    if (path === "/keys") {
      const jwk = await crypto.subtle.exportKey("jwk", trusted.publicKey);
      return Response.json({
        keys: [{ kty: "RSA", use: "sig", kid: trusted.kid, n: jwk.n, e: jwk.e, endorsements: ["msteams"] }],
      });
    }
    if (path === "/botframework.com/oauth2/v2.0/token") {
      const form = new URLSearchParams(await request.text());
      if (
        form.get("client_id") !== appId || form.get("client_secret") !== password ||
        form.get("grant_type") !== "client_credentials"
      ) {
        return Response.json({ error: "invalid_client" }, { status: 401 });
      }
      const token = `access-${++counter}`;
      issued.add(token);
      return Response.json({ token_type: "Bearer", expires_in: 3600, access_token: token });
    }
    const match = path.match(/^\/v3\/conversations\/([^/]+)\/activities(?:\/([^/]+))?$/);
    if (!match) return Response.json({ error: { code: "NotFound", message: "Not found" } }, { status: 404 });
    const body = await request.json().catch(() => undefined);
    const call: ConnectorCall = {
      method: request.method,
      conversationId: decodeURIComponent(match[1]),
      body,
      status: 200,
    };
    calls.push(call);
    const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      call.status = status;
      return Response.json(json, { status, headers });
    };
    if (!issued.has(request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "")) {
      return answer(401, { error: { code: "Unauthorized", message: "Authorization has been denied" } });
    }
    if (throttled > 0 && body?.type === "message") {
      throttled--;
      return answer(429, { error: { code: "Throttled", message: "Too many requests" } }, {
        "retry-after": String(throttleSeconds),
      });
    }
    if (body?.type === "message" && !body.text && !body.attachments) {
      return answer(400, { error: { code: "BadArgument", message: "Empty message" } });
    }
    call.id = match[2] ? decodeURIComponent(match[2]) : `act-${++counter}`;
    return answer(200, { id: call.id });
  });
  const port = (server.addr as Deno.NetAddr).port;

  const fake: FakeTeams = {
    url: `http://127.0.0.1:${port}`,
    openidUrl: `http://127.0.0.1:${port}/openid`,
    appId,
    password,
    calls,
    async send(
      endpoint,
      { from, text, conversationId, value, id, signing = "good", conversationType = "personal" },
    ) {
      const serviceUrl = fake.url;
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: "https://api.botframework.com",
        aud: signing === "wrong-audience" ? "someone-else" : appId,
        exp: signing === "expired" ? now - 3600 : now + 3600,
        nbf: now - 60,
        serviceurl: signing === "wrong-serviceurl" ? "https://evil.example" : serviceUrl,
      };
      const token = await jwt(signing === "foreign-key" ? foreign : trusted, claims);
      const activity = {
        type: "message",
        id: id ?? `in-${++counter}`,
        timestamp: new Date().toISOString(),
        serviceUrl,
        channelId: "msteams",
        from: { id: `29:${from}`, aadObjectId: from, name: "User" },
        conversation: { id: conversationId ?? `a:conv-${from}`, conversationType, tenantId: "tenant" },
        recipient: { id: `28:${appId}`, name: "Parapet" },
        ...(text !== undefined ? { text } : {}),
        ...(value !== undefined ? { value } : {}),
      };
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(signing === "none" ? {} : { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(activity),
      });
      await response.body?.cancel();
      return response.status;
    },
    visible(conversationId) {
      const shown = new Map<string, string>();
      for (const call of calls) {
        if (
          call.status !== 200 || call.conversationId !== conversationId || !call.id ||
          call.body?.type !== "message"
        ) continue;
        shown.set(call.id, call.body.text ?? "[card]");
      }
      return [...shown.values()];
    },
    throttle(count, seconds = 0) {
      throttled = count;
      throttleSeconds = seconds;
    },
    waitFor(probe, timeoutMs) {
      return pollUntil(probe, () => `Fake Teams; last calls: ${JSON.stringify(calls.slice(-8))}`, timeoutMs);
    },
    async close() {
      await server.shutdown();
    },
  };
  return fake;
}
