/** The request guard: Host/Origin checks (contract 10), login enforcement and security headers, in one
 * middleware because it runs on every request. */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AuthService } from "../engine/auth_service.ts";
import { LOGIN_COOKIE } from "../engine/auth_service.ts";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
const OPEN_PATHS = new Set(["/api/login", "/api/logout"]);

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

/** Headers for pages and UI files. JSON answers only need nosniff: a browser never renders them as a document,
 * and each header set costs validation on the API's hot path. */
const PAGE_HEADERS: [string, string][] = [
  ["Content-Security-Policy", CONTENT_SECURITY_POLICY],
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "no-referrer"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
];

export interface OriginPolicy {
  bindHost: string;
  allowedOrigins: string[];
}

/** Guards every request before routing and decorates every answer; synchronous, so a route that answers
 * synchronously keeps Deno's fast response path. */
export class RequestGuard {
  private readonly checker: OriginChecker;

  constructor(policy: OriginPolicy, private readonly auth: AuthService) {
    this.checker = new OriginChecker(policy);
  }

  /** A refusal answer, or undefined when the request may go on. */
  refuse(request: Request, path: string): Response | undefined {
    const headers = request.headers;
    const refusal =
      this.checker.refusal(headers.get("host") ?? undefined, headers.get("origin") ?? undefined) ??
        this.loginRefusal(headers.get("cookie"), path);
    if (!refusal) return undefined;
    return Response.json({ error: refusal.error, code: refusal.code }, { status: refusal.status });
  }

  /** Adds the security headers: the full set for pages and files, nosniff for JSON API answers. */
  decorate(response: Response, path: string): Response {
    // A WebSocket upgrade response has immutable headers.
    if (response.status === 101) return response;
    const headers = response.headers;
    if (path.startsWith("/api/") && headers.get("content-type")?.startsWith("application/json")) {
      headers.set("X-Content-Type-Options", "nosniff");
      return response;
    }
    for (const [name, value] of PAGE_HEADERS) headers.set(name, value);
    return response;
  }

  /** Everything under /api needs a login cookie when auth is required; static UI files stay public. */
  private loginRefusal(cookieHeader: string | null, path: string): Refusal | undefined {
    if (!this.auth.required || !path.startsWith("/api/") || OPEN_PATHS.has(path)) return undefined;
    if (this.auth.isAuthenticated(cookieValue(cookieHeader, LOGIN_COOKIE))) return undefined;
    return {
      error: "Authentication required: log in with POST /api/login",
      code: "UNAUTHORIZED",
      status: 401,
    };
  }
}

/** The path of a request URL without parsing the whole URL. */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const query = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  const end = query >= 0 ? query : hash >= 0 ? hash : url.length;
  return url.slice(start, end);
}

function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

interface Refusal {
  error: string;
  code: string;
  status: 401 | 403;
}

/** Refuses foreign Origins (CSRF) and foreign Host headers (DNS rebinding); answers are memoised per header. */
export class OriginChecker {
  private readonly allowedOrigins: Set<string>;
  private readonly allowedHosts = new Set<string>(LOCAL_HOSTS);
  private readonly hostAnswers = new Map<string, boolean>();
  private readonly originAnswers = new Map<string, boolean>();

  constructor(policy: OriginPolicy) {
    this.allowedOrigins = new Set(
      policy.allowedOrigins.map((origin) => origin.replace(/\/+$/, "").toLowerCase()),
    );
    if (policy.bindHost && policy.bindHost !== "0.0.0.0" && policy.bindHost !== "::") {
      this.allowedHosts.add(policy.bindHost.toLowerCase());
    }
    for (const origin of this.allowedOrigins) {
      try {
        this.allowedHosts.add(new URL(origin).hostname);
      } catch {
        // an unparsable allowed origin simply matches nothing
      }
    }
  }

  refusal(host: string | undefined, origin: string | undefined): Refusal | undefined {
    if (!this.memo(this.hostAnswers, host ?? "", (value) => this.hostAllowed(value))) {
      return { error: `Host "${host ?? ""}" is not allowed`, code: "HOST_NOT_ALLOWED", status: 403 };
    }
    if (
      origin !== undefined && !this.memo(this.originAnswers, origin, (value) => this.originAllowed(value))
    ) {
      return { error: `Origin "${origin}" is not allowed`, code: "ORIGIN_NOT_ALLOWED", status: 403 };
    }
    return undefined;
  }

  private memo(cache: Map<string, boolean>, key: string, compute: (key: string) => boolean): boolean {
    let answer = cache.get(key);
    if (answer === undefined) {
      answer = compute(key);
      // Bounded: a client sending endless distinct headers must not grow memory.
      if (cache.size < 1000) cache.set(key, answer);
    }
    return answer;
  }

  private hostAllowed(hostHeader: string): boolean {
    if (!hostHeader) return false;
    try {
      return this.allowedHosts.has(new URL(`http://${hostHeader}`).hostname.toLowerCase());
    } catch {
      return false;
    }
  }

  private originAllowed(origin: string): boolean {
    const normalized = origin.toLowerCase();
    if (this.allowedOrigins.has(normalized)) return true;
    try {
      const url = new URL(normalized);
      return (url.protocol === "http:" || url.protocol === "https:") && LOCAL_HOSTS.has(url.hostname);
    } catch {
      return false;
    }
  }
}

export function loginToken(context: Context): string | undefined {
  return getCookie(context, LOGIN_COOKIE);
}
