/** Verifies the JWT on inbound Bot Framework activities: RS256 signature by a key from the OpenID configuration's
 * key set (refetched on an unknown key id, at most every 5 minutes), issuer, audience (the app id), time window
 * and the serviceurl claim, which must equal the activity's serviceUrl (replies go there). */

export const BOT_FRAMEWORK_OPENID = "https://login.botframework.com/v1/.well-known/openidconfiguration";
const ISSUER = "https://api.botframework.com";
const SKEW_SECONDS = 300;
const REFETCH_MS = 5 * 60_000;

interface Jwk extends JsonWebKey {
  kid?: string;
}

export class JwtVerifier {
  private keys = new Map<string, CryptoKey>();
  private fetchedAt = 0;

  constructor(
    private readonly metadataUrl: string,
    private readonly appId: string,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  /** Undefined when the token is good for this service URL, else why it is not. */
  async problem(authorization: string | null, serviceUrl: string): Promise<string | undefined> {
    const token = authorization?.match(/^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/)?.[1];
    if (!token) return "no bearer token";
    const [headerPart, claimsPart, signaturePart] = token.split(".");
    const header = decodeJson(headerPart) as { alg?: unknown; kid?: unknown } | undefined;
    const claims = decodeJson(claimsPart) as Record<string, unknown> | undefined;
    if (!header || !claims) return "token is not a JWT";
    if (header.alg !== "RS256" || typeof header.kid !== "string") return "token is not RS256 with a key id";
    const key = await this.key(header.kid);
    if (!key) return `unknown signing key "${header.kid.slice(0, 64)}"`;
    const signed = new TextEncoder().encode(`${headerPart}.${claimsPart}`);
    const valid = await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, base64Url(signaturePart), signed);
    if (!valid) return "bad signature";
    const seconds = this.now() / 1000;
    if (claims.iss !== ISSUER) return "wrong issuer";
    if (claims.aud !== this.appId) return "wrong audience";
    if (typeof claims.exp !== "number" || claims.exp + SKEW_SECONDS < seconds) return "token expired";
    if (typeof claims.nbf === "number" && claims.nbf - SKEW_SECONDS > seconds) return "token not valid yet";
    if (
      typeof claims.serviceurl !== "string" ||
      claims.serviceurl.replace(/\/+$/, "") !== serviceUrl.replace(/\/+$/, "")
    ) {
      return "serviceurl claim does not match the activity";
    }
    return undefined;
  }

  private async key(kid: string): Promise<CryptoKey | undefined> {
    if (!this.keys.has(kid) && this.now() - this.fetchedAt > REFETCH_MS) await this.refresh().catch(() => {});
    return this.keys.get(kid);
  }

  private async refresh(): Promise<void> {
    this.fetchedAt = this.now();
    const metadata = await (await this.fetcher(this.metadataUrl, { signal: AbortSignal.timeout(10_000) }))
      .json();
    if (typeof metadata?.jwks_uri !== "string") throw new Error("OpenID configuration has no jwks_uri");
    const set = await (await this.fetcher(metadata.jwks_uri, { signal: AbortSignal.timeout(10_000) })).json();
    const keys = new Map<string, CryptoKey>();
    for (const jwk of (Array.isArray(set?.keys) ? set.keys : []) as Jwk[]) {
      if (jwk.kty !== "RSA" || typeof jwk.kid !== "string") continue;
      const { kid, n, e } = jwk;
      keys.set(
        kid,
        await crypto.subtle.importKey(
          "jwk",
          { kty: "RSA", n, e, ext: true },
          { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
          false,
          ["verify"],
        ),
      );
    }
    this.keys = keys;
  }
}

function base64Url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replaceAll("-", "+").replaceAll("_", "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (character) => character.charCodeAt(0));
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(base64Url(part)));
  } catch {
    return undefined;
  }
}
