/** Composition root: builds every concrete part of the engine from config and starts the HTTP server. */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context } from "hono";
import { loadConfig } from "./config/load_config.ts";
import { homeDirectory, readEnv, secretValues } from "./config/env.ts";
import { type Clock, systemClock } from "./clock.ts";
import { ConfigError } from "./errors.ts";
import { JsonLogger } from "./logger.ts";
import { styleFor } from "./terminal_style.ts";
import { closeDatabase, openDatabase } from "./store/database.ts";
import { SqliteSessionStore } from "./store/sqlite_session_store.ts";
import { OtrSessionStore } from "./store/otr_session_store.ts";
import { LoginStore } from "./store/login_store.ts";
import { MetricsStore } from "./store/metrics_store.ts";
import { BudgetStore } from "./store/budget_store.ts";
import { SessionService } from "./engine/session_service.ts";
import { AuthService } from "./engine/auth_service.ts";
import { EventBus, makeEvent } from "./engine/events.ts";
import { ConfigHolder } from "./engine/config_holder.ts";
import { settingsView, statusView, type ViewInputs } from "./engine/settings_view.ts";
import { readLogPage } from "./engine/log_reader.ts";
import { ApprovalRegistry } from "./engine/approvals.ts";
import { ToolPipeline } from "./engine/tool_pipeline.ts";
import { TurnRunner } from "./engine/turn_runner.ts";
import { Conversation } from "./engine/conversation.ts";
import { SlashCommands } from "./engine/slash_commands.ts";
import { buildTools } from "./engine/build_tools.ts";
import { buildShield } from "./engine/build_shield.ts";
import { ifcPort } from "./engine/ifc_adapter.ts";
import { chronicleCommand } from "./engine/chronicle_command.ts";
import { loadIfcPolicy } from "./security/ifc/ifc_policy.ts";
import { createIfcTracker } from "./security/ifc/ifc_tracker.ts";
import { openChronicle } from "./security/chronicle/chronicle.ts";
import { buildSystemPrompt } from "./engine/system_prompt.ts";
import { auditPort, openEngineAudit } from "./engine/audit_trail.ts";
import { initWorkspace } from "./engine/init_workspace.ts";
import { ModelResolver } from "./engine/model_resolver.ts";
import { createModelCheck } from "./engine/model_check.ts";
import { WebSocketHub } from "./ws/hub.ts";
import { ControlKeys } from "./ws/control_keys.ts";
import { createApiApp } from "./routes/api_app.ts";
import type { ApiServices } from "./routes/services.ts";
import { detectSandbox, type SandboxInfo } from "./security/sandbox.ts";
import { createToolRegistry } from "./tools/registry.ts";
import { parseToolArguments } from "./tools/validate_arguments.ts";
import { createMemoryService } from "./memory/memory_service.ts";
import { checkWorkspaceLayout, layoutOf } from "./security/workspace_layout.ts";
import { buildProtectedPaths } from "./security/protected_paths.ts";
import { browserLimitsFrom, createBrowserTools } from "./tools/browser/browser_tools.ts";

export const RESTART_EXIT_CODE = 75;

export interface EngineOptions {
  configPath: string;
  /** Overrides web.port (0 = any free port; tests). */
  port?: number;
  webRoot?: string;
  clock?: Clock;
  fetch?: typeof fetch;
  /** Host names http_request and git_push may reach despite the SSRF guard (tests only). */
  httpAllowHosts?: string[];
  /** Log to stderr too (default true). */
  stderrLogs?: boolean;
  /** Awaited just before the server listens (the CLI's bounded model check, so it never races a client). */
  beforeListen?: () => Promise<void>;
  /** bwrap binaries to try (tests: a missing one makes the sandbox inactive). */
  sandboxCandidates?: string[];
}

export interface RunningEngine {
  url: string;
  port: number;
  workspace: string;
  sandbox: SandboxInfo;
  /** Resolves with the process exit code once the engine has stopped (75 = restart requested). */
  finished: Promise<number>;
  stop(exitCode?: number): Promise<void>;
}

const LOCAL_BIND = new Set(["", "127.0.0.1", "localhost", "::1"]);

export async function startEngine(options: EngineOptions): Promise<RunningEngine> {
  const started = performance.now();
  const clock = options.clock ?? systemClock;
  const loaded = await loadConfig(options.configPath);
  const { config } = loaded;
  const webRoot = options.webRoot ?? fileURLToPath(new URL("../web", import.meta.url));
  checkWorkspaceLayout(layoutOf(loaded, webRoot));
  const host = config.web.host || "127.0.0.1";
  const remote = !LOCAL_BIND.has(config.web.host);
  if (remote && !config.web.password_hash) {
    throw new ConfigError(`Refusing to listen on "${host}" without web.password_hash`, [
      `web.host is "${host}", reachable from other machines: set web.password_hash ` +
      "(make one with: deno task start -- hash-password) or bind 127.0.0.1",
    ]);
  }
  await Deno.mkdir(loaded.workspace, { recursive: true });
  // The real path from here on: tools resolve symlinks, so Shield, Chronicle and IFC must see the same root.
  const workspace = await Deno.realPath(loaded.workspace);
  const stateDir = join(workspace, ".engine");
  await Deno.mkdir(join(stateDir, "logs"), { recursive: true });
  const logger = new JsonLogger({
    file: join(stateDir, "logs", "engine.log"),
    secrets: secretValues(config),
    stderr: options.stderrLogs ?? true,
    terminal: Deno.stderr.isTerminal() ? styleFor(Deno.stderr, readEnv) : undefined,
    now: () => clock.now(),
  });
  for (const warning of loaded.warnings) logger.warn("config_warning", warning, {});
  await initWorkspace({ workspace, configPath: loaded.path, config });

  const db = openDatabase(join(stateDir, "engine.db"));
  const holder = new ConfigHolder(config, loaded.path, workspace);
  const sessions = new SessionService(new SqliteSessionStore(db), new OtrSessionStore(), clock);
  const metrics = new MetricsStore(db, clock);
  const budget = new BudgetStore(db, clock);
  const bus = new EventBus();
  const engineAudit = await openEngineAudit({
    stateDir,
    db,
    workspace,
    clock,
    keyFile: config.security.audit_key_file,
    logger,
    onError: (error) => logger.error("audit_error", error.message, {}),
  });
  const audit = engineAudit.log;
  const auditTrail = auditPort(audit, logger);
  const auth = new AuthService(
    remote && config.web.auth,
    config.web.password_hash,
    new LoginStore(db),
    clock,
    (outcome, client) => {
      auditTrail.record(outcome === "success" ? "login_success" : "login_failure", "", "login", {
        client,
        outcome,
      });
      if (outcome !== "success") {
        logger.warn("login_failed", `Login ${outcome.replace("_", " ")}`, { client });
      }
    },
    config.web.auth,
  );
  const controlKeys = new ControlKeys({
    now: () => clock.now(),
    ownerValid: (owner) => auth.handleValid(owner),
  });
  sessions.observe({
    created: (session) => auditTrail.record("session_created", session.id, "", { mode: session.mode }),
    deleted: (session) => auditTrail.record("session_deleted", session.id, "", { mode: session.mode }),
  });
  const sandbox = await detectSandbox(
    options.sandboxCandidates ? { candidates: options.sandboxCandidates } : {},
  );
  if (!sandbox.active) {
    logger.warn("sandbox_inactive", `No sandbox for shell commands: ${sandbox.reason}`, {
      shell_offered: config.tools.allow_unsandboxed_shell,
    });
  }
  const home = homeDirectory();
  const models = new ModelResolver(holder, { fetch: options.fetch ?? fetch, env: readEnv });
  const memory = createMemoryService({
    workspace,
    db,
    clock,
    embedder: models.embedding(),
    log: (level, event, message, fields) => logger[level](event, message, fields ?? {}),
  });
  const protectedPaths = buildProtectedPaths({
    workspace,
    configPath: loaded.path,
    policyFiles: layoutOf(loaded).policyFiles,
    webRoot,
  });
  const enginePorts: number[] = [];
  const browser = config.tools.disabled_groups.includes("browser") ? undefined : createBrowserTools({
    workspace,
    home,
    protectedPaths,
    limits: () => browserLimitsFrom(holder.current().agents),
    allowHosts: options.httpAllowHosts,
    enginePorts: () => enginePorts,
    clock,
    onEvent: (event) =>
      event.type === "started"
        ? logger.info("browser_started", "Browser started", {
          session_id: event.sessionId,
          start_ms: Math.round(event.startMs),
        })
        : logger.info("browser_stopped", `Browser stopped: ${event.reason}`, { session_id: event.sessionId }),
  });
  sessions.observe({ deleted: (session) => void browser?.closeSession(session.id) });
  const registry = createToolRegistry(
    [
      ...buildTools({
        config,
        workspace,
        home,
        sandbox,
        memory,
        protectedPaths,
        httpAllowHosts: options.httpAllowHosts,
      }),
      ...(browser?.tools ?? []),
    ],
    { disabledGroups: config.tools.disabled_groups },
  );

  const hubRef: { current?: WebSocketHub } = {};
  const approvals = new ApprovalRegistry({
    events: bus,
    clock,
    audit: auditTrail,
    clientsFor: (sessionId) => hubRef.current?.clientsFor(sessionId) ?? 0,
    maxPerHour: config.shield.tier3.max_per_hour,
    files: { workspace, home },
  });
  const shield = await buildShield({
    config,
    workspace,
    policyFile: loaded.policyFile,
    home,
    clock,
    fetch: options.fetch ?? fetch,
    budget,
    approvals,
    evaluatorModel: () => models.language("shield"),
    observer: {
      latency: (tier, ms) => metrics.shieldLatency(tier, ms),
      verdict: (action, verdict) => metrics.shieldDecision(verdict.tier, verdict.decision, action.type),
    },
  });
  const ifc = createIfcTracker(await loadIfcPolicy(loaded.ifcPolicyFile), {
    overrideMode: config.security.override_mode || undefined,
    memoryBlockLevels: config.security.memory_block_levels,
    workspace,
    homeDir: home,
  });
  const chronicle = await openChronicle({
    workspace,
    clock,
    maxSnapshots: config.chronicle.max_snapshots,
    maxAgeDays: config.chronicle.max_age_days,
  });
  const pipeline = new ToolPipeline({
    tools: registry,
    parseArguments: parseToolArguments,
    shield,
    events: bus,
    audit: auditTrail,
    metrics,
    logger,
    clock,
    failClosed: config.general.fail_closed,
    approvalNotes: approvals,
    ifc: ifcPort(ifc, logger, auditTrail),
    snapshots: {
      snapshot: async (input) => {
        const record = await chronicle.snapshot(input);
        auditTrail.record("snapshot", input.sessionId, input.toolName, {
          action_id: input.actionId,
          snapshot_id: record.id,
        });
        return record;
      },
    },
  });
  const turns = new TurnRunner({
    sessions,
    pipeline,
    events: bus,
    metrics,
    logger,
    clock,
    model: () => models.chat(),
    toolSpecs: () => registry.specs(),
    systemPrompt: () =>
      Promise.resolve(buildSystemPrompt({
        agentName: holder.current().identity.name,
        workspace,
        memoryContext: (budgetTokens) => memory.promptContext(budgetTokens),
        tokenBudget: Math.floor(holder.current().agents.context_window * 0.1),
        now: clock.now(),
      })),
    limits: () => {
      const agents = holder.current().agents;
      return {
        maxToolRounds: agents.max_tool_rounds,
        maxResponseTokens: agents.max_response_tokens,
        contextWindow: agents.context_window,
        compactionThreshold: agents.compaction_threshold,
        outputSanitization: holder.current().general.output_sanitization,
      };
    },
  });

  const viewInputs = (): ViewInputs => ({
    config: holder.current(),
    workspace,
    sandbox,
    tier2UsedToday: () => budget.usedToday(),
    sessionCount: () => sessions.count(),
    shieldActive: true,
    hasSecret: (name) => readEnv(name) !== undefined,
  });

  let stopping: Promise<void> | undefined;
  let resolveFinished!: (code: number) => void;
  const finished = new Promise<number>((resolve) => resolveFinished = resolve);
  const requestRestart = () => {
    auditTrail.record("restart", "", "", {});
    logger.info("engine_restart", "Restart requested: exiting with code 75 for the supervisor", {});
    setTimeout(() => void stop(RESTART_EXIT_CODE), 100);
  };
  const commands = new SlashCommands({
    sessions,
    config: holder,
    statusText: () => JSON.stringify(statusView(viewInputs()), null, 2),
    usageText: (sessionId) =>
      JSON.stringify(
        {
          session: metrics.session(sessionId),
          today: (metrics.summary("today") as Record<string, unknown>).token_usage,
        },
        null,
        2,
      ),
    restart: requestRestart,
    audit: (event, sessionId, details) => auditTrail.record(event, sessionId, "", details),
    chronicle: (text, sessionId) => chronicleCommand(chronicle, text, sessionId, auditTrail),
  });
  const conversation = new Conversation(sessions, turns, approvals, commands, bus, logger, clock);
  const hub = new WebSocketHub(
    conversation,
    logger,
    () => clock.now(),
    controlKeys,
    (sessionId) => approvals.pendingEvents(sessionId),
    (request) => auth.controlAtUpgrade(request),
  );
  hubRef.current = hub;
  bus.subscribe((event) => hub.deliver(event));
  logger.onEntry((entry) =>
    bus.emit(
      makeEvent("log_entry", "", {
        level: entry.level,
        event: entry.event,
        message: entry.message,
        fields: entry.fields,
      }, entry.ts),
    )
  );

  const services: ApiServices = {
    sessions,
    auth,
    controlKeys,
    status: () => statusView(viewInputs()),
    settings: () => settingsView(viewInputs()),
    tools: () => registry.describe(),
    restart: requestRestart,
    channels: () => null,
    subAgents: () => [],
    logs: (query) => (logger.flush(), readLogPage(join(stateDir, "logs", "engine.log"), query)),
    audit: (query) => engineAudit.readPage(query),
    metrics,
    memory,
    modelCheck: createModelCheck(
      () => holder.current(),
      { fetch: options.fetch ?? fetch, env: readEnv },
      () => clock.now(),
    ),
  };
  const app = createApiApp({
    services,
    origin: { bindHost: config.web.host, allowedOrigins: config.web.allowed_origins },
    logger,
    webRoot,
    upgrade: (request) => hub.upgrade(request),
    clientAddress: (context: Context) =>
      (context.env as { remoteAddr?: Deno.NetAddr })?.remoteAddr?.hostname ?? "unknown",
  });
  await options.beforeListen?.();
  const server = Deno.serve({
    hostname: host,
    port: options.port ?? config.web.port,
    onListen: () => {},
  }, (request, info) => app.fetch(request, { remoteAddr: info.remoteAddr }));
  const port = server.addr.port;
  enginePorts.push(port);
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  logger.info("engine_ready", `Parapet is listening on ${url}`, {
    url,
    workspace,
    startup_ms: Math.round(performance.now() - started),
    sandbox: sandbox.active ? sandbox.mode : "none",
  });

  async function stop(exitCode = 0): Promise<void> {
    stopping ??= (async () => {
      approvals.denyAll();
      await conversation.stopAll();
      await browser?.shutdown();
      hub.closeAll();
      await server.shutdown();
      memory.close();
      await audit.close();
      closeDatabase(db);
      logger.info("engine_stopped", "Engine stopped", { exit_code: exitCode });
      resolveFinished(exitCode);
    })();
    await stopping;
  }

  return { url, port, workspace, sandbox, finished, stop };
}
