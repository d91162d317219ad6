/** Deno permission flags for the engine process: these flags are the sandbox of the engine itself. */
import { dirname, resolve } from "node:path";
import { fileURLToPath as fromFileUrl } from "node:url";
import type { Config } from "../config/schema.ts";
import { channelNetHosts } from "../config/channel_hosts.ts";
import { mailCalendarHosts } from "../tools/mail_calendar_hosts.ts";
import { glibcPath } from "../app/malloc_trim.ts";

export async function enginePermissionFlags(
  config: Config,
  workspace: string,
  configPath: string,
): Promise<string[]> {
  const appDir = dirname(dirname(dirname(fromFileUrl(import.meta.url))));
  const denoDir = await denoCacheDir();
  // Policies resolve against the config file's folder and may name a folder of their own.
  const policyFolders = [config.shield.policy_file, config.security.ifc_policy].map((file) =>
    dirname(resolve(dirname(configPath), file))
  );
  const read = unique([
    workspace,
    appDir,
    dirname(configPath),
    ...policyFolders,
    // Google's OAuth client file may live beside the config or anywhere the operator put it.
    ...(config.calendar.google_credentials_file
      ? [resolve(dirname(configPath), config.calendar.google_credentials_file)]
      : []),
    denoDir,
    "/etc",
    "/usr",
    "/proc/self",
    "/tmp",
    Deno.execPath(),
    // The sandbox binds these into bubblewrap, and must see what they are (on merged-/usr, symlinks).
    ...["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"].filter(exists),
  ]);
  const write = unique([workspace, dirname(configPath), "/tmp"]);
  const flags = [
    `--allow-read=${read.join(",")}`,
    `--allow-write=${write.join(",")}`,
    // npm packages probe arbitrary variables (bcrypt-ts reads NEXT_RUNTIME) and crash when refused, so env
    // access stays open; secrets are read only through src/config/env.ts and masked in every log line.
    "--allow-env",
    "--allow-sys=hostname,osRelease,uid,gid,networkInterfaces,homedir,cpus,systemMemoryInfo",
    // Deno.kill of a process group needs unrestricted run permission, and bash may start any program anyway:
    // shell commands are confined by bubblewrap (src/sandbox/sandbox.ts), not by this flag.
    "--allow-run",
  ];
  // glibc's malloc_trim and madvise, which the engine calls when it goes quiet after work (src/app/idle_memory.ts,
  // src/app/cold_pages.ts): that one library file (the engine already runs any program; this adds no reach beyond it).
  const libc = glibcPath();
  if (libc) flags.push(`--allow-ffi=${libc}`);
  flags.push(needsOpenNetwork(config) ? "--allow-net" : `--allow-net=${netHosts(config).join(",")}`);
  return flags;
}

/** http_request and the browser reach hosts chosen at run time; the SSRF guard then does the narrowing. */
function needsOpenNetwork(config: Config): boolean {
  const disabled = new Set(config.tools.disabled_groups);
  return !disabled.has("http") || !disabled.has("browser") || !disabled.has("email") ||
    !disabled.has("messaging");
}

function netHosts(config: Config): string[] {
  const hosts = new Set<string>([
    `${config.web.host || "127.0.0.1"}:${config.web.port}`,
    "127.0.0.1",
    "localhost",
  ]);
  for (const model of config.models) {
    const fallback: Record<string, string> = {
      openai: "api.openai.com",
      anthropic: "api.anthropic.com",
      google: "generativelanguage.googleapis.com",
      ollama: "localhost:11434",
    };
    try {
      hosts.add(model.base_url ? new URL(model.base_url).host : fallback[model.provider]);
    } catch {
      // validated by the schema already
    }
  }
  if (config.shield.classifier_addr) hosts.add(config.shield.classifier_addr);
  for (const host of channelNetHosts(config)) hosts.add(host);
  if (!config.tools.disabled_groups.includes("calendar")) {
    for (const host of mailCalendarHosts(config)) hosts.add(host);
  }
  return [...hosts];
}

async function denoCacheDir(): Promise<string> {
  try {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json"],
      stdout: "piped",
      stderr: "null",
    }).output();
    return JSON.parse(new TextDecoder().decode(output.stdout)).denoDir ?? "/root/.cache/deno";
  } catch {
    return "/root/.cache/deno";
  }
}

function unique(items: string[]): string[] {
  return [...new Set(items.filter(Boolean))];
}

function exists(entry: string): boolean {
  try {
    Deno.lstatSync(entry);
    return true;
  } catch {
    return false;
  }
}
