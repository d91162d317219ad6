/** What an action holds, worked out once per action for the effect checks (round 22 of speed): one bit per kind of
 * field a check can read (a text written to a file, the text an edit replaces, a written CODEOWNERS file, ...), and
 * per check the bits one of which it needs to find anything (`NEEDS`). The effect profile calls a check only when the action's summary holds
 * one of its needs, so an action without what a check reads touches none of that check's code or data (most
 * command writes -- `cat <<EOF > x.py`, `> out.txt` -- write no text Shield sees, and paid some fifteen checks of the
 * written text on every one). `tests/shield/effects/check_needs_test.ts` proves each declaration: every check
 * called ungated finds the same over every case and over every written path written with nothing, and dropping any
 * one declared bit loses a finding somewhere. */

import type { ActionView } from "../action_view.ts";
import type { PayloadKind } from "../payload_fields.ts";
import { CODEOWNERS } from "./review_gates.ts";
import { ProgramGates } from "./segment_programs.ts";
import { kubeClient } from "../kube_inputs.ts";
import { BLANKABLE } from "./blanked_files.ts";

/** A text the action writes to a file (a `content` text of the view that is not empty: a patch that only takes
 * lines out writes ""). */
export const CONTENT = 1;
/** The text an edit replaces (`removed`, a string). */
export const REMOVED = 2;

/** Shell segments (`view.segments`: a command's, or those of a task's lines). */
export const SEGMENTS = 4;
/** A whole shell line (a `shell` text that is not empty). */
export const SHELL = 8;
/** Interpreter code (a `code` text that is not empty: `python -c`, here-doc bodies, code arguments). */
export const CODE = 16;

/** A written path that is a CODEOWNERS file (emptied by a command's write of nothing, it requires no review). */
export const OWNERS = 32;
/** A path of data or history (a database, a migration: `blanked_files.ts`) a file tool writes, which a write of
 * nothing destroys (round 43). */
export const DATA = 1024;

/** Anything but our own command tool given one command line (round 24 of speed): another tool, or `execute_command`
 * with other arguments or without a string `command`. */
export const OTHER_CALL = 64;
/** A URL (`view.urls`: an argument's, or one a command names). */
export const URLS = 128;

/** A shell segment whose program is `git` (round 25 of speed: the one program a commit or stage by command is read
 * from). */
export const GIT = 256;
/** A shell segment whose program is a Kubernetes client (`kubectl`, `oc`, ...: the programs that apply a manifest
 * read from standard input). */
export const KUBE = 512;

/** The programs the summary's bits name, one table of program gates (asked in the pass over the segments the
 * effect profile's other tables share: one look-up per program name for all of them). */
const PROGRAMS = new ProgramGates();
const GIT_PROGRAM = PROGRAMS.gate((program) => program === "git");
const KUBE_PROGRAM = PROGRAMS.gate(kubeClient);

/** Every bit: a need of `ALL` is always met (the tests' ungated calls). */
export const ALL = 0x3fffffff;

/** Whether the view holds a text of `kind` that is not empty (an edit that only takes lines out writes ""). */
function someText(view: ActionView, kind: PayloadKind): boolean {
  const texts = view.texts.get(kind);
  if (texts === undefined) return false;
  for (let k = 0; k < texts.length; k++) if (texts[k] !== "") return true;
  return false;
}

/** Our command tool given its one argument, a command line: the profile reads it as a tool without an open-world
 * reading, sending nothing, with no argument but the line. */
function plainCommand(view: ActionView): boolean {
  if (view.tool !== "execute_command" || view.type !== "execute_command") return false;
  if (typeof view.payload.command !== "string") return false;
  for (const key in view.payload) if (key !== "command") return false;
  return true;
}

/** The action's summary: the bits of what it holds. */
export function summarize(view: ActionView): number {
  let bits = 0;
  if (!plainCommand(view)) bits |= OTHER_CALL;
  if (view.urls.length > 0) bits |= URLS;
  if (someText(view, "content")) bits |= CONTENT;
  if (typeof view.payload.removed === "string") bits |= REMOVED;
  if (view.segments.length > 0) {
    bits |= SEGMENTS;
    const programs = PROGRAMS.reached(view.segments);
    if (programs & GIT_PROGRAM) bits |= GIT;
    if (programs & KUBE_PROGRAM) bits |= KUBE;
  }
  if (someText(view, "shell")) bits |= SHELL;
  if (someText(view, "code")) bits |= CODE;
  for (let k = 0; k < view.writePaths.length; k++) {
    if (CODEOWNERS.test(view.writePaths[k].absolute)) {
      bits |= OWNERS;
      break;
    }
  }
  // A file tool's write (a command's redirection writes text Shield does not see: `pg_dump > x.sql`).
  for (let k = 0; view.segments.length === 0 && k < view.writePaths.length; k++) {
    if (BLANKABLE.test(view.writePaths[k].absolute)) {
      bits |= DATA;
      break;
    }
  }
  return bits;
}

/** Per gated check, the summary bits one of which it needs (read at each call: the tests change an entry to see
 * the declaration matter). A check listed here is called as `if (summary & NEEDS.name) ...`. */
export const NEEDS = {
  /** `judgeWeakenedCode`: checks dropped from an edit's old text, or weakened settings written. */
  weakenedCode: CONTENT | REMOVED,
  /** `judgeSafeguardEdits`: tests, checks, scans, limits and gates taken out or skipped by an edit or a write; a
   * CODEOWNERS file written with nothing (`: > .github/CODEOWNERS`) is left without owners; a database or migration
   * written with nothing is destroyed (round 43). */
  safeguardEdits: CONTENT | REMOVED | OWNERS | DATA,
  /** `judgeInstallHooks`: a hook file the toolchain runs that fetches and runs code. */
  installHooks: CONTENT,
  /** Images and remote additions of a written build file (`judgeWrittenContent`'s loop). */
  writtenBuildImages: CONTENT,
  /** `judgeConfigWrites`: package manifests, workflows, lockfiles, pre-commit and agent configuration written. */
  configWrites: CONTENT,
  /** `judgeWrittenLeaks`: secrets written where others read them. */
  writtenLeaks: CONTENT,
  /** `judgeWrittenImages`: container images named in written files. */
  writtenImages: CONTENT,
  /** `judgeLoadedBuildCode`: a build configuration that loads code from another host. */
  loadedBuildCode: CONTENT,
  /** `judgeCompromisedPins`: known-compromised releases pinned in a written manifest. */
  compromisedPins: CONTENT,
  /** `judgeWrittenAddressed`, `writtenChecks` and `judgeWrittenFiles`: orders and setups in written files. */
  writtenFiles: CONTENT,
  /** `judgeManifestSources`: packages taken from other sources in a written manifest. */
  manifestSources: CONTENT,
  /** `judgeWrittenTestStubs` and `judgeWrittenHookSources` (round 22 of rules): test configs and hook sources
   * written. */
  writtenStubsAndHooks: CONTENT,
  /** `judgeCodeRunningConfigs`: options and variables that make programs load other code. */
  codeRunningConfigs: SEGMENTS | SHELL,
  /** `judgeGuardSwitches`: guards switched off through the environment on a shell line. */
  guardSwitches: SHELL,
  /** `judgeDecodedRuns`: commands or code decoded at run time. */
  decodedRuns: SEGMENTS | CODE,
  /** `judgeRound36` (and round 38's checks it calls): handed company data, cross-owner pull requests, exposure and
   * unseen sends read a message, a written text, an open-world call's arguments or the tool's name; a plain command has
   * none of them (its name is no pull request's), and only a URL it names can be a mailbox search. */
  round36: OTHER_CALL | URLS,
  /** The argument checks the profile calls for every tool (tool listings, side destinations, password documents,
   * added attendees, extra arguments, carried arguments, address substitutions): each reads arguments, recipients or
   * an open-world reading a plain command does not have (its one argument is its line, judged as a command). */
  callArguments: OTHER_CALL,
  /** `judgeCiCommits` (round 25 of speed): CI pipelines staged or committed by a git tool (any tool but a plain
   * command) or by a `git` segment. */
  ciCommits: OTHER_CALL | GIT,
  /** `judgeLocalCodeServers` (round 25 of speed): local servers that run what they are sent, found only at a
   * loopback URL. */
  localCodeServers: URLS,
  /** `judgeClusterManifests` (round 25 of speed): manifests a Kubernetes tool is handed (any tool but a plain
   * command) or a Kubernetes client's segment applies from standard input. */
  clusterManifests: OTHER_CALL | KUBE,
};

export type CheckName = keyof typeof NEEDS;
