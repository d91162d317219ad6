/** The whole HTTP surface: guards, API sub-apps, WebSocket upgrade and the static UI, with one error handler. */
import { Hono } from "hono";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ApiServices } from "./services.ts";
import { ambiguousPathResponse, type OriginPolicy, RequestGuard } from "./guards.ts";
import { routePath } from "./request_path.ts";
import { sessionsRoutes } from "./sessions_routes.ts";
import { engineRoutes } from "./engine_routes.ts";
import { trailRoutes } from "./trail_routes.ts";
import { loginRoutes } from "./login_routes.ts";
import { controlRoutes } from "./control_routes.ts";
import { modelCheckRoutes } from "./model_check_routes.ts";
import { mcpTestRoutes } from "./mcp_test_routes.ts";
import { staticFiles } from "./static_files.ts";
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
 * decoded path (routePath), so no spelling of a URL reaches a route the guard did not check. */
export function createApiApp(options: ApiAppOptions): HttpHandler {
  const guard = new RequestGuard(options.origin, options.services.auth);
  const app = createRoutes(options);
  return {
    fetch(request, env) {
      const path = routePath(request.url);
      if (path === undefined) return guard.decorate(ambiguousPathResponse(), "/");
      const refusal = guard.refuse(request, path);
      if (refusal) return guard.decorate(refusal, path);
      const answer = app.fetch(request, env);
      return answer instanceof Promise
        ? answer.then((response) => guard.decorate(response, path))
        : guard.decorate(answer, path);
    },
  };
}

function createRoutes(options: ApiAppOptions): Hono {
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
  app.route("/api/sessions", sessionsRoutes(services));
  app.route("/api", loginRoutes(services, options.clientAddress));
  app.route("/api", controlRoutes(services));
  app.route("/api", engineRoutes(services));
  app.route("/api", trailRoutes(services));
  app.route("/api", modelCheckRoutes(services));
  app.route("/api", mcpTestRoutes(services));
  // The UI is served from the not-found path so API requests never pass through the file lookup.
  const files = options.webRoot ? staticFiles(options.webRoot) : undefined;
  const noRoute = (context: Context) =>
    context.json({ error: `No route for ${context.req.method} ${context.req.path}`, code: "NOT_FOUND" }, 404);
  app.notFound(async (context) => {
    if (!files) return noRoute(context);
    return (await files(context, () => Promise.resolve())) ?? noRoute(context);
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
