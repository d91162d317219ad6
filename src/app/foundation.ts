/** What every concern of the engine stands on: the loaded config, the real workspace, the logger, engine.db with
 * its stores, the live config, the models and the event bus. Built first, in this order. */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig, type LoadedConfig } from "../config/load_config.ts";
import { homeDirectory, readEnv, secretValues } from "../config/env.ts";
import type { Config } from "../config/schema.ts";
import { ConfigHolder } from "../config/config_holder.ts";
import { type Clock, systemClock } from "../lib/clock.ts";
import { ConfigError } from "../lib/errors.ts";
import { styleFor } from "../lib/terminal_style.ts";
import { JsonLogger } from "../log/logger.ts";
import { type Database, openDatabase } from "../store/database.ts";
import { SqliteSessionStore } from "../store/sqlite_session_store.ts";
import { OtrSessionStore } from "../store/otr_session_store.ts";
import { MetricsStore } from "../store/metrics_store.ts";
import { BudgetStore } from "../store/budget_store.ts";
import { SessionService } from "../engine/session_service.ts";
import { EventBus } from "../engine/events.ts";
import { checkWorkspaceLayout, layoutOf } from "../workspace/workspace_layout.ts";
import type { EngineOptions } from "./engine_options.ts";
import { initWorkspace } from "./init_workspace.ts";
import { ModelResolver } from "./model_resolver.ts";
import { pooledFetch } from "./pooled_fetch.ts";

export interface Foundation {
  options: EngineOptions;
  loaded: LoadedConfig;
  /** The config the engine started with; live-applicable settings are read through `holder`. */
  config: Config;
  holder: ConfigHolder;
  clock: Clock;
  /** Outgoing HTTP: the injected fetch, or the engine's bounded pool (pooled_fetch.ts). */
  fetch: typeof fetch;
  /** Closes the bounded pool's connections (nothing for an injected fetch); last thing on stop. */
  closeFetch: () => void;
  /** The workspace's real path: tools resolve symlinks, so Shield, Chronicle and IFC see the same root. */
  workspace: string;
  /** `<workspace>/.engine`: engine.db, audit.jsonl, logs/, chronicle/. */
  stateDir: string;
  home: string;
  webRoot: string;
  /** The bind address and whether it is reachable from other machines. */
  host: string;
  remote: boolean;
  logger: JsonLogger;
  db: Database;
  sessions: SessionService;
  metrics: MetricsStore;
  budget: BudgetStore;
  models: ModelResolver;
  events: EventBus;
}

const LOCAL_BIND = new Set(["", "127.0.0.1", "localhost", "::1"]);

export async function openFoundation(options: EngineOptions): Promise<Foundation> {
  const clock = options.clock ?? systemClock;
  const loaded = await loadConfig(options.configPath);
  const { config } = loaded;
  const webRoot = options.webRoot ?? fileURLToPath(new URL("../../web", import.meta.url));
  checkWorkspaceLayout(layoutOf(loaded, webRoot));
  const { host, remote } = bindAddress(config);
  await Deno.mkdir(loaded.workspace, { recursive: true });
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
  const pool = options.fetch ? undefined : pooledFetch();
  const fetchFunction = options.fetch ?? pool!.fetch;
  return {
    options,
    loaded,
    config,
    holder,
    clock,
    fetch: fetchFunction,
    closeFetch: () => pool?.close(),
    workspace,
    stateDir,
    home: homeDirectory(),
    webRoot,
    host,
    remote,
    logger,
    db,
    sessions: new SessionService(new SqliteSessionStore(db), new OtrSessionStore(), clock),
    metrics: new MetricsStore(db, clock),
    budget: new BudgetStore(db, clock),
    models: new ModelResolver(holder, { fetch: fetchFunction, env: readEnv }),
    events: new EventBus(),
  };
}

/** A non-localhost bind without a password is refused (docs/security.md, "Web access") before anything is
 * written. */
function bindAddress(config: Config): { host: string; remote: boolean } {
  const host = config.web.host || "127.0.0.1";
  const remote = !LOCAL_BIND.has(config.web.host);
  if (remote && !config.web.password_hash) {
    throw new ConfigError(`Refusing to listen on "${host}" without web.password_hash`, [
      `web.host is "${host}", reachable from other machines: set web.password_hash ` +
      "(make one with: deno task start -- hash-password) or bind 127.0.0.1",
    ]);
  }
  return { host, remote };
}
