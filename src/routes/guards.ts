/** Request guards: security headers, Host/Origin checks (contract 10) and login enforcement. */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AuthService } from "../engine/auth_service.ts";
import { LOGIN_COOKIE } from "../engine/auth_service.ts";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

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

export function securityHeaders(): MiddlewareHandler {
  return async (context, next) => {
    await next();
    // A WebSocket upgrade response has immutable headers.
    if (context.res.status === 101) return;
    const headers = context.res.headers;
    headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Referrer-Policy", "no-referrer");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
  };
}

export interface OriginPolicy {
  bindHost: string;
  allowedOrigins: string[];
}

/** Refuses foreign Origins (CSRF) and foreign Host headers (DNS rebinding). */
export function originGuard(policy: OriginPolicy): MiddlewareHandler {
  const allowedOrigins = new Set(policy.allowedOrigins.map((origin) => origin.replace(/\/+$/, "").toLowerCase()));
  const allowedHosts = new Set<string>([...LOCAL_HOSTS]);
  if (policy.bindHost && policy.bindHost !== "0.0.0.0" && policy.bindHost !== "::") {
    allowedHosts.add(policy.bindHost.toLowerCase());
  }
  for (const origin of allowedOrigins) {
    try {
      allowedHosts.add(new URL(origin).hostname);
    } catch {
      // an unparsable allowed origin simply matches nothing
    }
  }
  return async (context, next) => {
    const host = hostnameOf(context.req.header("host"));
    if (host === undefined || !allowedHosts.has(host)) {
      return context.json({ error: `Host "${context.req.header("host") ?? ""}" is not allowed`, code: "HOST_NOT_ALLOWED" }, 403);
    }
    const origin = context.req.header("origin");
    if (origin !== undefined && !isAllowedOrigin(origin, allowedOrigins)) {
      return context.json({ error: `Origin "${origin}" is not allowed`, code: "ORIGIN_NOT_ALLOWED" }, 403);
    }
    return await next();
  };
}

function isAllowedOrigin(origin: string, allowed: Set<string>): boolean {
  const normalized = origin.toLowerCase();
  if (allowed.has(normalized)) return true;
  try {
    const url = new URL(normalized);
    return (url.protocol === "http:" || url.protocol === "https:") && LOCAL_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

const OPEN_PATHS = new Set(["/api/login", "/api/logout"]);

/** Everything under /api needs a login cookie when auth is required; static UI files stay public. */
export function loginGuard(auth: AuthService): MiddlewareHandler {
  return async (context, next) => {
    const path = context.req.path;
    if (!auth.required || !path.startsWith("/api/") || OPEN_PATHS.has(path)) return await next();
    if (!auth.isAuthenticated(loginToken(context))) {
      return context.json({ error: "Authentication required: log in with POST /api/login", code: "UNAUTHORIZED" }, 401);
    }
    return await next();
  };
}

export function loginToken(context: Context): string | undefined {
  return getCookie(context, LOGIN_COOKIE);
}
