/** What an action holds, worked out once per action for the effect checks (round 22 of speed): one bit per kind of
 * field a check can read (a text written to a file, the text an edit replaces, …), and per check the bits one of
 * which it needs to find anything (`NEEDS`). The effect profile calls a check only when the action's summary holds
 * one of its needs, so an action without what a check reads touches none of that check's code or data (most
 * command writes — `cat <<EOF > x.py`, `> out.txt` — write no text Shield sees, and paid some fifteen checks of the
 * written text on every one). `tests/shield/effects/check_needs_test.ts` proves each declaration: every check
 * called ungated finds the same over every case, and dropping any one declared bit loses a finding somewhere. */

import type { ActionView } from "../action_view.ts";

/** A text the action writes to a file (a `content` text of the view that is not empty: a patch that only takes
 * lines out writes ""). */
export const CONTENT = 1;
/** The text an edit replaces (`removed`, a string). */
export const REMOVED = 2;

/** Every bit: a need of `ALL` is always met (the tests' ungated calls). */
export const ALL = 0x3fffffff;

/** The action's summary: the bits of what it holds. */
export function summarize(view: ActionView): number {
  let bits = 0;
  const contents = view.texts.get("content");
  if (contents !== undefined && contents.some((text) => text !== "")) bits |= CONTENT;
  if (typeof view.payload.removed === "string") bits |= REMOVED;
  return bits;
}

/** Per gated check, the summary bits one of which it needs (read at each call: the tests change an entry to see
 * the declaration matter). A check listed here is called as `if (summary & NEEDS.name) …`. */
export const NEEDS = {
  /** `judgeWeakenedCode`: checks dropped from an edit's old text, or weakened settings written. */
  weakenedCode: CONTENT | REMOVED,
  /** `judgeSafeguardEdits`: tests, checks, scans, limits and gates taken out or skipped by an edit or a write. */
  safeguardEdits: CONTENT | REMOVED,
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
};

export type CheckName = keyof typeof NEEDS;
