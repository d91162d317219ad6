/** Runs one git command on the workspace repository the way git tools must: inside the sandbox, with no global
 * or system config, the repository's config reduced to data (or, unsandboxed, refused when it holds more),
 * nothing of the agent's ever executed, and network only for a push to its judged, pinned address. */
import * as path from "node:path";
import { type SandboxInfo, wrapCommand } from "../sandbox/sandbox.ts";
import { afterNetworkReady, attachUserNetwork } from "../sandbox/user_network.ts";
import {
  checkRepository,
  type ConfigEntry,
  parseConfigList,
  sanitisedConfig,
  unsafeKeys,
} from "./git_config.ts";
import { runProcess } from "./process_runner.ts";
import { ToolError } from "../lib/errors.ts";

export interface GitRunnerOptions {
  workspace: string;
  sandbox?: SandboxInfo;
  /** Per git invocation (default 60). */
  timeoutSeconds?: number;
  /** Output bytes returned (default 100_000). */
  maxOutputBytes?: number;
  /** PATH for git (default the usual system directories). */
  path?: string;
}

/** A push as judged: the remote, its URL, and where the URL's host resolved when checked just now. */
export interface PushPlan {
  remote: string;
  url: string;
  /** `host:port:address` for curl, so git connects to the checked address and no other. */
  pin: string;
  /** Test-only: a host loopback port the push namespace may reach (an allow-listed local remote). */
  forwardPort?: number;
}

export type GitResult = { code: number; output: string };
export type Git = (args: string[], push?: PushPlan) => Promise<GitResult>;

const DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
/** Overrides on the command line, in case anything the reduced config cannot hold would still be read. */
const OVERRIDES = [
  "core.hooksPath=/dev/null",
  "core.fsmonitor=false",
  "core.pager=cat",
  "credential.helper=",
  "http.followRedirects=false",
  "http.sslVerify=true",
  "commit.gpgSign=false",
  "tag.gpgSign=false",
  "push.gpgSign=false",
  "push.recurseSubmodules=no",
  "submodule.recurse=false",
  "gc.auto=0",
  "maintenance.auto=false",
].flatMap((setting) => ["-c", setting]);

export function createGitRunner(options: GitRunnerOptions): Git {
  const workspace = options.workspace;
  return async (args, push) => {
    const action = subcommandOf(args);
    const configPath = await checkRepository(workspace, action);
    const entries = await readConfig(configPath);
    const sandbox = options.sandbox?.active ? options.sandbox : undefined;
    if (!sandbox) refuseUnsafe(entries, action, push);
    const overlay = sandbox ? await Deno.makeTempFile({ prefix: "parapet-git-config-" }) : undefined;
    try {
      if (overlay) await Deno.writeTextFile(overlay, sanitisedConfig(entries, push));
      const result = await runProcess({
        argv: commandLine(args, { workspace, sandbox, configPath, overlay, push }),
        cwd: workspace,
        env: gitEnvironment(workspace, options.path, push),
        timeoutMs: (options.timeoutSeconds ?? 60) * 1000,
        maxOutputBytes: options.maxOutputBytes ?? 100_000,
        onSpawn: networkFor(sandbox, push),
      });
      if (result.timedOut) throw new ToolError(`Cannot run git ${action}: timed out`);
      return { code: result.code, output: result.output.trimEnd() };
    } finally {
      if (overlay) await Deno.remove(overlay).catch(() => {});
    }
  };
}

interface Placement {
  workspace: string;
  sandbox?: SandboxInfo;
  configPath: string;
  /** The reduced config, bound over the repository's own inside the sandbox. */
  overlay?: string;
  push?: PushPlan;
}

/** git with its overrides; inside bubblewrap when active, a push waiting for its pasta network. */
function commandLine(args: string[], place: Placement): string[] {
  const { sandbox, push } = place;
  let argv = ["git", ...OVERRIDES, "--no-pager", ...(push ? ["-c", `http.curloptResolve=${push.pin}`] : [])];
  argv.push(...args);
  if (!sandbox) return argv;
  const userNetwork = Boolean(push && sandbox.userNetworkPath);
  if (push && userNetwork) argv = afterNetworkReady(argv, push.forwardPort);
  return wrapCommand(sandbox, place.workspace, argv, {
    protect: { hidden: [".engine"], readOnly: [".git/hooks"] },
    overlays: [{ source: place.overlay!, target: place.configPath }],
    // Without pasta a push shares the host's network: only the pinned, checked address protects it.
    network: push && !userNetwork ? "host" : "none",
  });
}

/** For a sandboxed push with pasta: attaches the user-mode network once bwrap has made the namespace. */
function networkFor(sandbox?: SandboxInfo, push?: PushPlan) {
  const pastaPath = sandbox?.userNetworkPath;
  if (!push || !pastaPath) return undefined;
  return (pid: number) =>
    attachUserNetwork(pid, {
      pastaPath,
      forwardPort: push.forwardPort,
      capabilitiesDropped: sandbox.dropCapabilities,
    });
}

/** The workspace repository's config after the repository checks, as git tools judge it. */
export async function readRepositoryConfig(workspace: string, action: string): Promise<ConfigEntry[]> {
  return await readConfig(await checkRepository(workspace, action));
}

/** The config as written, includes not followed (an include could name any file). */
async function readConfig(configPath: string): Promise<ConfigEntry[]> {
  const result = await runProcess({
    argv: ["git", "config", "--file", configPath, "--no-includes", "--list", "-z"],
    cwd: path.dirname(configPath),
    env: {
      PATH: DEFAULT_PATH,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      HOME: "/nonexistent",
    },
    timeoutMs: 10_000,
    maxOutputBytes: 1_000_000,
  });
  if (result.code !== 0) throw new ToolError(`Cannot read "${configPath}": ${result.output.trim()}`);
  return parseConfigList(result.output);
}

/** Without a sandbox the repository's own config is what git reads: refuse anything in it beyond data. */
function refuseUnsafe(entries: ConfigEntry[], action: string, push?: PushPlan): void {
  const unsafe = unsafeKeys(entries);
  if (unsafe.length > 0) {
    throw new ToolError(
      `Cannot run git ${action} without a sandbox: the repository config sets ${
        unsafe.map((key) => `"${key}"`).join(", ")
      }, which git tools never obey`,
    );
  }
  if (!push) return;
  const urls = entries.filter((entry) =>
    entry.key === `remote.${push.remote}.url` || entry.key === `remote.${push.remote}.pushurl`
  );
  if (urls.length !== 1 || urls[0].value !== push.url) {
    throw new ToolError(`Cannot push: the URL of remote "${push.remote}" changed since it was judged`);
  }
}

function gitEnvironment(workspace: string, searchPath: string | undefined, push?: PushPlan) {
  return {
    PATH: searchPath ?? DEFAULT_PATH,
    // Nothing outside the repository's own (reduced) config is read: no home, no system, no XDG file.
    HOME: "/nonexistent",
    XDG_CONFIG_HOME: "/nonexistent",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CEILING_DIRECTORIES: path.dirname(workspace),
    GIT_TERMINAL_PROMPT: "0",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_EDITOR: "true",
    // Transports other than https (file, ssh, ext::, helpers) are refused for every remote, submodules included.
    GIT_ALLOW_PROTOCOL: push && new URL(push.url).protocol === "http:" ? "http" : "https",
    LANG: "C.UTF-8",
  };
}

/** The git subcommand in `args`, skipping `-c key=value` pairs before it (for error messages). */
function subcommandOf(args: string[]): string {
  for (let index = 0; index < args.length; index++) {
    if (args[index] === "-c") index++;
    else if (!args[index].startsWith("-")) return args[index];
  }
  return "git";
}
