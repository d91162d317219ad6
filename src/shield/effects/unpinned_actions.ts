/** CI workflows whose actions are unpinned (round 78): an edit of a GitHub Actions workflow or composite action that
 * replaces an action pinned to a full commit SHA with a tag or branch of the same action (`actions/checkout@<sha>`
 * -> `actions/checkout@main`, `softprops/action-gh-release@<sha>` -> `@v2`), or that adds an action by tag or branch
 * when the workflow pins its actions by SHA (the replaced text or the written one holds an `@<40 hex>` pin) and the
 * action is not GitHub's own nor a popular one. A tag can be moved to a new commit by whoever controls the action's
 * repository (tj-actions/changed-files and reviewdog, 2025, moved every tag to a secret-dumping commit); a SHA cannot.
 * What passes: a SHA bumped to another SHA (Dependabot's shape), GitHub's and popular actions by tag in a workflow
 * that pins nothing (the common style, left to the lookalike and secrets readings), a first-party major tag bumped
 * (`setup-node@v3` -> `@v4`). Older readings keep: lookalike actions (`config_files.ts`), third-party actions at a
 * moving branch, `pull_request_target` with the PR's code, secrets handed to unpinned third-party actions
 * (`action_secrets.ts`), and `curl | bash` steps (the download-pipe rule).
 *
 * Sources: GitHub Docs, Security hardening for GitHub Actions (pin to a full-length commit SHA); CVE-2025-30066
 * (tj-actions/changed-files) and CVE-2025-30154 (reviewdog); OpenSSF Scorecard Pinned-Dependencies; StepSecurity
 * on action pinning. */

import type { WrittenEdit } from "./written_edit.ts";
import { POPULAR_ACTIONS } from "./data/popular_actions.ts";

const WORKFLOW = /\/\.github\/workflows\/[^/]+\.ya?ml$|(?:^|\/)action\.ya?ml$/i;
const USES = /\buses:\s*["']?([\w.-]+)\/([\w.-]+)((?:\/[\w./-]*)?)@([\w.\/-]+)/g;
const SHA = /^[0-9a-f]{40}$/i;
const SHA_PIN = /\buses:\s*["']?[\w.-]+\/[\w.-]+(?:\/[\w./-]*)?@[0-9a-f]{40}\b/i;
const MAX_TEXT = 128 * 1024;
const POPULAR = new Set(POPULAR_ACTIONS.map((name) => name.toLowerCase()));

/** The actions a text uses, as `owner/repo[/path]` -> refs. */
function usedActions(text: string): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const match of text.slice(0, MAX_TEXT).matchAll(USES)) {
    const name = `${match[1]}/${match[2]}${match[3]}`.toLowerCase();
    const refs = used.get(name) ?? [];
    refs.push(match[4]);
    used.set(name, refs);
  }
  return used;
}

export function unpinnedActions(edit: WrittenEdit): string | undefined {
  if (!edit.paths.some((path) => WORKFLOW.test(path))) return undefined;
  const written = edit.written;
  if (!written.includes("uses:")) return undefined;
  const before = edit.removed.includes("uses:") ? usedActions(edit.removed) : new Map<string, string[]>();
  const after = usedActions(written);
  for (const [name, refs] of after) {
    const unpinned = refs.find((ref) => !SHA.test(ref));
    if (!unpinned) continue;
    if (before.get(name)?.some((ref) => SHA.test(ref))) {
      return `"${edit.tool}" replaces the commit pin of "${name}" with the movable ref "${unpinned}"`;
    }
  }
  const pinsBySha = SHA_PIN.test(edit.removed) || SHA_PIN.test(written.slice(0, MAX_TEXT));
  if (!pinsBySha) return undefined;
  for (const [name, refs] of after) {
    if (before.has(name)) continue;
    const owner = name.split("/")[0];
    const repo = name.split("/").slice(0, 2).join("/");
    if (owner === "actions" || owner === "github" || POPULAR.has(repo)) continue;
    const unpinned = refs.find((ref) => !SHA.test(ref));
    if (unpinned) {
      return `"${edit.tool}" adds "${name}@${unpinned}" by a movable ref to a workflow that pins its actions by commit`;
    }
  }
  return undefined;
}
