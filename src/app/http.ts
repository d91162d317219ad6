/** The HTTP surface, wired: the WebSocket hub on the event bus, the services the routes call, the Hono app behind
 * the request guard, and the Deno server it runs on (started and stopped as engine services). */
import { join } from "node:path";
import type { Context } from "hono";
import { readEnv } from "../config/env.ts";
import { makeEvent } from "../protocol/server_events.ts";
import { createApiApp, type HttpHandler } from "../routes/api_app.ts";
import { readLogPage } from "../routes/log_reader.ts";
import { createModelCheck } from "../routes/model_check.ts";
import type { ApiServices } from "../routes/services.ts";
import { WebSocketHub } from "../ws/hub.ts";
import type { Agent } from "./agent.ts";
import type { Channels } from "./channels.ts";
import type { Foundation } from "./foundation.ts";
import type { EngineService } from "./lifecycle.ts";
import type { Security } from "./security.ts";
import { hotViews } from "./hot_views.ts";

export interface Http {
  hub: WebSocketHub;
  app: HttpHandler;
}

export function buildHttp(
  base: Foundation,
  security: Security,
  agent: Agent,
  restart: () => void,
  channels: Channels,
): Http {
  const { logger, clock } = base;
  const hub = new WebSocketHub({
    handler: agent.conversation,
    logger,
    now: () => clock.now(),
    keys: security.controlKeys,
    stateFor: (sessionId) => security.approvals.pendingEvents(sessionId),
    controlAtUpgrade: (request) => security.auth.controlAtUpgrade(request),
    presence: security.presence,
  });
  base.events.subscribe((event) => hub.deliver(event));
  logger.onEntry((entry) =>
    base.events.emit(makeEvent("log_entry", "", {
      level: entry.level,
      event: entry.event,
      message: entry.message,
      fields: entry.fields,
    }, entry.ts))
  );
  const app = createApiApp({
    services: apiServices(base, security, agent, restart, channels),
    origin: { bindHost: base.config.web.host, allowedOrigins: base.config.web.allowed_origins },
    logger,
    webRoot: base.webRoot,
    upgrade: (request) => hub.upgrade(request),
    clientAddress: (context: Context) =>
      (context.env as { remoteAddr?: Deno.NetAddr })?.remoteAddr?.hostname ?? "unknown",
  });
  return { hub, app };
}

/** What the routes may call, and nothing else. */
function apiServices(
  base: Foundation,
  security: Security,
  agent: Agent,
  restart: () => void,
  channels: Channels,
): ApiServices {
  const logFile = join(base.stateDir, "logs", "engine.log");
  const views = hotViews(base, agent, channels);
  return {
    sessions: base.sessions,
    auth: security.auth,
    controlKeys: security.controlKeys,
    status: views.status,
    settings: views.settings,
    tools: views.tools,
    restart,
    channels: () => channels.controller(),
    subAgents: () => agent.delegation.subAgents.active(),
    testMcp: base.config.tools.disabled_groups.includes("mcp")
      ? undefined
      : (input) => agent.delegation.testMcp(input),
    logs: (query) => (base.logger.flush(), readLogPage(logFile, query)),
    audit: (query) => security.readAuditPage(query),
    metrics: base.metrics,
    memory: agent.memory,
    modelCheck: createModelCheck(
      () => base.holder.current(),
      { fetch: base.fetch, env: readEnv },
      () => base.clock.now(),
    ),
  };
}

/** The listening server: answers once started, stops accepting (and finishes what runs) on stop. */
export class HttpServer implements EngineService {
  readonly name = "http server";
  private server?: Deno.HttpServer<Deno.NetAddr>;
  url = "";
  port = 0;
  /** Requests answered so far (WebSocket upgrades included): a sign of work for the idle memory reducer. */
  requests = 0;

  constructor(private readonly base: Foundation, private readonly app: HttpHandler) {}

  async start(): Promise<void> {
    await this.base.options.beforeListen?.();
    const host = this.base.host;
    this.server = Deno.serve({
      hostname: host,
      port: this.base.options.port ?? this.base.config.web.port,
      onListen: () => {},
      // The handler info is the routes' env as it is: its remote address is read only by a route that needs it.
    }, (request, info) => (this.requests++, this.app.fetch(request, info)));
    this.port = this.server.addr.port;
    this.url = `http://${host.includes(":") ? `[${host}]` : host}:${this.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.shutdown();
  }
}
