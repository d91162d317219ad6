/** Detects whether bubblewrap can confine commands here, and wraps a command line in it: only the system
 * directories (read-only, secrets hidden) and the workspace (writable, protected paths hidden or read-only),
 * no network unless asked, a private pid namespace whose end kills every process started inside it. */
import * as path from "node:path";
import {
  DEFAULT_PROTECTED_PATHS,
  type SandboxProtection,
  systemMounts,
  workspaceMounts,
} from "./sandbox_mounts.ts";

export { DEFAULT_PROTECTED_PATHS, type SandboxProtection } from "./sandbox_mounts.ts";

export interface SandboxInfo {
  active: boolean;
  mode: "bubblewrap" | "none";
  /** Writes outside the workspace are blocked. */
  filesystem: boolean;
  /** Network access is blocked. */
  network: boolean;
  bwrapPath?: string;
  /** True when `--cap-drop ALL` works here (running as root, capabilities must be dropped explicitly). */
  dropCapabilities?: boolean;
  /** pasta (Debian package passt): gives `git_push` a user-mode network without the host's loopback. */
  userNetworkPath?: string;
  /** `unshare` when it can give a command its own pid namespace: without bubblewrap, the only way a
   * `setsid` grandchild still dies with the command. */
  unsharePath?: string;
  /** `setpriv`, to tie that namespace's life to the engine's. */
  setprivPath?: string;
  /** Why the sandbox is inactive, when it is. */
  reason?: string;
}

export interface DetectOptions {
  /** Candidate bwrap binaries, tried in order (default /usr/bin/bwrap, /usr/local/bin/bwrap, /bin/bwrap). */
  candidates?: string[];
  /** Candidate pasta binaries (default /usr/bin/pasta, /usr/local/bin/pasta); [] = none. */
  userNetworkCandidates?: string[];
  /** Candidate unshare binaries (default /usr/bin/unshare, /bin/unshare); [] = none. */
  unshareCandidates?: string[];
}

export interface WrapOptions {
  /** Workspace paths hidden or read-only (default DEFAULT_PROTECTED_PATHS). */
  protect?: SandboxProtection;
  /** Files bound read-only at a target path after everything else (git's sanitised config). */
  overlays?: { source: string; target: string }[];
  /** "none" (default): an empty network namespace. "host": the host's network, for `git_push` without pasta. */
  network?: "none" | "host";
}

const INACTIVE: SandboxInfo = { active: false, mode: "none", filesystem: false, network: false };
const DEFAULT_CANDIDATES = ["/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap"];
const DEFAULT_USER_NETWORK = ["/usr/bin/pasta", "/usr/local/bin/pasta"];
const DEFAULT_UNSHARE = ["/usr/bin/unshare", "/bin/unshare"];

/** Runs bwrap once with the real flags: in containers without user namespaces it is installed but cannot work. */
export async function detectSandbox(options: DetectOptions = {}): Promise<SandboxInfo> {
  const inactive = { ...INACTIVE, ...await detectUnshare(options.unshareCandidates ?? DEFAULT_UNSHARE) };
  const bwrapPath = (options.candidates ?? DEFAULT_CANDIDATES).find(isFile);
  if (!bwrapPath) return { ...inactive, reason: "bubblewrap (bwrap) is not installed" };
  const userNetworkPath = (options.userNetworkCandidates ?? DEFAULT_USER_NETWORK).find(isFile);
  let failure = "";
  for (const dropCapabilities of [true, false]) {
    const probe: SandboxInfo = {
      active: true,
      mode: "bubblewrap",
      filesystem: true,
      network: true,
      bwrapPath,
      dropCapabilities,
      ...(userNetworkPath ? { userNetworkPath } : {}),
    };
    const argv = wrapCommand(probe, "/tmp", ["/bin/sh", "-c", "true"], {
      protect: { hidden: [], readOnly: [] },
    });
    failure = await probeRuns(argv);
    if (failure === "") return probe;
  }
  return { ...inactive, bwrapPath, reason: `bubblewrap cannot start here: ${failure}` };
}

/** Without bubblewrap: the command as pid 1 of its own pid namespace when `unshare` can make one, so killing
 * it ends every descendant, `setsid` and double-forked ones included; else `argv` unchanged. */
export function containProcesses(info: SandboxInfo, argv: string[]): string[] {
  if (info.active || !info.unsharePath) return argv;
  // setpriv's parent-death signal outlives its exec into unshare: if the engine dies, so does the namespace.
  const dieWithParent = info.setprivPath ? [info.setprivPath, "--pdeathsig", "KILL"] : [];
  return [...dieWithParent, info.unsharePath, "--pid", "--fork", "--kill-child", ...argv];
}

async function detectUnshare(candidates: string[]): Promise<Partial<SandboxInfo>> {
  const unsharePath = candidates.find(isFile);
  if (!unsharePath) return {};
  const failure = await probeRuns([unsharePath, "--pid", "--fork", "--kill-child", "/bin/sh", "-c", "true"]);
  if (failure !== "") return {};
  const setprivPath = ["/usr/bin/setpriv", "/bin/setpriv"].find(isFile);
  return setprivPath ? { unsharePath, setprivPath } : { unsharePath };
}

/** The bwrap argv confining `argv`; when the sandbox is inactive, `argv` unchanged. */
export function wrapCommand(
  info: SandboxInfo,
  workspace: string,
  argv: string[],
  options: WrapOptions = {},
): string[] {
  if (!info.active || !info.bwrapPath) return argv;
  const workspaceDir = realPathOr(path.resolve(workspace));
  // Order matters: the scratch tmpfs mounts come before the workspace, or a workspace under /tmp would vanish.
  const wrapped = [info.bwrapPath, ...systemMounts()];
  wrapped.push(...workspaceMounts(workspaceDir, options.protect ?? DEFAULT_PROTECTED_PATHS));
  for (const overlay of options.overlays ?? []) wrapped.push("--ro-bind", overlay.source, overlay.target);
  if (options.network !== "host") wrapped.push("--unshare-net");
  // A new session stops TIOCSTI; the pid namespace ends with its first process, taking every descendant along.
  wrapped.push("--unshare-pid", "--unshare-ipc", "--unshare-uts", "--die-with-parent", "--new-session");
  if (info.dropCapabilities) wrapped.push("--cap-drop", "ALL");
  wrapped.push("--chdir", workspaceDir, "--", ...argv);
  return wrapped;
}

async function probeRuns(argv: string[]): Promise<string> {
  try {
    const output = await new Deno.Command(argv[0], {
      args: argv.slice(1),
      stdin: "null",
      stdout: "null",
      stderr: "piped",
      signal: AbortSignal.timeout(10_000),
    }).output();
    if (output.success) return "";
    return new TextDecoder().decode(output.stderr).trim().split("\n")[0] || `exit code ${output.code}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function isFile(candidate: string): boolean {
  try {
    return Deno.statSync(candidate).isFile;
  } catch {
    return false;
  }
}

function realPathOr(candidate: string): string {
  try {
    return Deno.realPathSync(candidate);
  } catch {
    return candidate;
  }
}
