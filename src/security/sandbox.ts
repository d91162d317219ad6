/** Detects whether bubblewrap can confine shell commands here, and wraps a command line in it:
 * the root filesystem read-only, the workspace writable, no network, a private pid namespace. */
import * as path from "node:path";

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
  /** Why the sandbox is inactive, when it is. */
  reason?: string;
}

export interface DetectOptions {
  /** Candidate bwrap binaries, tried in order (default /usr/bin/bwrap, /usr/local/bin/bwrap, /bin/bwrap). */
  candidates?: string[];
}

const INACTIVE: SandboxInfo = { active: false, mode: "none", filesystem: false, network: false };
const DEFAULT_CANDIDATES = ["/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap"];

/** Runs bwrap once with the real flags: in containers without user namespaces it is installed but cannot work. */
export async function detectSandbox(options: DetectOptions = {}): Promise<SandboxInfo> {
  const bwrapPath = (options.candidates ?? DEFAULT_CANDIDATES).find(isFile);
  if (!bwrapPath) return { ...INACTIVE, reason: "bubblewrap (bwrap) is not installed" };
  let failure = "";
  for (const dropCapabilities of [true, false]) {
    const probe: SandboxInfo = {
      active: true,
      mode: "bubblewrap",
      filesystem: true,
      network: true,
      bwrapPath,
      dropCapabilities,
    };
    const argv = wrapCommand(probe, "/", ["/bin/sh", "-c", "true"]);
    failure = await probeRuns(argv);
    if (failure === "") return probe;
  }
  return { ...INACTIVE, bwrapPath, reason: `bubblewrap cannot start here: ${failure}` };
}

/** The bwrap argv confining `argv`; when the sandbox is inactive, `argv` unchanged. */
export function wrapCommand(info: SandboxInfo, workspace: string, argv: string[]): string[] {
  if (!info.active || !info.bwrapPath) return argv;
  const workspaceDir = path.resolve(workspace);
  // Order matters: the tmpfs on /tmp comes before the workspace bind, or a workspace under /tmp would vanish.
  // deno-fmt-ignore
  const wrapped = [
    info.bwrapPath,
    "--ro-bind", "/", "/",
    "--dev", "/dev",
    "--proc", "/proc",
    "--tmpfs", "/tmp",
    "--bind", workspaceDir, workspaceDir,
  ];
  // The engine's own state (database, audit log) lives in the workspace but is never the command's to change.
  const engineDir = path.join(workspaceDir, ".engine");
  if (workspaceDir !== "/" && isDirectory(engineDir)) wrapped.push("--ro-bind", engineDir, engineDir);
  wrapped.push("--unshare-net", "--unshare-pid", "--unshare-ipc", "--die-with-parent", "--new-session");
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

function isDirectory(candidate: string): boolean {
  try {
    return Deno.statSync(candidate).isDirectory;
  } catch {
    return false;
  }
}
