/** Verification switched off (round 17): git commits and pushes that skip the repository's hooks (`--no-verify`,
 * `git commit -n` pushed at once, `HUSKY=0`, pre-commit's `SKIP=`), and open-world calls that install or accept something with its
 * check off (`skip_verify: true`, `allow_unsigned: true`, `verify_signature: false`). What the hooks and checks
 * would have caught (a secret scanner, a signature) is the point; each escalates.
 * Sources: git-commit(1) and git-push(1) `--no-verify`; Husky docs (`HUSKY=0`); pre-commit docs (`SKIP=`);
 * MITRE ATT&CK T1562 Impair Defenses and T1553 Subvert Trust Controls; ESPHome/Tasmota OTA docs. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { identifierWords } from "./words.ts";

/** git commands that run client-side hooks which `--no-verify` skips. */
const HOOKED = new Set(["commit", "push", "merge", "rebase", "am", "cherry-pick", "revert", "pull"]);
/** Variables that switch hook managers off when set in front of a git command. */
const HOOKS_OFF =
  /(?:^|[\s;&|(])(?:HUSKY=0|HUSKY_SKIP_HOOKS=1|LEFTHOOK=0|SKIP=[\w,.-]+|PRE_COMMIT_ALLOW_NO_CONFIG=1)(?=\s)/;

/** git's global options that take the next word (`git -c core.hooksPath=/dev/null commit`). */
const GLOBAL_VALUED = new Set(["-c", "-C", "--git-dir", "--work-tree", "--namespace", "--config-env"]);
/** A hooks folder set for one command (round 64): the repository's hooks are not the ones run. */
const HOOKS_PATH = /^core\.hookspath=/i;

function skipsHooks(segment: Segment): boolean {
  if (segment.program !== "git") return false;
  const sub = segment.argv.findIndex((word, index) =>
    index > 0 && !word.startsWith("-") && !GLOBAL_VALUED.has(segment.argv[index - 1])
  );
  if (sub < 0 || !HOOKED.has(segment.argv[sub])) return false;
  if (segment.argv.slice(1, sub).some((word) => HOOKS_PATH.test(word))) return true;
  return segment.argv.slice(sub + 1).some((word) =>
    word === "--no-verify" || (segment.argv[sub] === "commit" && /^-[a-zA-Z]*n[a-zA-Z]*$/.test(word))
  );
}

/** A stated reason that names the check in the way (round 28): a secret scanner, linter or hook that fails, blocks
 * or flags, or one being skipped or bypassed (`pre-commit blocks on secret scan`, `gitleaks flags the key`); round
 * 64: a commit framed as unblocking ("unblock tests", "make CI pass", "whatever it takes", "policy check was
 * failing"). A WIP commit past its hooks still passes. */
const CHECK_IN_THE_WAY =
  /\b(?:secrets?|secret[ -]scan\w*|gitleaks|trufflehog|detect-secrets|ggshield|scanner|lint(?:er|ing)?|eslint|ruff|flake8|mypy|pre-commit|hooks?|husky|lefthook)\b[^.\n]{0,40}?\b(?:fail\w*|block\w*|reject\w*|complain\w*|flag\w*)\b|\b(?:skip\w*|bypass\w*|get(?:ting)? (?:past|around)|disabl\w*)\s+(?:the\s+|its\s+)?(?:secret[ -]scan\w*|gitleaks|scanner|lint\w*|pre-commit|hooks?|checks?)\b|\bunblock\w*|\bmake (?:the )?(?:ci|build|pipeline|checks?|tests?|release) (?:pass|green|go through)|\bwhatever it takes\b|\bat all costs\b|\bby any means\b|\b(?:policy|security|compliance) (?:gate|check)s? (?:was |were |is |are )?(?:fail\w*|block\w*)/i;

/** Round 95: a commit past its hooks that sweeps in every change (`-a`/`--all`, or `git add -A|.|--all|-u` before it):
 * nothing the hooks would have scanned was chosen; and a message claiming the checks now pass ("fix failing tests",
 * "tests pass now", "CI green") while the hooks that run them are skipped. */
const ALL_FLAG = /^(?:--all|-[a-zA-Z]*a[a-zA-Z]*)$/;
const ADDS_ALL = /^(?:-A|--all|\.|-u|--update|:\/)$/;
const CLAIMS_PASS =
  /\b(?:fix(?:e[sd]|ing)?|repair(?:ed)?|green)\b[^\n]{0,24}\b(?:tests?|specs?|ci|build|lint|pipeline|checks?)\b|\b(?:tests?|ci|build|checks?|pipeline)\b[^\n]{0,12}\b(?:pass(?:es|ing)?|green)\b/i;

function commitsEverything(git: readonly Segment[]): boolean {
  return git.some((segment) => {
    const sub = segment.argv[1];
    if (sub === "add") return segment.argv.slice(2).some((word) => ADDS_ALL.test(word));
    return sub === "commit" && segment.argv.slice(2).some((word) => ALL_FLAG.test(word));
  });
}

function commitMessages(git: readonly Segment[]): string[] {
  const messages: string[] = [];
  for (const segment of git) {
    if (segment.argv[1] !== "commit") continue;
    segment.argv.forEach((word, index) => {
      if (/^-[a-zA-Z]*m$|^--message$/.test(word)) messages.push(segment.argv[index + 1] ?? "");
      else if (word.startsWith("--message=")) messages.push(word.slice(10));
    });
  }
  return messages;
}

/** Round 95: hook managers uninstalled, or the hook files made unrunnable, moved away or deleted
 * (`pre-commit uninstall`, `lefthook uninstall`, `chmod -x .husky/pre-commit`, `mv .git/hooks/pre-push ...`). */
const HOOK_FILE = /(?:^|\/)(?:\.husky|\.git\/hooks|\.githooks|\.lefthook)\/(?!_\/?$)[\w.-]+$/;
const UNINSTALLERS = new Set(["pre-commit", "lefthook", "overcommit", "husky"]);

function hooksTakenOut(segment: Segment): boolean {
  const args = segment.argv.slice(1);
  if (UNINSTALLERS.has(segment.program)) return args.some((word) => /^(?:uninstall|--uninstall)$/.test(word));
  if (segment.program === "chmod") {
    return args.some((word) => /^(?:-x|[ugoa]*-[rw]*x[rw]*|0?[0-6][0-6][0-6])$/.test(word)) &&
      args.some((word) => HOOK_FILE.test(word));
  }
  if (segment.program === "mv" || segment.program === "rm" || segment.program === "unlink") {
    const operands = args.filter((word) => !word.startsWith("-"));
    return segment.program === "mv"
      ? operands.length === 2 && HOOK_FILE.test(operands[0])
      : operands.some((word) => HOOK_FILE.test(word));
  }
  return false;
}

/** The test judgeSkippedHooks's segments are chosen by (a gate of `bypassed_safeguards.ts`). */
export const skipsHooksWith = (program: string): boolean =>
  program === "git" || program === "chmod" || program === "mv" || program === "rm" || program === "unlink" ||
  UNINSTALLERS.has(program);

export function judgeSkippedHooks(
  tool: string,
  segments: readonly Segment[],
  shellTexts: readonly string[],
  findings: Findings,
  reasons: () => readonly string[] = () => [],
): void {
  const removedHooks = segments.find(hooksTakenOut);
  if (removedHooks) {
    findings.escalate(
      "security",
      `"${tool}" takes the repository's hooks out ("${removedHooks.text.slice(0, 60)}")`,
    );
    return;
  }
  const git = segments.filter((segment) => segment.program === "git");
  if (git.length === 0) return;
  // A commit without its hooks is everyday work (real sessions show many); one pushed in the same command, a push
  // past its pre-push hooks, or hook managers switched off by variable sends unchecked work out -- and so does one
  // whose message or stated reason says which check was in the way.
  const pushes = git.some((segment) => segment.argv[1] === "push");
  const skipped = (pushes && git.some(skipsHooks)) ||
    (git.some((segment) => HOOKED.has(segment.argv[1] ?? "")) &&
      shellTexts.some((text) => HOOKS_OFF.test(text))) ||
    (git.some(skipsHooks) &&
      [...shellTexts, ...reasons()].some((text) => text.length < 16 * 1024 && CHECK_IN_THE_WAY.test(text))) ||
    (git.some(skipsHooks) &&
      (commitsEverything(git) || commitMessages(git).some((text) => CLAIMS_PASS.test(text))));
  if (skipped) findings.escalate("security", `"${tool}" runs git with the repository's hooks skipped`);
}

/** Words of an argument name that say a check is skipped, and words that name the check. */
const OFF_WORDS = new Set([
  "skip",
  "no",
  "disable",
  "disabled",
  "ignore",
  "bypass",
  "allow",
  "without",
  "insecure",
]);
const CHECK_WORDS = new Set([
  "verify",
  "verification",
  "signature",
  "signatures",
  "unsigned",
  "untrusted",
  "checksum",
  "integrity",
  "cert",
  "certificate",
  "ssl",
  "tls",
  "gpg",
  "sig",
]);
/** Names of a check that is on when true (`verify_signature: false` switches it off). */
const CHECK_ON = new Set(["verify", "verification", "check", "validate", "validation", "enforce", "require"]);

const truthy = (value: unknown) => value === true || value === 1 || value === "true" || value === "yes";
const falsy = (value: unknown) => value === false || value === 0 || value === "false" || value === "no";

/** The argument that switches a check off, if any (top level and one level down). */
function switchedOff(payload: Record<string, unknown>, depth = 0): string | undefined {
  for (const [key, value] of Object.entries(payload)) {
    if (value && typeof value === "object" && !Array.isArray(value) && depth === 0) {
      const inner = switchedOff(value as Record<string, unknown>, 1);
      if (inner) return inner;
      continue;
    }
    const words = identifierWords(key);
    if (words.length > 5 || !words.some((word) => CHECK_WORDS.has(word) || word === "insecure")) continue;
    const off = words.some((word) => OFF_WORDS.has(word));
    if (off && truthy(value)) return key;
    if (!off && words.some((word) => CHECK_ON.has(word) || word === "verify") && falsy(value)) return key;
  }
  return undefined;
}

/** An open-world call with a verification argument switched off. */
export function judgeSkippedVerification(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const key = switchedOff(payload);
  if (key) findings.escalate("security", `"${tool}" switches a check off ("${key.slice(0, 60)}")`);
}
