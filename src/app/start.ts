/** Composition root: builds every concrete part of the engine from config, starts it, and hands back how to stop
 * it. Each concern is wired in its own file; this one reads as the table of contents. */
import type { EngineOptions, RunningEngine } from "./engine_options.ts";
import { openFoundation } from "./foundation.ts";
import { buildSecurity } from "./security.ts";
import { buildAgent } from "./agent.ts";
import { buildChannels } from "./channels.ts";
import { buildHttp, HttpServer } from "./http.ts";
import { Lifecycle } from "./lifecycle.ts";
import { delegationService, storageService, turnsService } from "./core_services.ts";
import { engineIdleMemory } from "./idle_memory.ts";

export type { EngineOptions, RunningEngine } from "./engine_options.ts";

export async function startEngine(options: EngineOptions): Promise<RunningEngine> {
  const started = performance.now();
  const base = await openFoundation(options); // config, workspace, logger, engine.db, models, event bus
  const security = await buildSecurity(base); // audit, login, sandbox, approvals, Shield, IFC, Chronicle
  const lifecycle = new Lifecycle(base.logger, security.audit);
  const agent = await buildAgent(base, security, {
    restart: lifecycle.requestRestart,
    services: lifecycle,
    engineAddress: () => ({ host: base.config.web.host, port: server.port }),
  });
  const channels = buildChannels(base, security, agent);
  const http = buildHttp(base, security, agent, lifecycle.requestRestart, channels);
  const server = new HttpServer(base, http.app);

  // Started in this order, stopped in the reverse one.
  lifecycle.add(storageService(base, security, agent)); // closes memory, the audit log and engine.db last
  lifecycle.add(server); // listens; on stop, finishes open requests
  lifecycle.add({ name: "websocket hub", stop: () => http.hub.closeAll() });
  lifecycle.add(turnsService(security, agent)); // on stop, denies pending approvals and cancels running turns
  // Long-running services join here, after the turns (so they stop first): channels, MCP servers, schedules.
  lifecycle.add(channels); // starts the enabled adapters once the server listens; on stop, drains their sends
  lifecycle.add(delegationService(agent)); // MCP servers and the scheduler; on stop, kills sub-agents first
  // Gives memory back when quiet after work (Chronicle's stat cache among the caches it empties).
  lifecycle.add(engineIdleMemory(base, () => server.requests, [security.chronicle]));
  await lifecycle.startAll();

  base.logger.info("engine_ready", `Parapet is listening on ${server.url}`, {
    url: server.url,
    workspace: base.workspace,
    startup_ms: Math.round(performance.now() - started),
    sandbox: security.sandbox.active ? security.sandbox.mode : "none",
  });
  return {
    url: server.url,
    port: server.port,
    workspace: base.workspace,
    sandbox: security.sandbox,
    finished: lifecycle.finished,
    stop: (exitCode) => lifecycle.stop(exitCode),
  };
}
