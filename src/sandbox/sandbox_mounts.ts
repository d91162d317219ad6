/** The filesystem a sandboxed command sees: the system directories read-only minus known secrets, empty
 * scratch directories, the workspace writable, and protected workspace paths hidden or read-only. */
import * as path from "node:path";

/** Paths (absolute, or relative to the workspace) the sandbox must protect. */
export interface SandboxProtection {
  /** Made invisible: an empty tmpfs over a directory, /dev/null over a file. */
  hidden: string[];
  /** Bound read-only over the writable workspace (a mount point cannot be renamed or deleted either). */
  readOnly: string[];
}

/** What the shell may never change or see in the workspace. The whole `.git` is read-only, not only its hooks
 * and config: with only those bound, `mv .git old && cp -r old .git` gives a writable copy. */
export const DEFAULT_PROTECTED_PATHS: SandboxProtection = {
  hidden: [".engine"],
  readOnly: [".git", "IDENTITY.md", "AGENTS.md"],
};

/** Bound read-only when present; on merged-/usr systems most are symlinks into /usr and stay symlinks. */
const SYSTEM_PATHS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"];
/** Empty and private in the sandbox: other users' files, sockets, caches and logs stay out of reach. */
const SCRATCH_DIRECTORIES = ["/tmp", "/var", "/run", "/home", "/root", "/mnt", "/media", "/srv", "/opt"];
/** Secrets under /etc, hidden even though /etc is visible. */
const ETC_SECRETS = [
  "/etc/shadow",
  "/etc/shadow-",
  "/etc/gshadow",
  "/etc/gshadow-",
  "/etc/sudoers",
  "/etc/sudoers.d",
  "/etc/security/opasswd",
  "/etc/ssl/private",
  "/etc/credstore",
  "/etc/credstore.encrypted",
  "/etc/NetworkManager/system-connections",
  "/etc/wireguard",
  "/etc/letsencrypt",
  "/etc/ipsec.secrets",
  "/etc/ppp/chap-secrets",
  "/etc/ppp/pap-secrets",
  "/etc/docker/key.json",
];

/** bwrap arguments for the system part of the sandbox (everything but the workspace). */
export function systemMounts(): string[] {
  const args: string[] = [];
  for (const entry of SYSTEM_PATHS) {
    const kind = entryKind(entry);
    if (kind === "symlink") args.push("--symlink", Deno.readLinkSync(entry), entry);
    else if (kind === "directory") args.push("--ro-bind", entry, entry);
  }
  for (const secret of [...ETC_SECRETS, ...sshHostKeys()]) args.push(...hide(secret));
  args.push("--dev", "/dev", "--proc", "/proc");
  for (const directory of SCRATCH_DIRECTORIES) args.push("--tmpfs", directory);
  args.push("--dir", "/var/tmp");
  return args;
}

/** bwrap arguments binding the workspace writable, then its protected paths over it. */
export function workspaceMounts(workspace: string, protect: SandboxProtection): string[] {
  const args = ["--bind", workspace, workspace];
  for (const entry of protect.readOnly) {
    const real = realInside(workspace, entry);
    if (real && real !== workspace) args.push("--ro-bind", real, real);
  }
  for (const entry of protect.hidden) {
    const real = realVisible(workspace, entry);
    if (real && real !== workspace) args.push(...hide(real));
  }
  return args;
}

function hide(entry: string): string[] {
  const kind = entryKind(entry);
  // Read-only too: a write there would otherwise land in a tmpfs and look as if it had worked.
  if (kind === "directory") return ["--tmpfs", entry, "--remount-ro", entry];
  if (kind === "file") return ["--ro-bind", "/dev/null", entry];
  return [];
}

/** Real path of a protected entry when it exists inside the workspace (symlinks resolved), else undefined. */
function realInside(workspace: string, entry: string): string | undefined {
  const real = realPathOf(path.resolve(workspace, entry));
  return real && isWithin(workspace, real) ? real : undefined;
}

/** Real path of an entry to hide when the sandbox would otherwise show it (workspace or system paths). */
function realVisible(workspace: string, entry: string): string | undefined {
  const real = realPathOf(path.resolve(workspace, entry));
  if (!real) return undefined;
  const visible = isWithin(workspace, real) || SYSTEM_PATHS.some((root) => isWithin(root, real));
  return visible ? real : undefined;
}

function sshHostKeys(): string[] {
  try {
    return [...Deno.readDirSync("/etc/ssh")]
      .filter((entry) => /^ssh_host_.*key$/.test(entry.name))
      .map((entry) => `/etc/ssh/${entry.name}`);
  } catch {
    return [];
  }
}

function entryKind(entry: string): "file" | "directory" | "symlink" | "other" | undefined {
  try {
    const info = Deno.lstatSync(entry);
    if (info.isSymlink) return "symlink";
    if (info.isDirectory) return "directory";
    return info.isFile ? "file" : "other";
  } catch {
    return undefined;
  }
}

function realPathOf(entry: string): string | undefined {
  try {
    return Deno.realPathSync(entry);
  } catch {
    return undefined;
  }
}

function isWithin(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
