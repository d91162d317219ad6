/** Small read-mostly resources: status, tools, settings, restart, channels, sub-agents. */
import { Hono } from "hono";
import { z } from "zod";
import type { ApiServices } from "./services.ts";
import { readJsonBody } from "./request_input.ts";
import { AppError, NotFoundError } from "../lib/errors.ts";
import { jsonAnswer } from "./json_answer.ts";

const detachBody = z.object({ channel: z.string({ error: "is required" }).min(1, "must not be empty") });

export function engineRoutes(services: ApiServices): Hono {
  const app = new Hono();
  // Also answered before Hono (api_app.ts, hot routes); these serve HEAD and the error path.
  app.get("/status", () => jsonAnswer(services.status()));
  app.get("/tools", () => jsonAnswer(services.tools()));
  app.get("/settings", () => jsonAnswer(services.settings()));
  app.post("/restart", (context) => {
    services.restart();
    return context.json({ status: "restarting" });
  });
  app.get("/sub-agents", (context) => context.json(services.subAgents?.() ?? []));
  app.get("/channels", (context) => context.json({ channels: services.channels?.()?.list() ?? [] }));
  app.post("/channels/detach", async (context) => {
    const body = await readJsonBody(context, detachBody);
    const controller = services.channels?.();
    if (!controller) throw new AppError("Channel controller is unavailable", "CHANNELS_UNAVAILABLE", 503);
    if (!controller.list().includes(body.channel) || !(await controller.detach(body.channel))) {
      throw new NotFoundError(`Channel "${body.channel}" not found`, "CHANNEL_NOT_FOUND");
    }
    return context.json({ status: "detached", channel: body.channel });
  });
  return app;
}
