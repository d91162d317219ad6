/** The checks of `doctor`: each answers ok, warn or fail in one sentence, with the fix for anything not ok. */
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Config, ModelConfig } from "../config/schema.ts";
import { readEnv } from "../config/env.ts";
import { probeModel } from "../providers/probe_model.ts";
import { detectSandbox } from "../sandbox/sandbox.ts";

export type CheckStatus = "ok" | "warn" | "fail";

export interface CheckResult {
  status: CheckStatus;
  /** Short subject, e.g. "config", "model local". */
  name: string;
  message: string;
  fix?: string;
}

const APP_DIR = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
/** The Deno line the project is built and tested with (README, .ci/run). */
const DENO_MINIMUM = [2, 9];
const KEY_DEFAULTS: Record<string, string | undefined> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GEMINI_API_KEY",
};

export function denoVersionCheck(version = Deno.version.deno): CheckResult {
  const [major, minor] = version.split(".").map(Number);
  const recent = major > DENO_MINIMUM[0] || (major === DENO_MINIMUM[0] && minor >= DENO_MINIMUM[1]);
  return recent ? { status: "ok", name: "deno", message: `Deno ${version}` } : {
    status: "fail",
    name: "deno",
    message: `Deno ${version} is older than ${DENO_MINIMUM.join(".")}`,
    fix: "npm i -g deno@2.9.6",
  };
}

/** Every key variable a model or an enabled channel names is set (values are never printed). */
export function keyChecks(config: Config): CheckResult[] {
  const results: CheckResult[] = [];
  for (const model of config.models) {
    const name = model.api_key_env ?? (model.base_url ? undefined : KEY_DEFAULTS[model.provider]);
    if (!name) continue;
    results.push(
      readEnv(name) !== undefined
        ? { status: "ok", name: `key ${name}`, message: `set (model "${model.name}")` }
        : {
          status: "fail",
          name: `key ${name}`,
          message: `not set, but model "${model.name}" needs it`,
          fix: model.base_url
            ? `export ${name}=..., or remove api_key_env from "${model.name}" if its server needs no key`
            : `export ${name}=... (your ${model.provider} API key) before starting`,
        },
    );
  }
  for (const [platform, settings] of Object.entries(config.channels)) {
    if (!settings?.enabled) continue;
    for (const [key, name] of Object.entries(settings)) {
      if (!key.endsWith("_env") || typeof name !== "string" || readEnv(name) !== undefined) continue;
      results.push({
        status: "fail",
        name: `key ${name}`,
        message: `not set, but channels.${platform}.${key} names it`,
        fix: `export ${name}=...`,
      });
    }
  }
  return results;
}

export async function modelCheck(
  model: ModelConfig,
  config: Config,
  timeoutMs: number,
): Promise<CheckResult> {
  const probe = await probeModel(model, { fetch, env: readEnv }, timeoutMs);
  const roles = Object.entries(config.roles).filter(([, name]) => name === model.name).map(([role]) => role);
  const label = `${model.name} (${model.provider} ${model.model}${
    roles.length ? `, ${roles.join(", ")}` : ""
  })`;
  const unused = roles.length === 0;
  return {
    status: probe.ok ? "ok" : unused ? "warn" : "fail",
    name: `model ${model.name}`,
    message: `${label}: ${probe.message}`,
    fix: probe.fix,
  };
}

export function chatRoleCheck(config: Config): CheckResult | undefined {
  if (config.roles.chat) return undefined;
  return {
    status: "fail",
    name: "roles.chat",
    message: "no chat model is set, so the agent cannot answer",
    fix: "deno task start -- init, or add a models[] entry and set roles.chat to its name",
  };
}

export async function sandboxCheck(): Promise<CheckResult> {
  const sandbox = await detectSandbox();
  if (sandbox.active) {
    return { status: "ok", name: "sandbox", message: `bubblewrap works (${sandbox.bwrapPath})` };
  }
  return {
    status: "warn",
    name: "sandbox",
    message: `${sandbox.reason ?? "bubblewrap is unavailable"}: shell commands would run unconfined`,
    fix: sandbox.bwrapPath
      ? "allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1) or run outside this container"
      : "apt-get install bubblewrap",
  };
}

export async function chromiumCheck(config: Config): Promise<CheckResult> {
  if (config.tools.disabled_groups.includes("browser")) {
    return { status: "ok", name: "chromium", message: "not needed: the browser tool group is disabled" };
  }
  for (const candidate of ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]) {
    const found = await which(candidate);
    if (found) return { status: "ok", name: "chromium", message: `found at ${found}` };
  }
  return {
    status: "warn",
    name: "chromium",
    message: "not found: the browser tool cannot run",
    fix: "apt-get install chromium, or add browser to tools.disabled_groups",
  };
}

export async function portCheck(config: Config): Promise<CheckResult> {
  const host = config.web.host || "127.0.0.1";
  const port = config.web.port;
  try {
    Deno.listen({ hostname: host, port }).close();
    return { status: "ok", name: "port", message: `${host}:${port} is free` };
  } catch (error) {
    if (!(error instanceof Deno.errors.AddrInUse)) {
      return {
        status: "fail",
        name: "port",
        message: `cannot listen on ${host}:${port}: ${(error as Error).message}`,
        fix: "fix web.host or web.port",
      };
    }
  }
  const parapet = await fetch(`http://${host.includes(":") ? `[${host}]` : host}:${port}/api/status`, {
    signal: AbortSignal.timeout(2000),
  }).then(async (
    response,
  ) => (await response.body?.cancel(), response.headers.get("content-type")?.includes("json")))
    .catch(() => false);
  return parapet
    ? {
      status: "ok",
      name: "port",
      message: `${host}:${port} is in use by a running engine (deno task start -- chat talks to it)`,
    }
    : {
      status: "fail",
      name: "port",
      message: `${host}:${port} is in use by another program`,
      fix: "stop that program, or set web.port (or start with --port N)",
    };
}

/** The workspace is a writable folder that holds neither the config file nor the engine's own source. */
export async function workspaceCheck(workspace: string, configPath: string): Promise<CheckResult> {
  const inside = (path: string) => {
    const rel = relative(resolve(workspace), resolve(path));
    return rel === "" || (!rel.startsWith("..") && !rel.startsWith("/"));
  };
  if (inside(APP_DIR)) {
    return {
      status: "fail",
      name: "workspace",
      message: `${workspace} contains Parapet's own source: the agent could edit the engine`,
      fix: "set workspace: ./workspace in config.yaml",
    };
  }
  if (inside(configPath)) {
    return {
      status: "warn",
      name: "workspace",
      message: `${workspace} contains the config file: the agent could change its own settings`,
      fix: "set workspace: ./workspace in config.yaml",
    };
  }
  try {
    const info = await Deno.stat(workspace);
    if (!info.isDirectory) {
      return {
        status: "fail",
        name: "workspace",
        message: `${workspace} is not a folder`,
        fix: "point workspace at a folder",
      };
    }
    const probe = join(workspace, `.doctor-${crypto.randomUUID().slice(0, 8)}`);
    await Deno.writeTextFile(probe, "");
    await Deno.remove(probe);
    return { status: "ok", name: "workspace", message: `${workspace} is writable` };
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return { status: "ok", name: "workspace", message: `${workspace} will be created on first start` };
    }
    return {
      status: "fail",
      name: "workspace",
      message: `${workspace}: ${(error as Error).message}`,
      fix: "make it writable for this user",
    };
  }
}

async function which(command: string): Promise<string | undefined> {
  for (const folder of (readEnv("PATH") ?? "/usr/bin:/bin").split(":")) {
    const path = join(folder, command);
    const info = await Deno.stat(path).catch(() => undefined);
    if (info?.isFile && (info.mode ?? 0o111) & 0o111) return path;
  }
  return undefined;
}
