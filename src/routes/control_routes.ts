/** POST /api/control-key: the secret the web UI puts in `command` and `tier3_decision` frames (see
 * src/ws/control_keys.ts and docs/security.md for what it does and does not stop). */
import { Hono } from "hono";
import type { ApiServices } from "./services.ts";
import { loginToken } from "./guards.ts";
import { AppError } from "../lib/errors.ts";

/** A header no cross-site form or simple request can carry: a page elsewhere would need a CORS preflight,
 * which the engine never grants. */
const CONTROL_HEADER = "x-parapet-control";

export function controlRoutes(services: ApiServices): Hono {
  const app = new Hono();
  app.post("/control-key", (context) => {
    if (context.req.header(CONTROL_HEADER) !== "1") {
      throw new AppError(
        `Control keys are handed out only with the header "X-Parapet-Control: 1"`,
        "CONTROL_HEADER_REQUIRED",
        403,
      );
    }
    const site = context.req.header("sec-fetch-site");
    if (site !== undefined && site !== "same-origin" && site !== "none") {
      throw new AppError(`Control keys are not handed to "${site}" requests`, "CONTROL_KEY_REFUSED", 403);
    }
    let owner: string | undefined;
    if (services.auth.controlNeedsLogin) {
      owner = services.auth.loginHandle(loginToken(context));
      if (!owner) {
        throw new AppError("Log in first: controlling the agent needs the web password", "UNAUTHORIZED", 401);
      }
    }
    context.header("Cache-Control", "no-store");
    return context.json({ key: services.controlKeys.issue(owner) });
  });
  return app;
}
