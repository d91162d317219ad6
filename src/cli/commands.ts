/** One function per CLI subcommand; main.ts only dispatches. */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath as fromFileUrl } from "node:url";
import { hashSync } from "bcrypt-ts";
import { loadConfig } from "../config/load_config.ts";
import { ConfigError } from "../errors.ts";
import { startEngine } from "../app.ts";
import { runSupervisor } from "../engine/supervisor.ts";
import { initWorkspace } from "../engine/init_workspace.ts";
import { runAuditVerifyCli } from "../security/audit/audit_verify_cli.ts";
import { readAuditKey } from "../security/audit/audit_key.ts";
import { readAnchorReadOnly } from "../store/audit_anchor_store.ts";
import { checkWorkspaceLayout, layoutOf } from "../security/workspace_layout.ts";

const MAIN_MODULE = join(dirname(dirname(dirname(fromFileUrl(import.meta.url)))), "main.ts");

export function configPathFrom(options: Record<string, string>): string {
  return resolve(options.config ?? "config.yaml");
}

export function portFrom(options: Record<string, string>): number | undefined {
  if (options.port === undefined) return undefined;
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`Invalid --port "${options.port}"`, [
      "--port must be a whole number from 0 to 65535",
    ]);
  }
  return port;
}

export async function startCommand(options: Record<string, string>): Promise<number> {
  const configPath = configPathFrom(options);
  const loaded = await loadConfig(configPath);
  if (loaded.created) console.error(`Wrote a default configuration to ${loaded.path}`);
  for (const warning of loaded.warnings) console.error(`Warning: ${warning}`);
  // Checked here too, so a bad layout stops before the supervisor starts engines it would restart.
  checkWorkspaceLayout(layoutOf(loaded));
  return await runSupervisor({
    config: loaded.config,
    configPath: loaded.path,
    workspace: loaded.workspace,
    mainModule: MAIN_MODULE,
    port: portFrom(options),
  });
}

export async function engineCommand(options: Record<string, string>): Promise<number> {
  const engine = await startEngine({ configPath: configPathFrom(options), port: portFrom(options) });
  console.log(`Parapet is ready at ${engine.url}`);
  const stop = () => void engine.stop(0);
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  return await engine.finished;
}

export async function initCommand(options: Record<string, string>): Promise<number> {
  const loaded = await loadConfig(configPathFrom(options));
  checkWorkspaceLayout(layoutOf(loaded));
  await initWorkspace({ workspace: loaded.workspace, configPath: loaded.path, config: loaded.config });
  console.log(`Workspace ready at ${loaded.workspace} (config: ${loaded.path})`);
  return 0;
}

export function hashPasswordCommand(): number {
  const password = Deno.env.get("PARAPET_PASSWORD") ?? prompt("Password for the web UI:");
  if (!password || password.length < 8) {
    console.error("The password must have at least 8 characters");
    return 2;
  }
  console.log(`web:\n  password_hash: "${hashSync(password, 12)}"`);
  return 0;
}

export async function auditCommand(positionals: string[], options: Record<string, string>): Promise<number> {
  if (positionals[0] !== "verify") {
    console.error("Usage: parapet audit verify [--config PATH | --file audit.jsonl] [--key KEY_FILE]");
    return 2;
  }
  let file = options.file;
  let keyFile: string | undefined = options.key;
  if (file === undefined) {
    const loaded = await loadConfig(configPathFrom(options));
    file = join(loaded.workspace, ".engine", "audit.jsonl");
    keyFile ??= loaded.config.security.audit_key_file;
  }
  const database = join(dirname(resolve(file)), "engine.db");
  try {
    const key = keyFile ? await readAuditKey(keyFile) : undefined;
    return await runAuditVerifyCli(file, console.log, {
      readAnchor: () => readAnchorReadOnly(database),
      key,
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.log(`${error.message}: ${error.problems.join("; ")}`);
    return 1;
  }
}
