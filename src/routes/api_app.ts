/** The whole HTTP surface: guards, API sub-apps, WebSocket upgrade and the static UI, with one error handler. */
import { Hono } from "hono";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ApiServices } from "./services.ts";
import { ambiguousPathResponse, type OriginPolicy, RequestGuard } from "./guards.ts";
import { isApiPath, routePath } from "./request_path.ts";
import { sessionListJson, sessionsRoutes } from "./sessions_routes.ts";
import { jsonAnswer } from "./json_answer.ts";
import { engineRoutes } from "./engine_routes.ts";
import { trailRoutes } from "./trail_routes.ts";
import { loginRoutes } from "./login_routes.ts";
import { controlRoutes } from "./control_routes.ts";
import { modelCheckRoutes } from "./model_check_routes.ts";
import { mcpTestRoutes } from "./mcp_test_routes.ts";
import { type UiAnswer, uiFiles } from "./static_files.ts";
import { AppError } from "../lib/errors.ts";
import type { Logger } from "../log/logger.ts";

const MAX_BODY_BYTES = 1024 * 1024;

export interface ApiAppOptions {
  services: ApiServices;
  origin: OriginPolicy;
  logger: Logger;
  webRoot?: string;
  /** Handles GET /api/ws after the guards passed. */
  upgrade?: (request: Request) => Response;
  clientAddress: (context: Context) => string;
}

export interface HttpHandler {
  fetch(request: Request, env: { remoteAddr: Deno.NetAddr }): Response | Promise<Response>;
}

/** The request guard runs first, before Hono, so synchronous answers keep Deno's fast path; both judge the same
 * decoded path (routePath), so no spelling of a URL reaches a route the guard did not check. The hot read-only
 * views are answered right after the guard, with JSON kept while their data is unchanged. */
export function createApiApp(options: ApiAppOptions): HttpHandler {
  const guard = new RequestGuard(options.origin, options.services.auth);
  const sessionList = sessionListJson(options.services.sessions);
  const files = options.webRoot ? uiFiles(options.webRoot) : undefined;
  const app = createRoutes(options, sessionList, files);
  const hot = hotRoutes(options.services, sessionList);
  return {
    fetch(request, env) {
      const path = routePath(request.url);
      if (path === undefined) return guard.decorate(ambiguousPathResponse(), "/");
      const refusal = guard.refuse(request, path);
      if (refusal) return guard.decorate(refusal, path);
      const method = request.method;
      const view = method === "GET" ? hot.get(path) : undefined;
      if (view) {
        try {
          return jsonAnswer(view());
        } catch {
          // The route below fails the same way and its error handler answers (500 without details).
        }
      }
      if (files && (method === "GET" || method === "HEAD") && !isApiPath(path)) {
        // A UI file's answer carries the guard's page headers already (static_files.ts).
        const file = files(path, method, request.headers.get("if-none-match"));
        if (file instanceof Promise) return file.then((answer) => answer ?? routed(request, env, path));
        if (file) return file;
      }
      return routed(request, env, path);
    },
  };
  /** Hono's answer, with the guard's headers. */
  function routed(request: Request, env: { remoteAddr: Deno.NetAddr }, path: string) {
    const answer = app.fetch(request, env);
    return answer instanceof Promise
      ? answer.then((response) => guard.decorate(response, path))
      : guard.decorate(answer, path);
  }
}

/** GET paths answered before Hono, each by JSON text its service keeps while the data is unchanged. */
function hotRoutes(services: ApiServices, sessionList: () => string): Map<string, () => string> {
  return new Map([
    ["/api/status", () => services.status()],
    ["/api/settings", () => services.settings()],
    ["/api/tools", () => services.tools()],
    ["/api/sessions", sessionList],
  ]);
}

function createRoutes(options: ApiAppOptions, sessionList: () => string, files?: UiAnswer): Hono {
  const { services, logger } = options;
  // The guard refused every path routePath cannot read, so the fallback never matches a route.
  const app = new Hono({ getPath: (request) => routePath(request.url) ?? "/\u0000" });
  app.on(
    ["POST", "PUT", "PATCH", "DELETE"],
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (context) =>
        context.json({ error: "Request body is larger than 1 MiB", code: "BODY_TOO_LARGE" }, 413),
    }),
  );
  app.get("/api/ws", (context) => {
    if (!options.upgrade || context.req.header("upgrade")?.toLowerCase() !== "websocket") {
      return context.json({ error: "Expected a WebSocket upgrade", code: "UPGRADE_REQUIRED" }, 426);
    }
    return options.upgrade(context.req.raw);
  });
  app.route("/api/sessions", sessionsRoutes(services, sessionList));
  app.route("/api", loginRoutes(services, options.clientAddress));
  app.route("/api", controlRoutes(services));
  app.route("/api", engineRoutes(services));
  app.route("/api", trailRoutes(services));
  app.route("/api", modelCheckRoutes(services));
  app.route("/api", mcpTestRoutes(services));
  // The UI is served from the not-found path so API requests never pass through the file lookup.
  const noRoute = (context: Context) =>
    context.json({ error: `No route for ${context.req.method} ${context.req.path}`, code: "NOT_FOUND" }, 404);
  app.notFound(async (context) => {
    if (!files) return noRoute(context);
    const { req } = context;
    return (await files(req.path, req.method, req.header("if-none-match") ?? null)) ?? noRoute(context);
  });
  app.onError((error, context) => {
    if (error instanceof AppError) {
      if (error.status >= 500 && error.status !== 501 && error.status !== 503) {
        logger.error("http_error", error.message, { path: context.req.path, code: error.code });
      }
      return context.json({ error: error.message, code: error.code }, error.status as 400);
    }
    if (error instanceof HTTPException) {
      return context.json({ error: error.message || "Request failed", code: "HTTP_ERROR" }, error.status);
    }
    logger.error("http_internal_error", (error as Error).message, {
      path: context.req.path,
      stack: (error as Error).stack ?? "",
    });
    return context.json({ error: "Internal server error", code: "INTERNAL" }, 500);
  });
  return app;
}
