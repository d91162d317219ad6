/** Uncommitted work thrown away wholesale (round 22): `git stash clear` drops every stash, and a whole-tree discard
 * of tracked edits (`git checkout -- .`, `git restore .`, `git reset --hard`, `git checkout -f`) together with a
 * forced clean (`git clean -fd`, `-fdx` taking ignored files such as a local `.env` too) leaves nothing of the work.
 * Each half alone is common and passes: a clean for a fresh build, a hard reset, one file restored, one stash
 * dropped, `git clean -n` previews.
 * Sources: git-clean(1) `-x`/`-X`/`-n`, git-stash(1) `clear`, git-checkout(1)/git-restore(1) pathspec `.`;
 * Replit agent and Gemini CLI work-loss incident reports (2025). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { subcommand } from "./history_by_count.ts";

/** Pathspecs naming the whole tree. */
const WHOLE_TREE = new Set([".", "./", ":/", "*", ":(top)", "-A"]);

interface Discards {
  tracked: boolean;
  untracked: boolean;
  ignored: boolean;
  stashes: boolean;
}

/** The single-letter flags of a git line's options (`-ffdx` -> f, d, x) and its long options. */
function flagsOf(words: readonly string[]): Set<string> {
  const flags = new Set<string>();
  for (const word of words) {
    if (word.startsWith("--")) flags.add(word);
    else if (word.startsWith("-") && word.length > 1) {
      for (const letter of word.slice(1)) flags.add(letter);
    }
  }
  return flags;
}

function readClean(rest: readonly string[], discards: Discards): void {
  const flags = flagsOf(rest);
  const forced = flags.has("f") || flags.has("--force");
  if (!forced || flags.has("n") || flags.has("--dry-run") || flags.has("X")) return;
  const paths = rest.filter((word) => !word.startsWith("-"));
  if (paths.length > 0 && !paths.some((path) => WHOLE_TREE.has(path))) return;
  discards.untracked = true;
  if (flags.has("x")) discards.ignored = true;
}

function readGit(argv: readonly string[], discards: Discards): void {
  const at = subcommand(argv);
  if (at < 0) return;
  const verb = argv[at];
  const rest = argv.slice(at + 1);
  if (verb === "clean") readClean(rest, discards);
  else if (verb === "stash") {
    if (rest[0] === "clear" || (rest[0] === "drop" && rest.includes("--all"))) discards.stashes = true;
  } else if (verb === "reset") {
    if (rest.includes("--hard") && rest.filter((word) => !word.startsWith("-")).length <= 1) {
      discards.tracked = true;
    }
  } else if (verb === "checkout" || verb === "restore") {
    const operands = rest.filter((word) => !word.startsWith("-") || word === "-A");
    const forced = verb === "checkout" && (rest.includes("-f") || rest.includes("--force")) &&
      operands.length === 0;
    if (forced || operands.some((word) => WHOLE_TREE.has(word))) discards.tracked = true;
  }
}

/** The test judgeDiscardedWork's segment loop starts with (a gate of `shell_round22.ts`). */
export const discardsWith = (program: string): boolean => program === "git";

export function judgeDiscardedWork(tool: string, segments: readonly Segment[], findings: Findings): void {
  let discards: Discards | undefined;
  for (const segment of segments) {
    if (!discardsWith(segment.program)) continue;
    discards ??= { tracked: false, untracked: false, ignored: false, stashes: false };
    readGit(segment.argv, discards);
  }
  if (!discards) return;
  // A clean alone (even of ignored files, `-fdx`) is how a build starts afresh (round 13's false-block matrix); the
  // loss is wholesale when tracked edits go with it, or when the stashes go.
  const files = discards.ignored ? "untracked and ignored file" : "untracked file";
  const lost = discards.stashes
    ? "every stash"
    : discards.tracked && discards.untracked
    ? `every uncommitted change and ${files}`
    : undefined;
  if (lost) findings.escalate("delete", `"${tool}" throws away ${lost} of the repository`);
}
