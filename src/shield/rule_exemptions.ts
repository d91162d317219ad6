/** Rule hits that do not count for an action, each for a whole class of ordinary work the regex cannot tell
 * apart: the project's own key files (path rules marked `outsideWorkspaceOnly`), injection phrases in tests and
 * fixtures (dropped) or other documents no agent reads as instructions (lowered to a human's look), one
 * password-manager item or CLI token piped into the login command of a default registry (`pass show gh | gh auth
 * login --with-token`), and a secret variable piped only into the login of a named host or written unexpanded into
 * a settings file (round 37, `effects/secret_echo_uses.ts`: `echo "$GHE_TOKEN" | gh auth login --hostname ...`),
 * and Unicode tag characters in a test fixture that spell no instruction (round 43, `effects/tag_fixtures.ts`); words
 * that only select which tests a runner runs (round 95, `test_selector_hits.ts`). */

import type { ActionView } from "./action_view.ts";
import type { RuleHit } from "./heuristic_matcher.ts";
import type { Segment } from "./shell_parser.ts";
import { basename } from "./shell_parser.ts";
import { AGENT_INSTRUCTIONS, THIRD_PARTY_CODE } from "./effects/path_classes.ts";
import { loginTargetsDefault } from "./effects/secret_logins.ts";
import { secretEchoReachesNoOne } from "./effects/secret_echo_uses.ts";
import { isPlainRead, isPlainSettingsWrite } from "./effects/plain_reads.ts";
import { quotedHit } from "./quoted_hits.ts";
import { localWorkHit } from "./local_work_hits.ts";
import { testSelectorHit } from "./test_selector_hits.ts";
import { readsDevSettingOnly } from "./effects/dev_setting_reads.ts";
import { stopsOwnDenoPrograms } from "./effects/engine_process_finders.ts";
import { uploadsBuildOutputOnly } from "./effects/site_uploads.ts";
import { keychainItemsIntoClients } from "./effects/keychain_env_uses.ts";
import { ENV_SETUP_RULES, envFileOnlySetUp } from "./effects/env_file_setup.ts";
import { tagFixture } from "./effects/tag_fixtures.ts";
import { onlyThroughSigningKeys } from "./effects/signing_keys.ts";
import { addsOwnCronJobsOnly } from "./effects/own_cron_jobs.ts";
import { tokensToIssuerOnly } from "./effects/issuer_tokens.ts";
import { countOnlyCommand } from "./effects/count_only_reads.ts";
import { clearsToolCachesOnly } from "./effects/cache_deletes.ts";

/** CLIs that print their own short-lived token for a login (`gh auth token`, `aws ecr get-login-password`). */
const TOKEN_PRINTERS = /^(?:gh|aws|gcloud|az|doctl|heroku)$/;
/** A CLI's own token kept in a variable for the tools the command runs (`export GITHUB_TOKEN=$(gh auth token)`). */
const TOKEN_INTO_VARIABLE =
  /^(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*=["']?\$\(\s*(?:gh auth token|aws ecr get-login-password[^)]*|gcloud auth print-access-token|az account get-access-token[^)]*)\s*\)["']?(?:\s*(?:&&|;)|\s*$)/;

function tokenKeptInVariable(view: ActionView, allowed?: (url: string) => boolean): boolean {
  // Judged on the parsed commands, so quoting, `sh -c` or a group around the assignment changes nothing.
  return view.segments.some((segment) => TOKEN_INTO_VARIABLE.test(segment.text)) &&
    view.urls.every((url) => allowed?.(url) === true);
}
const LOGIN_FEEDING_RULES = new Set([
  "credential.cloud_secret_cli",
  "credential.keychain_item",
]);
/** Password managers and keychains printing one item (`pass show gh`, `op read op://...`, `security ... -w`). */
const KEYCHAIN_PRINTERS = /^(?:pass|gopass|op|security|secret-tool|bw|lpass|keepassxc-cli)$/;
/** Whether every segment the rule matches is an `echo`/`printf`/`cat` (or a CLI printing its own token, for the
 * token-printing rule) whose output only feeds such a login. */
function feedsLoginOnly(hit: RuleHit, segments: Segment[]): boolean {
  const printers = hit.rule.id === "credential.cloud_secret_cli"
    ? TOKEN_PRINTERS
    : hit.rule.id === "credential.keychain_item"
    ? KEYCHAIN_PRINTERS
    : /^(?:echo|printf|cat)$/;
  let matched = false;
  for (let i = 0; i < segments.length; i++) {
    if (!hit.rule.pattern.test(segments[i].text.toLowerCase())) continue;
    matched = true;
    const next = segments[i + 1];
    const program = basename(segments[i].argv[0] ?? "");
    if (!printers.test(program) || segments[i].redirects.length > 0) return false;
    if (!next || next.joinedBy !== "|" || !loginTargetsDefault(next)) return false;
  }
  return matched;
}

/** A secret variable echoed only into a named login or written unexpanded into a settings file (round 37). */
function echoReachesNoOne(hit: RuleHit, view: ActionView): boolean {
  const command = view.payload.command;
  if (view.type !== "execute_command" || typeof command !== "string" || view.proseSegments) return false;
  if (view.truncatedShell) return false;
  return secretEchoReachesNoOne(
    command,
    view.segments,
    (segment) => hit.rule.pattern.test(segment.text.toLowerCase()),
  );
}

/** Whether every segment the rule matches reads one development setting to the screen (`dev_setting_reads.ts`). */
function devSettingsOnly(hit: RuleHit, segments: Segment[]): boolean {
  const matching = segments.map((segment, index) => [segment, index] as const)
    .filter(([segment]) => hit.rule.pattern.test(segment.text.toLowerCase()));
  return matching.length > 0 && matching.every(([, index]) => readsDevSettingOnly(segments, index));
}

function matchesOutside(hit: RuleHit, view: ActionView): boolean {
  return [...view.paths, ...view.writePaths].some((path) =>
    path.relative === undefined && hit.rule.pattern.test(path.absolute.toLowerCase())
  );
}

/** Rules whose matches are the usual content of test fixtures (throwaway keys). */
const TEST_FIXTURE_RULES = new Set(["credential.private_key_written"]);
export const TEST_FILE =
  /(?:^|\/)(?:tests?|__tests__|spec|specs|fixtures?|__fixtures__|testdata|test-data|mocks?|cassettes)\/|[._-](?:test|spec)\.[a-z0-9]+$|(?:^|\/)test_[^/]+$/i;

/** Code and data formats: an injection phrase in a test file of this kind is a quoted test input. */
const DATA_FORMAT = /\.(?:json|jsonl|ya?ml|toml|csv|ts|tsx|js|jsx|mjs|py|rb|go|rs|java|kt|cs|php|snap)$/i;
/** Round 84: a mail, page or note kept as a test input and named for the attack it holds
 * (`tests/fixtures/injection_email.txt`, `phishing_page.html`, `jailbreak_prompts.md`): an injection phrase there is
 * the sample a test feeds the code, quoted. A prose file in a fixture folder named for nothing of the kind
 * (`notes.txt`, `welcome.txt`, `README.md`) is read later like any document and keeps asking (round 43). */
const QUOTED_FORMAT = /\.(?:txt|eml|msg|mbox|md|markdown|html?|xml|log|ics|vcf)$/i;
const SAMPLE_NAME =
  /(?:^|[/_.-])[^/]*(?:inject|attack|malicious|phish|jailbreak|adversar|poison|exploit|hostile|exfil|red[_-]?team|evil)[^/]*$/i;

function quotedSample(path: string): boolean {
  return QUOTED_FORMAT.test(path) && SAMPLE_NAME.test(path.slice(path.lastIndexOf("/")));
}
/** Fixture folders hold test data of any format (keys, mails, logs) whatever the file's name. */
const FIXTURE_FOLDER = /(?:^|\/)(?:fixtures?|__fixtures__|testdata|test-data|cassettes)\//i;

/** What written files are: none (not a file write), agent instructions, test inputs, or other documents. */
function writtenDocuments(view: ActionView): "instructions" | "tests" | "documents" | undefined {
  if (view.type !== "write_file" || view.writePaths.length === 0) return undefined;
  const paths = view.writePaths.map((path) => path.absolute.toLowerCase());
  if (paths.some((path) => AGENT_INSTRUCTIONS.test(path))) return "instructions";
  return paths.every((path) => TEST_FILE.test(path) && (DATA_FORMAT.test(path) || quotedSample(path)))
    ? "tests"
    : "documents";
}

/** Whether every written file is test code or test data (fixture folders hold data of any format). */
function writtenTestData(view: ActionView): boolean {
  if (view.type !== "write_file" || view.writePaths.length === 0) return false;
  return view.writePaths.every((path) => {
    const lower = path.absolute.toLowerCase();
    return FIXTURE_FOLDER.test(lower) || TEST_FILE.test(lower) && DATA_FORMAT.test(lower);
  });
}

/** `ssh -i KEY`, `scp -i KEY`, `ssh-add KEY` (round 17: the key loaded into the user's own agent): a key used to log
 * in is not read out; whole-line rules judge the line without it. Round 42: ssh-add's long options (macOS
 * `--apple-use-keychain`) and a lifetime (`-t 3600`) before the key. Round 75: the key's own upkeep on this machine
 * (`chmod 600 ~/.ssh/id_ed25519 && ssh -T git@github.com`, `ssh-keygen -p -f KEY`, `chown`) sends nothing either;
 * a later command naming the key (`scp KEY host:`, `curl -F f=@KEY`) is still judged. */
const KEY_USE =
  /(\b(?:ssh|scp|sftp|autossh|ssh-copy-id)\b[^|;&\n]*?)\s(?:-i\s*|-o\s*['"]?identityfile(?:\s*=\s*|\s+))\S+|(\b(?:ssh-add|keychain)\b(?:\s+--?[a-zA-Z][\w-]*(?:\s+\d+[a-z]?(?=\s))?)*)(?:\s+[^\s|;&-][^\s|;&]*)+|(\b(?:chmod|chown|chgrp|ssh-keygen)\b)(?:\s+[^\s|;&<>]+)+/g;

const KEY_USE_ANYWHERE = new RegExp(KEY_USE.source);

/** A command-field rule matching only because of the key a login uses (`scp -i ~/.ssh/deploy_key file host:`). */
function onlyThroughSegmentKeyUse(hit: RuleHit, view: ActionView): boolean {
  if (!hit.rule.fields.includes("command")) return false;
  let matched = false;
  for (const segment of view.segments) {
    const text = segment.text.toLowerCase();
    if (!hit.rule.pattern.test(text)) continue;
    matched = true;
    if (!KEY_USE_ANYWHERE.test(text) || hit.rule.pattern.test(text.replace(KEY_USE, "$1$2$3"))) return false;
  }
  return matched && (!hit.rule.fields.includes("shell") || onlyThroughKeyUse(hit, view));
}

function onlyThroughKeyUse(hit: RuleHit, view: ActionView): boolean {
  if (!hit.rule.fields.includes("shell")) return false;
  const texts = (view.texts.get("shell") ?? []).map((text) => text.toLowerCase());
  if (!texts.some((text) => KEY_USE_ANYWHERE.test(text))) return false;
  return texts.every((text) => !hit.rule.pattern.test(text.replace(KEY_USE, "$1$2$3")));
}

/** Rules about running downloaded code: from hosts the user allows and ordinary named HTTPS hosts (official
 * installers, release pages) a human looks instead of a block; from bare IPs, lookalikes, paste sites, tunnels
 * and plain HTTP they still block. */
const DOWNLOAD_RUN_RULES = new Set([
  "remote_exec.download_pipe_shell",
  "remote_exec.download_filtered_shell",
  "remote_exec.download_then_run_tmp",
  "remote_exec.download_then_run",
  "remote_exec.exec_from_temp",
]);

function downloadsOnlyFromAllowed(view: ActionView, allowed?: (url: string) => boolean): boolean {
  return allowed !== undefined && view.urls.length > 0 && view.urls.every(allowed);
}

/** A hooks folder of the repository itself (`.githooks`, `.husky`, `tools/hooks`): no `..`, not absolute, not
 * someone else's vendored code. */
const REPOSITORY_FOLDER = /^(?!\.\.)[\w.-]+(?:\/[\w.-]+)*\/?$/;
const repositoryHooks = (value: string | undefined) =>
  value !== undefined && REPOSITORY_FOLDER.test(value) && !value.includes("..") &&
  !THIRD_PARTY_CODE.test(`${value}/`);
/** `-c` settings the same rule reads besides hooksPath: they stay judged. */
const OTHER_RUNNERS = /^core\.(?:fsmonitor|sshcommand|askpass)=/i;
const HOOKS_SETTING = /^core\.hookspath=/i;

/** `git config [--local] core.hooksPath DIR` or `git -c core.hooksPath=DIR <command>` with DIR a folder of the
 * repository (`.githooks`, `.husky`): the project's own version-controlled hooks (Husky and pre-commit set them so). */
function hooksInsideRepository(segments: Segment[]): boolean {
  const gits = segments.filter((segment) =>
    basename(segment.argv[0] ?? "") === "git" &&
    (segment.argv.includes("config") || segment.argv.some((arg) => HOOKS_SETTING.test(arg)))
  );
  return gits.length > 0 && gits.every((segment) => {
    const settings = segment.argv.flatMap((arg, at) => segment.argv[at - 1] === "-c" ? [arg] : []);
    if (settings.some((setting) => OTHER_RUNNERS.test(setting))) return false;
    const hooks = settings.filter((setting) => HOOKS_SETTING.test(setting));
    if (!hooks.every((setting) => repositoryHooks(setting.slice(setting.indexOf("=") + 1)))) return false;
    const sub = segment.argv.indexOf("config");
    if (sub < 0) return hooks.length > 0;
    const args = segment.argv.slice(sub + 1);
    if (args.some((arg) => /^--(?:global|system|file)$/.test(arg))) return false;
    const at = args.findIndex((arg) => arg.toLowerCase() === "core.hookspath");
    return repositoryHooks(at >= 0 ? args[at + 1] : undefined);
  });
}

/** Markdown code spans and fenced blocks: what a document shows as an example. */
const QUOTED = /```[\s\S]*?```|`[^`\n]*`/g;

/** Whether an injection phrase appears in a document only inside code spans and blocks (quoted as an example,
 * as security docs do); hidden comments and plain text still count. */
function onlyQuoted(hit: RuleHit, view: ActionView): boolean {
  const contents = view.texts.get("content") ?? [];
  if (contents.length === 0 || contents.some((text) => text.length > 256 * 1024)) return false;
  return contents.every((text) => !hit.rule.pattern.test(text.replace(QUOTED, " ").toLowerCase()));
}

/** Hits that count, injection hits in ordinary documents lowered to medium (a human looks; nothing is blocked).
 * `allowed` tells URLs of hosts the user allows (downloads from them are lowered to a human's look). */
/** Package-manager settings files (`.npmrc`, `.yarnrc`, `bunfig.toml`): their `audit=false` is npm's advisory
 * lookup (https://docs.npmjs.com/cli/v10/using-npm/config#audit), not a Parapet setting; any other switch in them
 * still counts. */
const PACKAGE_MANAGER_CONFIG = /(?:^|\/)(?:\.npmrc|\.yarnrc(?:\.yml)?|\.pnpmrc|bunfig\.toml)$/i;
const OTHER_SWITCH =
  /\b(?:shield|heuristic_enabled|fail_closed|classifier_enabled|sandbox|policy_file|tier3)[\w.]*\s*(?:to|=|:)/;

function packageManagerAuditOnly(view: ActionView): boolean {
  if (view.writePaths.length === 0 || view.segments.length > 0) return false;
  if (!view.writePaths.every((path) => PACKAGE_MANAGER_CONFIG.test(path.absolute))) return false;
  return !(view.texts.get("content") ?? []).some((text) => OTHER_SWITCH.test(text));
}

/** Credential files of cloud CLIs and developer tools: read plainly into the agent's context with nothing leaving,
 * or given a plain setting, a question for the user (round 13); anywhere else (uploads, tasks, links, a helper
 * program planted) their hit keeps its severity. */
const CREDENTIAL_FILE_RULES = new Set([
  "credential.aws_credentials",
  "credential.cloud_credentials",
  "credential.kube_config",
  "credential.docker_config",
  "credential.tool_tokens",
  "credential.agent_tool_tokens",
  "credential.service_secret_store",
]);

export function exemptHits(
  hits: RuleHit[],
  view: ActionView,
  allowed?: (url: string) => boolean,
): RuleHit[] {
  if (hits.length === 0) return hits;
  const written = writtenDocuments(view);
  const testData = writtenTestData(view);
  const trustedDownload = hits.some((hit) => DOWNLOAD_RUN_RULES.has(hit.rule.id)) &&
    downloadsOnlyFromAllowed(view, allowed);
  const kept: RuleHit[] = [];
  let plainRead: boolean | undefined;
  let countOnly: boolean | undefined;
  for (const hit of hits) {
    // Round 71: a command whose every output is a count or a yes/no shows the agent no secret it opens.
    if (hit.rule.category === "credential" && (countOnly ??= countOnlyCommand(view))) continue;
    if (
      CREDENTIAL_FILE_RULES.has(hit.rule.id) &&
      (plainRead ??= isPlainRead(view) || isPlainSettingsWrite(view))
    ) {
      kept.push({ ...hit, rule: { ...hit.rule, severity: "medium" } });
      continue;
    }
    if (hit.rule.outsideWorkspaceOnly && !matchesOutside(hit, view)) continue;
    if (
      hit.rule.id === "injection.unicode_tag_smuggling" && written !== undefined && written !== "instructions"
    ) {
      // Round 43: invisible tags in a test fixture are the test's input when they spell a marker; when they spell
      // an instruction they are no quotation (nobody sees them) and a human looks, as in any document.
      const read = tagFixture(view.writePaths.map((path) => path.absolute), view.texts.get("content") ?? []);
      if (read === "marker") continue;
      if (read === "order") {
        kept.push({ ...hit, rule: { ...hit.rule, severity: "medium" } });
        continue;
      }
    }
    if (quotedHit(hit, view) || localWorkHit(hit, view)) continue;
    // Round 95: words that only pick which tests run (`pytest -k 'reverse_shell'`, `go test -run TestXSS`).
    if (testSelectorHit(hit, view)) continue;
    if (LOGIN_FEEDING_RULES.has(hit.rule.id) && feedsLoginOnly(hit, view.segments)) continue;
    if (hit.rule.id === "credential.secret_variable_echo" && echoReachesNoOne(hit, view)) continue;
    if (hit.rule.id === "credential.cloud_secret_cli" && tokenKeptInVariable(view, allowed)) continue;
    if (hit.rule.id === "credential.cloud_secret_cli" && devSettingsOnly(hit, view.segments)) continue;
    // Round 98: a CLI's own token sent only to its issuer's API in a read (`issuer_tokens.ts`).
    if (
      hit.rule.id === "credential.cloud_secret_cli" &&
      tokensToIssuerOnly(view.segments, (segment) => hit.rule.pattern.test(segment.text.toLowerCase()))
    ) {
      continue;
    }
    if (hit.rule.category === "exfiltration" && onlyThroughKeyUse(hit, view)) continue;
    if (/^(?:exfiltration|credential)$/.test(hit.rule.category) && onlyThroughSegmentKeyUse(hit, view)) {
      continue;
    }
    if (/^(?:exfiltration|credential)$/.test(hit.rule.category) && onlyThroughSigningKeys(hit, view)) {
      continue;
    }
    if (hit.rule.id === "exfiltration.cloud_upload" && uploadsBuildOutputOnly(hit, view)) continue;
    if (hit.rule.id === "credential.keychain_item" && keychainItemsIntoClients(view)) continue;
    if (ENV_SETUP_RULES.has(hit.rule.id) && envFileOnlySetUp(hit, view)) continue;
    if (hit.rule.id === "persistence.git_hook_config" && hooksInsideRepository(view.segments)) continue;
    if (hit.rule.id === "persistence.crontab_install" && addsOwnCronJobsOnly(view.segments)) continue;
    if (hit.rule.id === "destructive.rm_recursive_absolute" && clearsToolCachesOnly(view)) continue;
    if (hit.rule.id === "tampering.stop_engine" && stopsOwnDenoPrograms(view.segments)) continue;
    if (hit.rule.id === "tampering.disable_setting_text" && packageManagerAuditOnly(view)) continue;
    if (written === "tests" && hit.rule.category === "injection") continue;
    if (testData && TEST_FIXTURE_RULES.has(hit.rule.id)) continue;
    if (
      testData && hit.rule.category !== "injection" && hit.rule.severity !== "medium" &&
      hit.rule.severity !== "low"
    ) {
      // A test file's strings are inputs to the code under test; what it would run is judged by the effects.
      kept.push({ ...hit, rule: { ...hit.rule, severity: "medium" } });
      continue;
    }
    if (trustedDownload && DOWNLOAD_RUN_RULES.has(hit.rule.id)) {
      kept.push({ ...hit, rule: { ...hit.rule, severity: "medium" } });
      continue;
    }
    if (hit.rule.category === "injection" && written === "documents" && onlyQuoted(hit, view)) continue;
    if (hit.rule.category === "injection" && written === "documents" && hit.rule.severity !== "medium") {
      kept.push({ ...hit, rule: { ...hit.rule, severity: "medium" } });
      continue;
    }
    kept.push(hit);
  }
  return kept;
}
