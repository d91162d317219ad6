/** GET /api/model-check: whether the chat model answers (for the web UI's "connect a model" card). */
import { Hono } from "hono";
import type { ApiServices } from "./services.ts";

export function modelCheckRoutes(services: ApiServices): Hono {
  const app = new Hono();
  app.get(
    "/model-check",
    async (context) => context.json(await services.modelCheck(context.req.query("fresh") === "1")),
  );
  return app;
}
