/** /api/sessions: list, create, search, get, rename, delete, messages. */
import { Hono } from "hono";
import { z } from "zod";
import type { ApiServices } from "./services.ts";
import { readJsonBody, readQuery } from "./request_input.ts";

const createBody = z.object({ mode: z.enum(["normal", "otr"]).default("normal") });
const renameBody = z.object({ title: z.string() });
const searchQuery = z.object({ q: z.string({ error: "is required" }) });

export function sessionsRoutes(services: ApiServices): Hono {
  const app = new Hono();
  const { sessions } = services;
  app.get("/", (context) => context.json(sessions.list()));
  app.post("/", async (context) => {
    const body = await readJsonBody(context, createBody, true);
    return context.json(sessions.create(body.mode), 201);
  });
  app.get("/search", (context) => {
    const { q } = readQuery(context, searchQuery);
    return context.json({ results: sessions.search(q) });
  });
  app.get("/:id", (context) => context.json(sessions.get(context.req.param("id"))));
  app.patch("/:id", async (context) => {
    const id = context.req.param("id");
    sessions.get(id);
    const body = await readJsonBody(context, renameBody);
    sessions.rename(id, body.title);
    return context.json({ status: "ok" });
  });
  app.delete("/:id", (context) => {
    sessions.delete(context.req.param("id"));
    return context.body(null, 204);
  });
  app.get("/:id/messages", (context) => context.json(sessions.messages(context.req.param("id"))));
  return app;
}
