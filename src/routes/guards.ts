/** The request guard: Host/Origin checks (docs/security.md, "Web access"), login enforcement and security headers, in one
 * middleware because it runs on every request. It judges the decoded path the router matches (request_path.ts). */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AuthService } from "./auth_service.ts";
import { LOGIN_COOKIE } from "./auth_service.ts";
import { isApiPath } from "./request_path.ts";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
/** The only API calls that need no login: getting one and ending one. */
const OPEN_API_PATHS = new Set(["/api/login", "/api/logout"]);

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

/** Headers for pages and UI files. JSON answers only need nosniff: a browser never renders them as a document,
 * and each header set costs validation on the API's hot path. */
export const PAGE_HEADERS: [string, string][] = [
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

  /** A refusal answer, or undefined when the request may go on. `path` is the decoded path the router uses. */
  refuse(request: Request, path: string): Response | undefined {
    const headers = request.headers;
    const refusal = this.checker.refusal(
      headers.get("host") ?? undefined,
      headers.get("origin") ?? undefined,
      request.url.startsWith("https:") ? "https:" : "http:",
    ) ?? this.loginRefusal(request.method, headers, path);
    if (!refusal) return undefined;
    return Response.json({ error: refusal.error, code: refusal.code }, { status: refusal.status });
  }

  /** Adds the security headers: the full set for pages and files, nosniff for JSON API answers. */
  decorate(response: Response, path: string): Response {
    // A WebSocket upgrade response has immutable headers.
    if (response.status === 101) return response;
    const headers = response.headers;
    if (isApiPath(path) && headers.get("content-type")?.startsWith("application/json")) {
      headers.set("X-Content-Type-Options", "nosniff");
      return response;
    }
    for (const [name, value] of PAGE_HEADERS) headers.set(name, value);
    return response;
  }

  /** When auth is required everything needs a login cookie except an allow-list: reading the UI's static files
   * (the login page and its modules; they hold no data) and logging in or out. */
  private loginRefusal(method: string, headers: Headers, path: string): Refusal | undefined {
    if (!this.auth.required || isPublic(method, path)) return undefined;
    if (this.auth.isAuthenticated(cookieValue(headers.get("cookie"), LOGIN_COOKIE))) return undefined;
    return {
      error: "Authentication required: log in with POST /api/login",
      code: "UNAUTHORIZED",
      status: 401,
    };
  }
}

function isPublic(method: string, path: string): boolean {
  if (method === "POST") return OPEN_API_PATHS.has(path);
  return (method === "GET" || method === "HEAD") && !isApiPath(path);
}

/** The answer to a path the router would not read unambiguously (see request_path.ts): nothing lives there. */
export function ambiguousPathResponse(): Response {
  return Response.json({
    error: 'No route for an ambiguous path: encoded "%", "\\", "//" and "." or ".." segments are refused',
    code: "INVALID_PATH",
  }, { status: 404 });
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

/** Refuses foreign Origins (CSRF, other local servers) and foreign Host headers (DNS rebinding); answers are
 * memoised per header. An Origin is accepted when it is the engine's own (the scheme, host and port the
 * browser reached it at, which the checked Host header names) or listed in web.allowed_origins. */
export class OriginChecker {
  private readonly allowedOrigins: Set<string>;
  private readonly allowedHosts = new Set<string>(LOCAL_HOSTS);
  private readonly hostAnswers = new Map<string, boolean>();
  private readonly originAnswers = new Map<string, boolean>();

  constructor(policy: OriginPolicy) {
    this.allowedOrigins = new Set(policy.allowedOrigins.flatMap((origin) => {
      const normalized = originOf(origin);
      return normalized ? [normalized] : [];
    }));
    if (policy.bindHost && policy.bindHost !== "0.0.0.0" && policy.bindHost !== "::") {
      this.allowedHosts.add(policy.bindHost.toLowerCase());
    }
    for (const origin of this.allowedOrigins) this.allowedHosts.add(new URL(origin).hostname);
  }

  refusal(host: string | undefined, origin: string | undefined, scheme = "http:"): Refusal | undefined {
    if (!this.memo(this.hostAnswers, host ?? "", (value) => this.hostAllowed(value))) {
      return { error: `Host "${host ?? ""}" is not allowed`, code: "HOST_NOT_ALLOWED", status: 403 };
    }
    if (
      origin !== undefined &&
      !this.memo(
        this.originAnswers,
        `${scheme}//${host}\n${origin}`,
        () => this.originAllowed(origin, host!, scheme),
      )
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

  /** A listed origin, or the engine's own: the scheme and port the request came in on, under a name the engine
   * answers to. Another port on localhost is another site (any local dev server), so it is refused. */
  private originAllowed(origin: string, host: string, scheme: string): boolean {
    const normalized = originOf(origin);
    if (!normalized) return false;
    if (this.allowedOrigins.has(normalized)) return true;
    const page = new URL(normalized);
    let reached: URL;
    try {
      reached = new URL(`${scheme}//${host}`);
    } catch {
      return false;
    }
    return page.protocol === scheme && this.allowedHosts.has(page.hostname) &&
      portOf(page) === portOf(reached);
  }
}

function portOf(url: URL): string {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}

/** The serialised origin (lower case, default port dropped) of an http(s) URL, or undefined. */
function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export function loginToken(context: Context): string | undefined {
  return getCookie(context, LOGIN_COOKIE);
}
