/** POST /api/login and /api/logout (docs/security.md, "Web access"). */
import { Hono } from "hono";
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { ApiServices } from "./services.ts";
import { readJsonBody } from "./request_input.ts";
import { loginToken } from "./guards.ts";
import { LOGIN_COOKIE, LOGIN_MAX_AGE_SECONDS } from "./auth_service.ts";

const loginBody = z.object({ password: z.string({ error: "is required" }).max(1024) });

export function loginRoutes(services: ApiServices, clientAddress: (context: Context) => string): Hono {
  const app = new Hono();
  app.post("/login", async (context) => {
    const { password } = await readJsonBody(context, loginBody);
    const outcome = await services.auth.login(password, clientAddress(context));
    if (!outcome.ok) {
      if (outcome.reason === "rate_limited") {
        return context.json({ error: "Too many login attempts: wait a minute", code: "RATE_LIMITED" }, 429);
      }
      return context.json({ error: "Wrong password", code: "WRONG_PASSWORD" }, 401);
    }
    setCookie(context, LOGIN_COOKIE, outcome.token, {
      httpOnly: true,
      sameSite: "Strict",
      path: "/",
      maxAge: LOGIN_MAX_AGE_SECONDS,
      secure: new URL(context.req.url).protocol === "https:",
    });
    return context.json({ status: "ok" });
  });
  app.post("/logout", (context) => {
    services.auth.logout(loginToken(context));
    deleteCookie(context, LOGIN_COOKIE, { path: "/" });
    return context.json({ status: "ok" });
  });
  return app;
}
