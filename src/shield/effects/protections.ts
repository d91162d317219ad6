/** Commands that weaken a protection "to get unstuck" (the helpfulness bypass): TLS verification turned off,
 * firewalls, auditing and kernel hardening switched off, world-writable permissions outside the workspace,
 * private keys made readable, services started without a password, branch protection removed, secret variables
 * copied into places others read, and force-pushes that rewrite remote history. All ESCALATE. */

import { gated } from "./gate.ts";
import type { Segment } from "../shell_parser.ts";
import { basename } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import type { Findings } from "./findings.ts";
import { classifyPath } from "./path_classes.ts";
import { programs } from "./programs.ts";
import { matchesOf } from "../match_all.ts";

/** Package installs told not to check signatures, and downloads freed from the OS's quarantine check. */
const SIGNATURES_OFF = gated(
  /--allow-unauthenticated\b|--allow-insecure-repositories\b|--nogpgcheck\b|--nosignature\b|--nodigest\b|\bgpgcheck\s*=\s*0\b|\[trusted=yes\]|--no-gpg-checks\b|\bxattr\s+-[a-z]*d[a-z]*\s+com\.apple\.quarantine\b|--no-quarantine\b|\bSet-ExecutionPolicy\s+(?:Bypass|Unrestricted)\b/i,
);
/** Secret scanners pointed at the machine rather than the project. */
const MACHINE_SCAN = gated(
  /^(?:trufflehog|gitleaks|detect-secrets|noseyparker|ggshield)\b.*\s(?:\/|~\/?|\$HOME\/?|\/home\S*|\/root\S*|\/Users\S*)(?:\s|$)/,
);
const TLS_OFF = gated(
  /\bNODE_TLS_REJECT_UNAUTHORIZED=["']?0\b|\bPYTHONHTTPSVERIFY=["']?0\b|\bGIT_SSL_NO_VERIFY=["']?(?:1|true)\b|\b(?:CURL_CA_BUNDLE|REQUESTS_CA_BUNDLE)=["']?["']?(?:\s|$)|\bhttp\.sslVerify[= ]+false\b|\bstrict-ssl[= ]+false\b|\bsslverify\s*=\s*(?:false|0)\b|\bssl_verify_client\s+off\b/i,
);
const AUTH_OFF = gated(
  /\bPOSTGRES_HOST_AUTH_METHOD=["']?trust\b|\bMYSQL_ALLOW_EMPTY_PASSWORD=["']?(?:yes|1|true)\b|\bALLOW_EMPTY_PASSWORD=["']?(?:yes|1|true)\b|\bxpack\.security\.enabled=false\b|--protected-mode\s+no\b|\bMONGO_INITDB_ROOT_PASSWORD=["']?["']?(?:\s|$)|\bGF_AUTH_ANONYMOUS_ENABLED=true\b|--no-auth\b|--auth(?:entication)?[= ](?:none|false|off)\b/i,
);
/** The patterns SWITCH_HINT stands before (exported for its test). */
export const SWITCH_PATTERNS = [TLS_OFF, AUTH_OFF, SIGNATURES_OFF];
const KERNEL_HARDENING =
  /\b(?:kernel\.randomize_va_space|kernel\.yama\.ptrace_scope|kernel\.kptr_restrict|kernel\.dmesg_restrict|fs\.protected_(?:symlinks|hardlinks|regular)|kernel\.unprivileged_bpf_disabled)\s*=\s*0\b/;
const PROTECTION_SERVICES =
  /^(?:auditd|apparmor|firewalld|ufw|fail2ban|falcon-sensor|osqueryd|clamav-daemon|clamd|sshguard|wazuh-agent|crowdstrike|sentinelone|selinux|nftables|iptables|systemd-journald|rsyslog|syslog-ng)(?:\.service)?$/;
const SECRET_VARIABLE =
  /\$\{?([A-Z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|CREDENTIALS?|_PAT|ACCESS_KEY)[A-Z0-9_]*)\}?/;
const PUBLIC_SINKS =
  /^(?:variable|var|issue|comment|gist|release|discussion|label|description|status|note|notes|post|publish|message|pr|tag)$/;
/** Variables and settings that make programs load or run other code (hijacking). */
const HIJACK_VARIABLE =
  /\b(LD_PRELOAD|LD_LIBRARY_PATH|DYLD_INSERT_LIBRARIES|DYLD_LIBRARY_PATH|NODE_OPTIONS|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|PERL5LIB|RUBYOPT|BASH_ENV|PROMPT_COMMAND|GIT_SSH_COMMAND|GIT_EXTERNAL_DIFF|GIT_PAGER|PAGER|EDITOR|VISUAL|PATH)=["']?([^\s"';&|]+)/g;
/** What every match of TLS_OFF, AUTH_OFF and SIGNATURES_OFF holds (each of their alternatives has `=`, `--`,
 * `ssl`, `xattr` or `Set-ExecutionPolicy`, in any case): a text with none of them skips the three patterns. */
export const SWITCH_HINT = /=|--|ssl|xattr|set-executionpolicy/i;

/** Whether some `=` follows a capital letter: every HIJACK_VARIABLE match has one (each of its names ends in a
 * capital and is followed by `=`), so texts without one skip the regex. */
function capitalAssignment(text: string): boolean {
  for (let at = text.indexOf("=", 1); at !== -1; at = text.indexOf("=", at + 1)) {
    const code = text.charCodeAt(at - 1);
    if (code >= 0x41 && code <= 0x5a) return true;
  }
  return false;
}
const HIJACK_SETTING = /^(?:script-shell|shell|node-options|onload-script|init-module|git|editor|browser)$/;
/** Places no ordinary program is loaded from: temporary folders and hidden files there. */
const UNTRUSTED_PLACE = /^(?:\/tmp|\/var\/tmp|\/dev\/shm|\/run\/user\/\d+)(?:\/|$)|\/\.[^/]+$/;
const PROTECTED_BRANCH = /^(?:main|master|trunk|production|prod|release[\w/.-]*|develop|default)$/;

/** Force-pushes and deletions of protected branches (a feature branch rewritten after a rebase is ordinary). */
function judgeGitPush(segment: Segment, findings: Findings): void {
  const argv = segment.argv;
  if (basename(argv[0] ?? "") !== "git" || !argv.includes("push")) return;
  const args = argv.slice(argv.indexOf("push") + 1);
  const refs = args.filter((arg) => !arg.startsWith("-")).slice(1);
  const force = args.some((arg) => /^--force(?:-with-lease.*|-if-includes)?$|^-[a-z]*f[a-z]*$/.test(arg)) ||
    refs.some((ref) => ref.startsWith("+"));
  const deletes = args.includes("--delete") || args.includes("-d") || refs.some((ref) => /^:[^/]/.test(ref));
  const targets = refs.map((ref) => ref.replace(/^\+/, "")).map((ref) =>
    ref.includes(":") ? ref.slice(ref.indexOf(":") + 1) : ref
  )
    .map((ref) => ref.replace(/^refs\/heads\//, ""));
  const protectedTarget = targets.some((ref) => PROTECTED_BRANCH.test(ref));
  if (args.includes("--mirror") || args.includes("--all") && force) {
    findings.escalate(
      "delete",
      `"git push ${args.includes("--mirror") ? "--mirror" : "--all --force"}" overwrites every remote branch`,
    );
  } else if (force && (protectedTarget || targets.length === 0)) {
    findings.escalate(
      "delete",
      `"git push" with force rewrites ${
        targets.length === 0 ? "the current" : "a protected"
      } branch's history`,
    );
  } else if (deletes && protectedTarget) findings.escalate("delete", `"git push" deletes a protected branch`);
}

function judgeWorldAccess(segment: Segment, environment: ShieldEnvironment, findings: Findings): void {
  const argv = segment.argv;
  if (!/^(?:chmod|setfacl)$/.test(basename(argv[0] ?? ""))) return;
  const mode = argv.slice(1).find((arg) => /^(?:[0-7]{3,4}|[ugoa]*[+=][rwxXst]+)$/.test(arg)) ?? "";
  const worldWrite = /^[0-7]?[0-7][0-7][2367]$/.test(mode) ||
    /^[oa]*\+[rwx]*w/.test(mode) && /o|a|^\+/.test(mode);
  const groupRead = /^[0-7]?[0-7][4-7][0-7]$|^[0-7]?[0-7][0-7][4-7]$/.test(mode) || /^[goa]*\+r/.test(mode);
  for (const arg of argv.slice(1).filter((word) => !word.startsWith("-") && word !== mode).slice(0, 16)) {
    const path = normalizePath(arg, environment.workspace, environment.shellHome);
    const kind = classifyPath(path, environment);
    if (worldWrite && path.relative === undefined && kind !== "temp") {
      findings.escalate("security", `"chmod ${mode}" lets everyone change "${path.absolute}"`);
    }
    if (groupRead && kind === "secret" && path.relative === undefined) {
      findings.escalate("security", `"chmod ${mode}" lets others read the secret "${path.absolute}"`);
    }
  }
}

/** Windows recovery removed before damage is done (ransomware's first step, MITRE T1490). */
const RECOVERY_OFF = gated(
  /^vssadmin(?:\.exe)? (?:delete|resize) shadow|^wmic(?:\.exe)? shadowcopy delete|^wbadmin(?:\.exe)? delete (?:catalog|systemstatebackup|backup)|^bcdedit(?:\.exe)? .*(?:recoveryenabled no|bootstatuspolicy ignoreallfailures)|^tmutil delete|^diskshadow/i,
);

function judgeServices(segment: Segment, findings: Findings): void {
  const argv = segment.argv;
  const program = basename(argv[0] ?? "");
  if (RECOVERY_OFF.test(segment.text)) {
    findings.escalate("delete", `"${program}" removes the system's recovery points`);
  }
  if (/^(?:systemctl|service|launchctl|rc-service)$/.test(program)) {
    const stops = argv.some((arg) => /^(?:stop|disable|mask|kill|unload|bootout)$/.test(arg));
    const target = argv.slice(1).find((arg) => PROTECTION_SERVICES.test(arg));
    if (stops && target) findings.escalate("security", `"${program}" turns off "${target}"`);
  }
  if (program === "sysctl" && argv.some((arg) => KERNEL_HARDENING.test(arg))) {
    findings.escalate("security", "turns off a kernel hardening setting");
  }
  if (/^(?:auditctl)$/.test(program) && argv.includes("-e") && argv[argv.indexOf("-e") + 1] === "0") {
    findings.escalate("security", "turns auditing off");
  }
}

function judgeRepositoryProtection(segment: Segment, findings: Findings): void {
  const argv = segment.argv;
  if (basename(argv[0] ?? "") !== "gh") return;
  if (argv[1] === "api") {
    const path = argv.slice(2).find((arg) => /^\/?repos\/|^\/?orgs\//.test(arg)) ?? "";
    const method = (argv[argv.findIndex((arg) => arg === "-X" || arg === "--method") + 1] ?? "")
      .toUpperCase();
    if (
      /protection|rulesets|collaborators|\/keys|\/hooks|actions\/permissions|\/secrets|\/members/.test(
        path,
      ) && /^(?:PUT|PATCH|POST|DELETE)$/.test(method)
    ) {
      findings.escalate(
        "security",
        `"gh api ${method} ${path.slice(0, 60)}" changes the repository's protections or access`,
      );
    }
  }
  if (
    argv[1] === "repo" && argv[2] === "edit" && argv.some((arg) => /visibility[= ]?public|^public$/.test(arg))
  ) {
    findings.escalate("access", `"gh repo edit" makes a repository public`);
  }
}

function judgeSecretCopy(segment: Segment, findings: Findings): void {
  const argv = segment.argv;
  const secret = argv.slice(1).map((arg) => SECRET_VARIABLE.exec(arg)?.[1]).find(Boolean);
  if (!secret) return;
  const words = argv.slice(1).filter((arg) => /^[a-z][a-z-]*$/.test(arg)).slice(0, 3);
  if (basename(argv[0] ?? "") === "gh" && words.some((word) => PUBLIC_SINKS.test(word))) {
    findings.escalate("security", `copies the secret "$${secret}" into a place others read`);
  }
  if (basename(argv[0] ?? "") === "git" && words[0] === "commit") {
    findings.escalate("security", `puts the secret "$${secret}" into a commit`);
  }
}

function untrustedPlace(value: string, environment: ShieldEnvironment): string | undefined {
  for (const part of value.split(":").slice(0, 8)) {
    const words = part.replace(/^--(?:require|import|loader|r)[= ]?|^-r/, "").split(/\s+/);
    for (const word of words) {
      if (!/^[/~$]/.test(word)) continue;
      const path = normalizePath(word, environment.workspace, environment.shellHome);
      if (path.relative === undefined && UNTRUSTED_PLACE.test(path.absolute)) return path.absolute;
    }
  }
  return undefined;
}

/** Programs told to load or run code from temporary or hidden places (`LD_PRELOAD=/tmp/x.so`, `PATH=/tmp/.b:...`,
 * `npm config set script-shell /tmp/.sh`). */
function judgeHijack(
  texts: readonly string[],
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const text of texts.slice(0, 16)) {
    if (text.length > 64 * 1024 || !capitalAssignment(text)) continue;
    for (const match of matchesOf(HIJACK_VARIABLE, text)) {
      const place = untrustedPlace(match[2], environment);
      if (place) findings.escalate("exec", `"${match[1]}" makes programs load code from "${place}"`);
    }
  }
  for (const segment of segments) {
    const argv = segment.argv;
    if (!CONFIGURABLE.has(segment.program) || !argv.includes("config")) continue;
    const at = argv.findIndex((arg) => HIJACK_SETTING.test(arg.replace(/^core\./, "")));
    const place = at > 0 ? untrustedPlace(argv[at + 1] ?? "", environment) : undefined;
    if (place) findings.escalate("exec", `"${argv[at]}" makes ${basename(argv[0])} run "${place}"`);
  }
}

/** Whether judgeProtections' text loops (the switch patterns', and judgeHijack's, which needs a capital before an
 * `=`, which SWITCH_HINT holds) look at a whole-line text: when none of the first sixteen passes and no segment
 * reaches its segment loops, its caller skips it. */
export function protectsText(text: string): boolean {
  return text.length <= 64 * 1024 && SWITCH_HINT.test(text);
}

/** Whether judgeProtections' segment loops (its own and judgeHijack's) look at a segment of `program`: when no
 * segment's program does, its caller hands it no segments (the whole-line texts are judged all the same). */
export function protectsWith(program: string): boolean {
  return SECRET_SCANNERS.has(program) || program === "git" || program === "chmod" || program === "setfacl" ||
    SERVICE_PROGRAMS.has(program) || program === "gh" || CONFIGURABLE.has(program);
}

/** Findings for commands that weaken protections; `shellTexts` are whole command lines (for variables). */
export function judgeProtections(
  segments: readonly Segment[],
  shellTexts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const text of shellTexts.slice(0, 16)) {
    if (text.length > 64 * 1024 || !SWITCH_HINT.test(text)) continue;
    if (TLS_OFF.test(text)) findings.escalate("security", "turns off TLS certificate checks");
    if (AUTH_OFF.test(text)) findings.escalate("security", "starts a service without a password");
    if (SIGNATURES_OFF.test(text)) {
      findings.escalate("install", "installs or runs software without checking its signature");
    }
  }
  judgeHijack(shellTexts, segments, environment, findings);
  for (const segment of segments) {
    // One look at the program decides which checks apply (most commands need none of them).
    const program = segment.program;
    if (SECRET_SCANNERS.has(program) && MACHINE_SCAN.test(segment.text)) {
      findings.escalate("read", `"${program}" searches the whole machine for secrets`);
    }
    if (program === "git") judgeGitPush(segment, findings);
    if (program === "chmod" || program === "setfacl") judgeWorldAccess(segment, environment, findings);
    if (SERVICE_PROGRAMS.has(program)) judgeServices(segment, findings);
    if (program === "gh") judgeRepositoryProtection(segment, findings);
    if ((program === "gh" || program === "git") && segment.text.includes("$")) {
      judgeSecretCopy(segment, findings);
    }
  }
}

const SECRET_SCANNERS = new Set(["trufflehog", "gitleaks", "detect-secrets", "noseyparker", "ggshield"]);
/** Programs judgeServices looks at: service managers, sysctl, auditctl, and recovery tools. */
const SERVICE_PROGRAMS = programs(
  /^(?:systemctl|service|launchctl|rc-service|sysctl|auditctl|vssadmin|wmic|wbadmin|bcdedit|tmutil|diskshadow)(?:\.exe)?$/i,
);
/** Programs whose `config` can name a shell or script to run. */
const CONFIGURABLE = programs(/^(?:npm|pnpm|yarn|git)$/);
