/** Sorts a normalised path into what touching it means: the engine's control files, secret stores, folders
 * that hold secret stores, persistence places, agent instruction files, a scheduler's standing instructions, system files, the user's own files
 * outside the workspace, temporary space, or the workspace. */

import { APP_TOKEN_STORE } from "./app_token_stores.ts";
import { AGENT_TOKEN_STORE } from "./agent_token_stores.ts";
import { MACHINE_SECRET } from "./machine_secrets.ts";
import { SERVICE_SECRET } from "./service_secret_stores.ts";
import { BROWSER_STORE } from "./browser_stores.ts";
import { normalizePath, type NormalPath } from "../paths.ts";
import type { ShieldEnvironment } from "../environment.ts";

export type PathClass =
  | "engine"
  | "secret"
  | "secret-container"
  | "persistence"
  | "startup-file"
  | "trust"
  | "agent-instructions"
  | "scheduled-instructions"
  | "system"
  | "personal"
  | "temp"
  | "workspace"
  | "other";

/** A user's home: the configured ones and any `/home/NAME`, `/root`, `/Users/NAME`. */
const HOME_ROOT = /^(?:\/home\/[^/]+|\/root|\/Users\/[^/]+)(?=\/|$)/;

const SECRET_IN_HOME =
  /^\/(?:\.ssh\/(?:id_[^/]*|identity)(?<!\.pub)$|\.aws(?:\/|$)|\.gnupg(?:\/|$)|\.kube\/config|\.docker\/config\.json|\.config\/gcloud(?:\/|$)|\.azure(?:\/|$)|\.netrc$|\.git-credentials$|\.password-store(?:\/|$)|\.local\/share\/keyrings(?:\/|$)|library\/keychains(?:\/|$)|\.mozilla(?:\/|$)|\.config\/(?:google-chrome|chromium|bravesoftware|microsoft-edge|vivaldi|opera|1password|bitwarden)(?:\/|$)|library\/application support\/(?:google\/chrome|firefox|bravesoftware|microsoft edge)(?:\/|$)|\.codex\/auth\.json$|\.claude\/\.credentials\.json$|\.config\/gh\/hosts\.yml$|\.npmrc$|\.pypirc$|\.vault-token$|\.bitcoin(?:\/|$)|\.ethereum(?:\/|$)|\.electrum(?:\/|$)|\.[a-z]*_history$|\.pgpass$|\.my\.cnf$|\.config\/rclone(?:\/|$)|\.s3cfg$|\.cargo\/credentials|\.config\/solana\/[^/]*\.json$|\.foundry\/keystores(?:\/|$)|\.brownie\/accounts(?:\/|$)|\.sui\/sui_config\/sui\.keystore$|\.near-credentials(?:\/|$)|\.config\/exodus(?:\/|$)|library\/application support\/exodus(?:\/|$)|\.terraform\.d\/credentials\.tfrc\.json$|\.gem\/credentials$|\.m2\/settings-security\.xml$|\.boto$|\.databrickscfg$|\.config\/doctl\/config\.yaml$|\.config\/op(?:\/|$)|\.config\/hub$)/;
const SECRET_ANYWHERE =
  /(?:^|\/)(?:\.env(?:\.(?![^/]*\b(?:example|sample|template|dist|defaults|schema|test)$)[^/]*)?|wallet\.dat|[^/]*\.kdbx)$|^\/etc\/(?:shadow|gshadow|master\.passwd)-?$|^\/proc\/[^/]+\/(?:environ|mem)$|^\/etc\/ssh\/ssh_host_[^/]*_key$|^\/etc\/ssl\/private(?:\/|$)/;
/** Folders in a home that hold secret stores. */
const SECRET_CONTAINER_IN_HOME = /^(?:\/|\/\.ssh\/?|\/\.config\/?|\/\.local(?:\/share)?\/?|\/library\/?)$/;
const STARTUP_IN_HOME =
  /^\/(?:\.bashrc|\.zshrc|\.profile|\.bash_profile|\.zprofile|\.zshenv|\.bash_login|\.bash_logout|\.config\/fish\/config\.fish)$/;
const PERSISTENCE =
  /(?:^|\/)(?:\.ssh\/(?:authorized_keys2?|rc)|\.config\/systemd\/|library\/launch(?:agents|daemons)\/|\.config\/autostart\/|\.git\/hooks\/|\.git-templates?\/|\.gitconfig$|\.git\/config$)|^\/etc\/(?:cron|crontab|systemd\/|init\.d\/|rc\.local|profile\.d\/|sudoers|ld\.so\.preload|pam\.d\/|xdg\/autostart\/|update-motd\.d\/)|^\/var\/spool\/cron\/|^\/(?:usr\/)?lib\/systemd\//;
const TRUST =
  /(?:^|\/)\.ssh\/(?:known_hosts|config)$|^\/(?:usr\/local\/share|etc)\/ca-certificates\/|^\/etc\/(?:apt\/trusted|pki\/)/;
/** Files a scheduler reads and acts on with no human in the loop: the engine's HEARTBEAT.md (its standing
 * checks) and the same file of other agents that keep one. Whatever is written there runs later, unattended. */
/** Python start-up hooks: `.pth` files in site-packages (their `import` lines run at every start of Python) and
 * `sitecustomize.py`/`usercustomize.py`; a start-up file wherever it lies, virtual environments included. Round 42:
 * Debian's dist-packages too, and a file written into a site folder Python is asked for
 * (`$(python -c 'import site;print(site.getsitepackages()[0])')/zz_init.pth`, `$(python3 -m site --user-site)/`,
 * sysconfig's purelib), as the 2024-25 PyPI `.pth` malware planted them. */
const PYTHON_STARTUP =
  /\/(?:site|dist)-packages\/[^/]+\.pth$|\/(?:site|user)customize\.py$|\$\(.{0,200}?(?:getsitepackages|getusersitepackages|--user-site|user_site|get_paths|purelib|platlib).{0,200}\)(?:\/[^/]*)?$/;
const SCHEDULED_INSTRUCTIONS = /(?:^|\/)heartbeat\.md$/;
export const AGENT_INSTRUCTIONS =
  /(?:^|\/)(?:(?:claude|agents?|gemini|conventions|copilot-instructions)\.md|\.cursorrules|\.windsurfrules|\.clinerules|\.goosehints|\.augment-guidelines|\.aider\.conf\.ya?ml|\.claude\.json|\.mcp\.json|mcp\.json|claude_desktop_config\.json|mcp_config\.json|oai_config_list(?:\.json)?|memory-bank\/.+\.md|config\/(?:agents|tasks)\.ya?ml|cline_mcp_settings\.json|\.codeium\/.+|\.(?:cursor|windsurf|roo|kiro|amazonq|trae|continue|clinerules|junie|openhands|idx)\/.+|\.github\/(?:copilot-instructions\.md|instructions\/.+|prompts\/.+|chatmodes\/.+)|\.claude\/(?:settings[^/]*\.json|commands\/.+|agents\/.+|hooks\/.+)|\.vscode\/(?:settings|tasks|mcp|launch)\.json|\.gemini\/.+|\.codex\/config\.toml|\.devcontainer\/.+|\.well-known\/agent(?:-card)?\.json)$/;
const SYSTEM = /^\/(?:etc|usr|bin|sbin|lib|lib32|lib64|boot|opt|sys|proc|dev|var|srv|System|Library)(?:\/|$)/;
const TEMP = /^\/(?:tmp|var\/tmp|dev\/shm)(?:\/|$)|^\/dev\/null$/;

function under(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith("/") ? root : root + "/");
}

/** The path inside its home (`/.ssh/id_rsa`), or undefined when it is not under one. */
function inHome(absolute: string, environment: ShieldEnvironment): string | undefined {
  for (const home of [environment.home, environment.shellHome]) {
    if (home !== "/" && under(absolute, home) && !(home === environment.workspace && absolute !== home)) {
      return absolute.slice(home.length) || "/";
    }
  }
  const match = HOME_ROOT.exec(absolute);
  return match ? absolute.slice(match[0].length) || "/" : undefined;
}

/** Classes already worked out per environment, by absolute path, for paths outside the workspace and inside it
 * (paths recur: the same files are read and written again). */
const known = new WeakMap<ShieldEnvironment, [Map<string, PathClass>, Map<string, PathClass>]>();
const MAX_KNOWN = 4096;
let lastEnvironment: ShieldEnvironment | undefined;
let lastClasses: [Map<string, PathClass>, Map<string, PathClass>] | undefined;

export function classifyPath(path: NormalPath, environment: ShieldEnvironment): PathClass {
  if (environment !== lastEnvironment) {
    let pair = known.get(environment);
    if (!pair) known.set(environment, pair = [new Map(), new Map()]);
    [lastEnvironment, lastClasses] = [environment, pair];
  }
  // The class depends on the absolute path and on whether it lies in the workspace.
  const classes = lastClasses![path.relative === undefined ? 0 : 1];
  let kind = classes.get(path.absolute);
  if (kind === undefined) {
    kind = classifyNow(path, environment);
    if (classes.size >= MAX_KNOWN) classes.clear();
    classes.set(path.absolute, kind);
  }
  return kind;
}

/** `/proc/PID/root/REST` is REST seen from that process's root; `/proc/PID/cwd/REST` is REST in that process's
 * working folder (for the engine, the folder of its config or the workspace): the class of the path reached. */
const PROC_LINK = /^\/proc\/[^/]+\/(root|cwd)(?=\/|$)/;

function classifyProcLink(absolute: string, environment: ShieldEnvironment): PathClass | undefined {
  const link = PROC_LINK.exec(absolute);
  if (!link) return undefined;
  const rest = absolute.slice(link[0].length);
  const { workspace, home } = environment;
  if (link[1] === "root") return classifyNow(normalizePath(rest || "/", workspace, home), environment);
  const folders = [
    workspace,
    ...environment.controlPaths.map((control) => control.replace(/\/[^/]*$/, "") || "/"),
  ];
  let reached: PathClass = "system";
  for (const folder of folders) {
    const kind = classifyNow(normalizePath(`${folder}${rest}`, workspace, home), environment);
    if (kind === "engine") return kind;
    if (folder === workspace) reached = kind;
  }
  return reached;
}

function classifyNow(path: NormalPath, environment: ShieldEnvironment): PathClass {
  const absolute = path.absolute;
  if (absolute.charCodeAt(1) === 0x70 && absolute.startsWith("/proc/")) {
    const reached = classifyProcLink(absolute, environment);
    if (reached !== undefined) return reached;
  }
  if (environment.controlPaths.some((control) => under(absolute, control))) return "engine";
  const lower = absolute.toLowerCase();
  const home = inHome(lower, environment);
  if (home !== undefined && SECRET_IN_HOME.test(home)) return "secret";
  if (home !== undefined && APP_TOKEN_STORE.test(home)) return "secret";
  // Round 60: the token stores of developer CLIs and AI agents.
  if (home !== undefined && AGENT_TOKEN_STORE.test(home)) return "secret";
  if (SECRET_ANYWHERE.test(lower)) return "secret";
  // Round 49: workload tokens, container secrets and saved network secrets.
  if (MACHINE_SECRET.test(lower)) return "secret";
  // Round 66: secret stores inside services' data (Vault, etcd, Consul, cluster PKI, Jenkins, Docker volumes).
  if (SERVICE_SECRET.test(lower)) return "secret";
  // Round 69: browsers' credential and cookie stores and profile folders on every OS.
  if (BROWSER_STORE.test(lower)) return "secret";
  if (SCHEDULED_INSTRUCTIONS.test(lower)) return "scheduled-instructions";
  if (AGENT_INSTRUCTIONS.test(lower)) return "agent-instructions";
  if (lower === "/" || lower === "/home" || lower === "/users" || lower === "/root") {
    return "secret-container";
  }
  if (home !== undefined && SECRET_CONTAINER_IN_HOME.test(home)) return "secret-container";
  if (home !== undefined && STARTUP_IN_HOME.test(home)) return "startup-file";
  if (PYTHON_STARTUP.test(lower)) return "startup-file";
  if (TRUST.test(lower)) return "trust";
  if (PERSISTENCE.test(lower)) return "persistence";
  if (path.relative !== undefined) return "workspace";
  if (TEMP.test(lower)) return "temp";
  if (SYSTEM.test(absolute)) return "system";
  if (home !== undefined) return "personal";
  return "other";
}

/** Whether the path lies inside the workspace (and is not one of its control files). */
export function inWorkspace(path: NormalPath): boolean {
  return path.relative !== undefined;
}

/** Folders holding other people's code (vendored, submodules, installed packages). */
export const THIRD_PARTY_CODE =
  /(?:^|\/)(?:vendor|vendored|third[-_]party|external|externals|deps|submodules?|node_modules|\.git\/modules)\//i;
