/** GET /api/model-check: whether the chat model answers (for the web UI's "connect a model" card). */
import { Hono } from "hono";
import type { ApiServices } from "./services.ts";
import { AppError } from "../lib/errors.ts";

export function modelCheckRoutes(services: ApiServices): Hono {
  const app = new Hono();
  app.get("/model-check", async (context) => {
    if (!services.modelCheck) throw new AppError("The model check is not available", "NOT_IMPLEMENTED", 501);
    return context.json(await services.modelCheck(context.req.query("fresh") === "1"));
  });
  return app;
}
