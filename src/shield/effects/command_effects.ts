/** Effects of shell segments beyond what the regex rules see: cloud and service CLIs read through the same
 * vocabulary as tool names, signals sent to the engine's process, permission changes on its files, servers
 * that publish a folder, root shells through sudo, git settings that run code or reroute traffic, other agents
 * started with their approvals off, and package installs (see supply_chain.ts). */

import type { Segment } from "../shell_parser.ts";
import { basename } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import type { Findings } from "./findings.ts";
import { classifyPath, THIRD_PARTY_CODE } from "./path_classes.ts";
import { readHost } from "./hosts.ts";
import { type ToolWords, wordsOf } from "./tool_words.ts";
import { judgeInstall } from "./supply_chain.ts";
import { programs } from "./programs.ts";
import { judgeDataResets, resetsDataWith } from "./data_resets.ts";
import { judgeCliGrants } from "./widening_changes.ts";
import { judgeProcessMemory, MEMORY_READERS } from "./process_memory.ts";
import { opensPrivateRangesOnly } from "./private_ingress.ts";
import { opensWebPortsOnly } from "./open_networks.ts";
import { closesPublicAccess } from "./public_exposure.ts";

export const CLOUD_CLIS = new Set([
  "aws",
  "gcloud",
  "gsutil",
  "az",
  "doctl",
  "gh",
  "glab",
  "kubectl",
  "oc",
  "helm",
  "heroku",
  "flyctl",
  "fly",
  "vercel",
  "netlify",
  "firebase",
  "stripe",
  "twilio",
  "linode-cli",
  "hcloud",
  "oci",
  "ibmcloud",
  "scw",
  "wrangler",
  "supabase",
  "railway",
  "az.cmd",
  "rclone",
  "s3cmd",
  "mc",
  "azcopy",
  "b2",
  "restic",
  "borg",
  "kopia",
  "terraform",
  "tofu",
  "pulumi",
  "cdk",
]);
/** Subcommand words that only read or log in. */
const CLOUD_READS =
  /^(?:list|ls|get|describe|show|view|top|logs?|status|whoami|login|auth|version|help|diff|explain|api-resources|cluster-info|search|browse|info|inspect)$/;
const ENGINE_PROCESS = /parapet|main\.ts|\bdeno\b.*\b(?:engine|start)\b|:3100\b|\b3100\/tcp/i;
export const AGENT_CLIS =
  /^(?:codex|claude|aider|gemini|cursor-agent|opencode|goose|amp|qwen|crush|cline|q|kiro|copilot|openhands|continue|droid)$/;
const NO_APPROVAL_FLAGS =
  /dangerously|bypass|yolo|--yes-always|--yes\b|auto-?approve|skip-permissions|no-sandbox|full-auto|--force\b|trust-all-tools|allow-all-tools|--allow-all|approval-mode[= ]?(?:yolo|never|auto)|--no-confirm|-y\b|danger-full-access|^--sandbox=?none$/i;
const SERVE_MODULES = /^(?:http\.server|SimpleHTTPServer|uploadserver|updog)$/;

function wordsOfCli(argv: string[]): ToolWords {
  const words: ToolWords = { verbs: new Set(), nouns: new Set(), words: [] };
  let taken = 0;
  for (const arg of argv.slice(1)) {
    if (arg.startsWith("-")) {
      const name = arg.replace(/^-+/, "").split("=")[0];
      if (
        /public|permission|principal|allow-write|admin|grant|share|user-ids|account-ids|member|grantee/i.test(
          name,
        )
      ) {
        wordsOf(name, words);
        if (/user-ids|account-ids|member|grantee|principal/i.test(name)) words.nouns.add("access");
      }
      continue;
    }
    if (taken++ < 4 && /^[a-zA-Z][a-zA-Z0-9-]*(?::[a-zA-Z0-9-]+)*$/.test(arg)) {
      for (const part of arg.split(":")) wordsOf(part, words);
    }
  }
  return words;
}

function judgeCloud(segment: Segment, findings: Findings): void {
  const program = basename(segment.argv[0] ?? "");
  // `heroku apps:destroy`, `firebase firestore:delete`: a subcommand's parts are words of their own.
  const sub = segment.argv.slice(1).filter((arg) => !arg.startsWith("-")).slice(0, 4)
    .flatMap((word) => /^[a-z-]+(?::[a-z-]+)+$/.test(word) ? word.split(":") : [word]);
  // `describe-snapshot-attribute`, `get-bucket-policy`: a hyphenated subcommand led by a read verb reads.
  const reads = (word: string) => CLOUD_READS.test(word) || CLOUD_READS.test(word.split("-", 1)[0]);
  if (sub.length > 0 && sub.every((word) => reads(word) || !/^[a-z-]+$/.test(word))) return;
  if (
    sub.some((word) => CLOUD_READS.test(word)) &&
    !sub.some((word) => /delete|remove|destroy|grant|share|permission|key/.test(word))
  ) return;
  const words = wordsOfCli(segment.argv);
  const text = `${program} ${sub.join(" ")}`;
  const all = segment.argv.join(" ");
  // Cluster housekeeping (`kubectl delete pod ...`) is ordinary; the heuristics judge broad cluster deletes.
  if (words.verbs.has("delete") && !/^(?:kubectl|oc|helm)$/.test(program)) {
    findings.escalate("delete", `"${text}" deletes cloud resources`);
  }
  // Round 68: public access closed (`put-public-access-block` with every switch on, `--public-access off`) is no
  // exposure: neither finding below.
  const closes = closesPublicAccess(segment.argv, all);
  if (
    (words.verbs.has("grant") ||
      words.nouns.has("access") && (words.verbs.has("write") || words.verbs.has("send"))) &&
    !closes && !opensPrivateRangesOnly(text, all) && !opensWebPortsOnly(text, all)
  ) {
    findings.escalate("access", `"${text}" grants or changes access`);
  }
  judgeCliGrants(segment.argv, text, findings);
  if (!closes && /--principal[= ]\*|--public|public-access|allusers|allauthenticatedusers/i.test(all)) {
    findings.escalate("access", `"${text}" opens a resource to everyone`);
  }
  if ((words.verbs.has("disable") || words.verbs.has("delete")) && words.nouns.has("security")) {
    findings.escalate("security", `"${text}" turns off a protection`);
  }
  if (words.nouns.has("code") && words.verbs.has("write")) {
    findings.escalate("exec", `"${text}" changes code that runs in the cloud`);
  }
  if (
    /\b(?:create|add|new)\b/.test(sub.join(" ")) &&
    /\b(?:cronjob|cron|schedule|trigger|webhook)s?\b/.test(sub.join(" "))
  ) {
    findings.escalate("persistence", `"${text}" schedules work in a cluster or service`);
  }
}

/** `fuser -k 3100/tcp`, `fuser -k -n tcp 3100`, `fuser -km 3100/tcp`: whatever listens on an engine port. */
function killsPortOwner(program: string, argv: readonly string[], environment: ShieldEnvironment): boolean {
  if (program !== "fuser" || !argv.some((arg) => /^-[a-zA-Z]*k/.test(arg))) return false;
  return argv.some((arg) => {
    const port = /^(\d{1,5})(?:\/(?:tcp|udp))?$/.exec(arg)?.[1];
    return port !== undefined && environment.enginePorts.includes(Number(port));
  });
}

function judgeProcessSignal(segment: Segment, environment: ShieldEnvironment, findings: Findings): void {
  const program = basename(segment.argv[0] ?? "");
  if (!/^(?:kill|pkill|killall|fuser|skill|snice|renice|gdb|strace)$/.test(program)) return;
  const args = segment.argv.slice(1).join(" ");
  if (
    ENGINE_PROCESS.test(args) || /\$\{?PPID\b|\$\(\s*ps\b.*ppid/i.test(args) ||
    /\b-k\b.*\b3100\b/.test(args) ||
    killsPortOwner(program, segment.argv, environment)
  ) {
    findings.block("engine", `"${segment.text.slice(0, 60)}" signals the engine's process`);
  }
}

/** `chattr +i`/`+a`/`-i`, `chflags uchg`/`schg`/`sappnd` (and their `no` forms): a file made immutable or append-only,
 * or unlocked (stop 35, lead; MITRE ATT&CK T1222.002: persistence kept from being removed, a protected file opened
 * for change). */
const LOCKING_FLAG =
  /^[-+=][a-zA-Z]*[ia][a-zA-Z]*$|^(?:no)?(?:uchg|schg|uappnd|sappnd|simmutable|uimmutable)$/;

/** Places whose lock matters even under the shell's home inside the workspace. */
const LOCKED_KINDS: ReadonlySet<string> = new Set([
  "secret",
  "secret-container",
  "persistence",
  "startup-file",
  "trust",
  "agent-instructions",
  "scheduled-instructions",
  "system",
]);

function judgePermissions(segment: Segment, environment: ShieldEnvironment, findings: Findings): void {
  const program = basename(segment.argv[0] ?? "");
  if (!/^(?:chmod|chown|chgrp|chattr|setfacl|chflags)$/.test(program)) return;
  const locks = (program === "chattr" || program === "chflags") &&
    segment.argv.slice(1).some((arg) => LOCKING_FLAG.test(arg));
  for (const arg of segment.argv.slice(1)) {
    if (locks && !arg.startsWith("-") && !arg.startsWith("+") && !LOCKING_FLAG.test(arg)) {
      // `~` read as the user's home too: a lock outlives the sandbox's HOME.
      const homeNamed = /^(?:~|\$\{?HOME\b)/.test(arg);
      const locked = normalizePath(
        arg,
        environment.workspace,
        homeNamed ? environment.home : environment.shellHome,
      );
      const lockedKind = classifyPath(locked, environment);
      if (lockedKind !== "engine" && (locked.relative === undefined || LOCKED_KINDS.has(lockedKind))) {
        findings.escalate(
          "write",
          `"${program}" locks or unlocks "${locked.absolute.slice(0, 80)}" outside the workspace`,
        );
      }
    }
    if (arg.startsWith("-") || arg.startsWith("+") || /^[ugoa]*[+=-]/.test(arg) || /^\d+$/.test(arg)) {
      continue;
    }
    const path = normalizePath(arg, environment.workspace, environment.shellHome);
    const kind = classifyPath(path, environment);
    if (kind === "engine") {
      findings.block("engine", `"${program}" changes permissions of the engine's control files`);
    } else if (
      (kind === "secret-container" ||
        /^\/(?:etc|usr|bin|sbin|lib|lib64|boot|var|opt|srv)?\/?$/.test(path.absolute)) &&
      segment.argv.some((flag) => /^-[a-zA-Z]*R|^--recursive$/.test(flag))
    ) {
      findings.escalate("delete", `"${program}" changes permissions of everything under "${path.absolute}"`);
    }
  }
}

/** A server publishing a folder: `python3 -m http.server --directory ~`, `busybox httpd -h ~`, `php -S ... -t /`. */
function judgeServer(
  segment: Segment,
  environment: ShieldEnvironment,
  findings: Findings,
  cwd?: string,
): void {
  const argv = segment.argv;
  const program = basename(argv[0] ?? "");
  let folder: string | undefined;
  const valueOf = (...flags: string[]) => {
    const at = argv.findIndex((arg) => flags.includes(arg));
    if (at >= 0) return argv[at + 1];
    const glued = argv.find((arg) => flags.some((flag) => arg.startsWith(flag + "=")));
    return glued?.slice(glued.indexOf("=") + 1);
  };
  if (/^python[0-9.]*$/.test(program) && SERVE_MODULES.test(argv[argv.indexOf("-m") + 1] ?? "")) {
    folder = valueOf("--directory", "-d") ?? ".";
  } else if (program === "busybox" && argv[1] === "httpd") folder = valueOf("-h") ?? ".";
  else if (program === "httpd" && argv.includes("-f")) folder = valueOf("-h") ?? ".";
  else if (/^php[0-9.]*$/.test(program) && argv.includes("-S")) folder = valueOf("-t") ?? ".";
  else if (/^(?:http-server|serve)$/.test(program)) {
    folder = argv.slice(1).find((arg) => !arg.startsWith("-")) ?? ".";
  } else if (/^ruby/.test(program) && argv.includes("httpd")) folder = argv[argv.indexOf("httpd") + 1] ?? ".";
  if (folder === undefined) return;
  // Round 52: a relative folder is read from where an earlier `cd` of the command went (`cd ~ && python3 -m ...`).
  if (cwd !== undefined && !/^[~/$]/.test(folder)) folder = `${cwd}/${folder}`;
  const kind = classifyPath(normalizePath(folder, environment.workspace, environment.home), environment);
  if (kind === "secret" || kind === "secret-container" || kind === "engine") {
    findings.block("network", `"${program}" serves a folder holding secrets to the network`);
  } else if (kind !== "workspace" && kind !== "temp") {
    findings.escalate("network", `"${program}" serves a folder outside the workspace to the network`);
  }
}

/** An MCP file server (`npx @modelcontextprotocol/server-filesystem DIR...`) handed folders beyond the workspace:
 * whatever agent connects may read and change them. */
function judgeFileServer(segment: Segment, environment: ShieldEnvironment, findings: Findings): void {
  const argv = segment.argv;
  const at = argv.findIndex((arg) => /(?:^|[/@-])(?:mcp-)?server-filesystem(?:@|$)|filesystem-mcp/.test(arg));
  if (at < 0) return;
  for (const folder of argv.slice(at + 1).filter((arg) => !arg.startsWith("-")).slice(0, 8)) {
    // The server may run with the shell's HOME or with the user's: `~` is judged both ways.
    const kinds = [environment.shellHome, environment.home].map((home) =>
      classifyPath(normalizePath(folder, environment.workspace, home), environment)
    );
    if (kinds.some((kind) => kind !== "workspace" && kind !== "temp")) {
      findings.escalate("read", `"${argv[at]}" opens "${folder}" to whatever agent connects`);
      return;
    }
  }
}

/** `sudo` running a shell or an interpreter that starts one: a root shell. */
function judgeRootShell(segment: Segment, findings: Findings): void {
  if (!segment.privileged) return;
  const program = basename(segment.argv[0] ?? "");
  const args = segment.argv.slice(1).join(" ");
  const shell = /^(?:ba|z|da|k|a|c|tc|fi|)sh$/.test(program) && !/(?:^|\s)-c\s/.test(args);
  const spawns =
    /\/bin\/(?:ba|z|da|)sh\b|pty\.spawn|os\.exec|system\(|exec\s*\(|spawn\(|checkpoint-action=exec|--to-command|-exec\s+\/bin\//
      .test(args);
  if (shell || spawns) findings.block("exec", `"${program}" under sudo opens a root shell`);
}

function judgeGit(segment: Segment, environment: ShieldEnvironment, findings: Findings): void {
  const argv = segment.argv;
  if (basename(argv[0] ?? "") !== "git") return;
  const at = argv.findIndex((arg, index) => index > 0 && !arg.startsWith("-") && argv[index - 1] !== "-c");
  const sub = argv[at];
  const transport = argv.find((arg) => /^ext::|^protocol\.(?:ext\.)?allow=always$/i.test(arg));
  if (transport) {
    findings.escalate("exec", `git runs a command as its transport ("${transport.slice(0, 60)}")`);
  }
  if (sub === "config") {
    const rest = argv.slice(at + 1).filter((arg) => !arg.startsWith("--") || arg.includes("="));
    const [key = "", value = ""] = rest;
    const lower = key.toLowerCase();
    if (/^(?:http|https)\.(?:.*\.)?proxy$|^core\.gitproxy$/.test(lower)) {
      const host = readHost(value, environment);
      if (!host || !host.loopback) {
        findings.escalate("network", `"git config ${key}" sends git traffic through "${value}"`);
      }
    }
    if (lower === "init.templatedir") {
      findings.escalate("persistence", `"git config ${key}" plants files in every new clone`);
    }
    if (lower === "core.hookspath" && value !== "") {
      const kind = classifyPath(
        normalizePath(value, environment.workspace, environment.shellHome),
        environment,
      );
      if (kind !== "workspace") {
        findings.escalate("persistence", `"git config ${key}" runs hooks from outside the workspace`);
      } else if (THIRD_PARTY_CODE.test(value)) {
        findings.escalate("persistence", `"git config ${key}" runs hooks from third-party code ("${value}")`);
      }
    }
  }
  if (sub === "remote" && /^(?:add|set-url)$/.test(argv[at + 1] ?? "")) {
    const url = argv.slice(at + 2).filter((arg) => !arg.startsWith("-"))[1] ?? "";
    const host = readHost(url.replace(/^git@([^:]+):/, "ssh://$1/"), environment);
    if (host && !host.allowed && !host.loopback) {
      findings.escalate("network", `"git remote ${argv[at + 1]}" points a remote at "${host.host}"`);
    }
  }
}

function judgeAgentCli(segment: Segment, environment: ShieldEnvironment, findings: Findings): void {
  const program = basename(segment.argv[0] ?? "");
  if (!AGENT_CLIS.test(program)) return;
  // Words after `--` belong to the program the agent CLI is told to start (`claude mcp add x -- npx -y ...`).
  const end = segment.argv.indexOf("--");
  const own = segment.argv.slice(1, end < 0 ? undefined : end);
  // `goose run --recipe https://...`, `aider --read https://...`: the agent's instructions come from another host.
  for (const arg of own) {
    const url = /(?:^|=)(https?:\/\/\S+)/.exec(arg)?.[1];
    const host = url ? readHost(url, environment) : undefined;
    if (host && !host.allowed && !host.loopback) {
      findings.escalate("delegation", `"${program}" runs an agent on instructions from "${host.host}"`);
      break;
    }
  }
  if (own.some((arg) => NO_APPROVAL_FLAGS.test(arg))) {
    findings.escalate(
      "delegation",
      `"${program}" runs another agent with its approvals or sandbox turned off`,
    );
  }
}

/** Programs each check looks at (one test before the check). */
const SIGNALS = programs(/^(?:kill|pkill|killall|fuser|skill|snice|renice|gdb|strace)$/);
const PERMISSIONS = programs(/^(?:chmod|chown|chgrp|chattr|setfacl|chflags)$/);
const SERVERS = programs(/^(?:python[0-9.]*|busybox|httpd|php[0-9.]*|http-server|serve|ruby.*)$/);
const INSTALLERS = programs(
  /^(?:npm|pnpm|yarn|bun|cnpm|npx|bunx|pnpx|pip[0-9.]*|python[0-9.]*|uv|uvx|poetry|pdm|pipenv|pipx|rye|cargo|conda|mamba|micromamba)$/,
);
const AGENTS = programs(AGENT_CLIS);

/** Whether judgeSegments looks at a segment of `program` (its per-program tests below, in one): with
 * `judgesSegmentAlone`, the test its caller skips it by. */
export function judgesSegmentsWith(program: string): boolean {
  const lower = program.toLowerCase();
  return CLOUD_CLIS.has(lower) || resetsDataWith(program) || SIGNALS.has(lower) ||
    MEMORY_READERS.has(lower) ||
    PERMISSIONS.has(lower) || SERVERS.has(lower) || lower === "git" || AGENTS.has(lower) ||
    INSTALLERS.has(lower);
}

/** Whether judgeSegments looks at a segment whatever its program: one run as root or naming "filesystem". */
export function judgesSegmentAlone(segment: Segment): boolean {
  return segment.privileged === true || segment.text.includes("filesystem");
}

/** Findings for every segment of the action's shell commands. */
export function judgeSegments(segments: Segment[], environment: ShieldEnvironment, findings: Findings): void {
  let cwd: string | undefined;
  for (const segment of segments) {
    const program = segment.program.toLowerCase();
    if (program === "cd" && segment.depth === 0) {
      cwd = normalizePath(segment.argv[1] ?? "~", cwd ?? environment.workspace, environment.home).absolute;
    }
    if (CLOUD_CLIS.has(program)) judgeCloud(segment, findings);
    judgeDataResets(segment, findings);
    if (SIGNALS.has(program)) judgeProcessSignal(segment, environment, findings);
    if (MEMORY_READERS.has(program)) judgeProcessMemory(segment, findings);
    if (PERMISSIONS.has(program)) judgePermissions(segment, environment, findings);
    if (SERVERS.has(program)) judgeServer(segment, environment, findings, cwd);
    if (segment.privileged) judgeRootShell(segment, findings);
    if (program === "git") judgeGit(segment, environment, findings);
    if (AGENTS.has(program)) judgeAgentCli(segment, environment, findings);
    if (INSTALLERS.has(program)) judgeInstall(segment, environment, findings);
    if (segment.text.includes("filesystem")) judgeFileServer(segment, environment, findings);
  }
}
