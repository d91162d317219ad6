/** /api/sessions: list, create, search, get, rename, delete, messages. */
import { Hono } from "hono";
import { z } from "zod";
import type { ApiServices } from "./services.ts";
import { readJsonBody, readQuery } from "./request_input.ts";
import { JsonMemo } from "../lib/json_memo.ts";
import { jsonAnswer } from "./json_answer.ts";
import type { SessionService } from "../engine/session_service.ts";

const createBody = z.object({ mode: z.enum(["normal", "otr"]).default("normal") });
const renameBody = z.object({ title: z.string() });
const searchQuery = z.object({ q: z.string({ error: "is required" }) });

/** GET /api/sessions as JSON text, made again only after a session or message changed. */
export function sessionListJson(sessions: SessionService): () => string {
  const memo = new JsonMemo(() => sessions.list());
  return () => memo.text(sessions.version());
}

export function sessionsRoutes(services: ApiServices, list: () => string): Hono {
  const app = new Hono();
  const { sessions } = services;
  app.get("/", () => jsonAnswer(list()));
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
