/** Rule hits that do not count for an action, each for a whole class of ordinary work the regex cannot tell
 * apart: the project's own key files (path rules marked `outsideWorkspaceOnly`), injection phrases in tests and
 * fixtures (dropped) or other documents no agent reads as instructions (lowered to a human's look), and a secret
 * variable piped into the login
 * command of a default registry (`echo "$NPM_TOKEN" | npm login`). */

import type { ActionView } from "./action_view.ts";
import type { RuleHit } from "./heuristic_matcher.ts";
import type { Segment } from "./shell_parser.ts";
import { basename } from "./shell_parser.ts";
import { AGENT_INSTRUCTIONS } from "./effects/path_classes.ts";

/** Login commands that read a secret on standard input, and the registry argument each may name. */
const STDIN_LOGIN =
  /^(?:npm|pnpm|yarn) (?:login|adduser)\b|^(?:docker|podman|nerdctl|buildah|skopeo|oras|helm registry|crane auth) login\b.*--password-stdin|^gh auth login\b.*--with-token|^vault login\b.* -$|^(?:doctl auth init|heroku auth:token|wrangler login)\b/;
/** Registries a token may go to when a login names one. */
const DEFAULT_REGISTRY =
  /^(?:https?:\/\/)?(?:registry\.npmjs\.org|registry\.yarnpkg\.com|npm\.pkg\.github\.com|docker\.io|index\.docker\.io|registry-1\.docker\.io|ghcr\.io|quay\.io|gcr\.io|[a-z0-9-]+\.pkg\.dev|[0-9]+\.dkr\.ecr\.[a-z0-9-]+\.amazonaws\.com|github\.com)\/?$/i;
const HOST_LIKE = /^(?:https?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?\/?$/i;

function loginTargetsDefault(segment: Segment): boolean {
  const text = segment.text.toLowerCase();
  if (!STDIN_LOGIN.test(text)) return false;
  const args = segment.argv.slice(1);
  const named = args.flatMap((arg, index) => {
    if (/^--registry=/.test(arg)) return [arg.slice(11)];
    if (arg === "--registry" || arg === "--hostname" || arg === "-h") return [args[index + 1] ?? ""];
    return !arg.startsWith("-") && HOST_LIKE.test(arg) ? [arg] : [];
  });
  return named.every((registry) => DEFAULT_REGISTRY.test(registry));
}

/** Whether every segment the rule matches is an `echo`/`printf` whose output only feeds such a login. */
function feedsLoginOnly(hit: RuleHit, segments: Segment[]): boolean {
  let matched = false;
  for (let i = 0; i < segments.length; i++) {
    if (!hit.rule.pattern.test(segments[i].text.toLowerCase())) continue;
    matched = true;
    const next = segments[i + 1];
    const program = basename(segments[i].argv[0] ?? "");
    if (!/^(?:echo|printf|cat)$/.test(program) || segments[i].redirects.length > 0) return false;
    if (!next || next.joinedBy !== "|" || !loginTargetsDefault(next)) return false;
  }
  return matched;
}

function matchesOutside(hit: RuleHit, view: ActionView): boolean {
  return [...view.paths, ...view.writePaths].some((path) =>
    path.relative === undefined && hit.rule.pattern.test(path.absolute.toLowerCase())
  );
}

const TEST_FILE =
  /(?:^|\/)(?:tests?|__tests__|spec|specs|fixtures?|__fixtures__|testdata|test-data|mocks?|cassettes)\/|[._-](?:test|spec)\.[a-z0-9]+$|(?:^|\/)test_[^/]+$/i;

/** Code and data formats: an injection phrase in a test file of this kind is a quoted test input. */
const DATA_FORMAT = /\.(?:json|jsonl|ya?ml|toml|csv|ts|tsx|js|jsx|mjs|py|rb|go|rs|java|kt|cs|php|snap)$/i;

/** What written files are: none (not a file write), agent instructions, test inputs, or other documents. */
function writtenDocuments(view: ActionView): "instructions" | "tests" | "documents" | undefined {
  if (view.type !== "write_file" || view.writePaths.length === 0) return undefined;
  const paths = view.writePaths.map((path) => path.absolute.toLowerCase());
  if (paths.some((path) => AGENT_INSTRUCTIONS.test(path))) return "instructions";
  return paths.every((path) => TEST_FILE.test(path) && DATA_FORMAT.test(path)) ? "tests" : "documents";
}

/** `ssh -i KEY`, `scp -i KEY`: a key used to log in is not read out; whole-line rules judge the line without it. */
const KEY_USE = /(\b(?:ssh|scp|sftp|autossh|ssh-copy-id)\b[^|;&\n]*?)\s-i\s*\S+/g;

const KEY_USE_ANYWHERE = new RegExp(KEY_USE.source);

function onlyThroughKeyUse(hit: RuleHit, view: ActionView): boolean {
  if (!hit.rule.fields.includes("shell")) return false;
  const texts = (view.texts.get("shell") ?? []).map((text) => text.toLowerCase());
  if (!texts.some((text) => KEY_USE_ANYWHERE.test(text))) return false;
  return texts.every((text) => !hit.rule.pattern.test(text.replace(KEY_USE, "$1")));
}

/** Hits that count, injection hits in ordinary documents lowered to medium (a human looks; nothing is blocked). */
export function exemptHits(hits: RuleHit[], view: ActionView): RuleHit[] {
  if (hits.length === 0) return hits;
  const written = writtenDocuments(view);
  const kept: RuleHit[] = [];
  for (const hit of hits) {
    if (hit.rule.outsideWorkspaceOnly && !matchesOutside(hit, view)) continue;
    if (hit.rule.id === "credential.secret_variable_echo" && feedsLoginOnly(hit, view.segments)) continue;
    if (hit.rule.category === "exfiltration" && onlyThroughKeyUse(hit, view)) continue;
    if (hit.rule.category === "injection" && written === "tests") continue;
    if (hit.rule.category === "injection" && written === "documents" && hit.rule.severity !== "medium") {
      kept.push({ ...hit, rule: { ...hit.rule, severity: "medium" } });
      continue;
    }
    kept.push(hit);
  }
  return kept;
}
