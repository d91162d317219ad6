/** Logs, audit, metrics and memory: read-only views over what the engine recorded. */
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import type { ApiServices } from "./services.ts";
import { readQuery } from "./request_input.ts";
import { NotFoundError } from "../lib/errors.ts";

const integer = (min: number, max: number, fallback: number) =>
  z.string().regex(/^\d+$/, "must be a whole number").transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .optional().transform((value) => value ?? fallback);

const logsQuery = z.object({
  lines: integer(1, 1000, 200),
  offset: integer(0, Number.MAX_SAFE_INTEGER, 0),
  level: z.enum(["debug", "info", "warn", "error"]).optional(),
  event: z.string().max(200).optional(),
});
const auditQuery = z.object({
  lines: integer(1, 10_000, 100),
  offset: integer(0, Number.MAX_SAFE_INTEGER, 0),
});
const metricsQuery = z.object({ period: z.enum(["today", "weekly", "monthly", "yearly"]).default("today") });
const dailyQuery = z.object({ days: integer(1, 365, 30) });
const memoryQuery = z.object({
  q: z.string({ error: "is required" }).refine((q) => q.trim() !== "", "must not be empty"),
});

export function trailRoutes(services: ApiServices): Hono {
  const app = new Hono();
  app.get("/logs", async (context) => {
    return context.json(await services.logs(readQuery(context, logsQuery)));
  });
  app.get("/audit", async (context) => {
    return context.json(await services.audit(readQuery(context, auditQuery)));
  });
  app.get("/metrics", (context) => {
    return context.json(services.metrics.summary(readQuery(context, metricsQuery).period));
  });
  app.get("/metrics/daily", (context) => {
    return context.json(services.metrics.daily(readQuery(context, dailyQuery).days));
  });
  app.get("/metrics/session/:id", (context) => {
    services.sessions.get(context.req.param("id"));
    return context.json(services.metrics.session(context.req.param("id")));
  });
  app.get("/memory/search", async (context) => {
    return context.json(await services.memory.search(readQuery(context, memoryQuery).q));
  });
  app.get("/memory/:type", (context) => memoryFile(context, services));
  return app;
}

async function memoryFile(context: Context, services: ApiServices): Promise<Response> {
  const type = context.req.param("type") ?? "";
  const file = await services.memory.readFile(type);
  if (!file) throw new NotFoundError(`Memory file "${type}" not found`, "MEMORY_NOT_FOUND");
  return context.json(file);
}
