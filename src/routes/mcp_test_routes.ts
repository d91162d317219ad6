/** POST /api/settings/test-mcp (spec 4.1): starts the posted command as an MCP server, lists its tools and
 * stops it. It runs a program, so it answers only a same-origin JSON request with a valid session (the login
 * cookie when a password is set; localhost otherwise, as every other route): a cross-site form, a text/plain
 * "simple" post or a request without the login is refused before anything runs. */
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import type { ApiServices } from "./services.ts";
import { loginToken } from "./guards.ts";
import { readJsonBody } from "./request_input.ts";
import { AppError } from "../lib/errors.ts";

const envName = /^[A-Za-z_][A-Za-z0-9_]*$/;

const testMcpBody = z.object({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1-64 letters, digits, _ or -"),
  command: z.string().min(1).max(4096),
  args: z.array(z.string().max(4096)).max(100).default([]),
  env: z.record(z.string().regex(envName, "must be environment variable names"), z.string().max(32_768))
    .refine((env) => Object.keys(env).length <= 100, "must have at most 100 entries")
    .default({}),
});

export function mcpTestRoutes(services: ApiServices): Hono {
  const app = new Hono();
  app.post("/settings/test-mcp", async (context) => {
    refuseUnlessSameOriginJson(context);
    if (services.auth.controlNeedsLogin && !services.auth.loginHandle(loginToken(context))) {
      throw new AppError("Log in first: testing an MCP server runs a program", "UNAUTHORIZED", 401);
    }
    if (!services.testMcp) {
      throw new AppError("MCP servers are disabled (tools.disabled_groups has mcp)", "MCP_DISABLED", 503);
    }
    const body = await readJsonBody(context, testMcpBody);
    return context.json(await services.testMcp(body));
  });
  return app;
}

/** A browser sends a cross-site request with a foreign Sec-Fetch-Site, and a form or simple post with a
 * content type other than JSON (a JSON post from another site would need a preflight, which is never granted). */
function refuseUnlessSameOriginJson(context: Context): void {
  const mediaType = (context.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/json") {
    throw new AppError(
      `Content-Type must be "application/json", not "${mediaType || "none"}"`,
      "UNSUPPORTED_MEDIA_TYPE",
      415,
    );
  }
  const site = context.req.header("sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    throw new AppError(`Testing MCP servers is refused to "${site}" requests`, "CROSS_SITE_REFUSED", 403);
  }
}
