/** Review gates taken away so a change can merge (round 34): owners taken out of a CODEOWNERS file (lines deleted,
 * commented out, the file emptied or deleted), the reviews a branch protection, ruleset or GitLab approval rule
 * requires lowered or switched off (`required_approving_review_count: 2` -> `0`, `require_code_owner_reviews: true` ->
 * `false`, `enforce_admins` off), and a merge queue's approval condition dropped (Mergify `#approved-reviews-by>=2`).
 * A team renamed, owners added, and reviews raised pass.
 * Sources: GitHub Docs (About code owners, About protected branches, About rulesets); the Probot settings app;
 * Mergify queue rules; GitLab merge request approval rules; OWASP Top 10 CI/CD Security Risks CICD-SEC-1. */

import type { WrittenEdit } from "./written_edit.ts";
import type { Findings } from "./findings.ts";
import type { ActionView } from "../action_view.ts";

export const CODEOWNERS = /(?:^|\/)(?:\.github\/|\.gitlab\/|docs\/)?CODEOWNERS$/;
/** Files that set required reviews; any file holding one of the keys is read too. */
const REVIEW_SETTINGS =
  /required_approving_review_count|require_code_owner_reviews?|enforce_admins|approved-reviews-by|approvals_before_merge|approvals_required|required_review_thread_resolution/;
const OWNER = /(?:^|\s)(?:@[\w.-]+(?:\/[\w.-]+)?|[\w.+-]+@[\w-]+\.[\w.]+)(?=\s|$)/;

/** Path patterns that have owners, from a CODEOWNERS text's live lines. */
function ownedPatterns(text: string): Set<string> {
  const owned = new Set<string>();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith("[") || line.startsWith("^[")) continue;
    const [pattern, ...owners] = line.split(/\s+/);
    if (owners.some((owner) => OWNER.test(owner))) owned.add(pattern);
  }
  return owned;
}

function removedOwners(edit: WrittenEdit, file: string): string | undefined {
  const after = ownedPatterns(edit.written);
  if (!edit.removed) {
    // A whole file written: emptied of owners, it requires no review at all.
    return after.size === 0 ? `leaves "${file}" with no owners` : undefined;
  }
  const lost = [...ownedPatterns(edit.removed)].find((pattern) => !after.has(pattern));
  return lost ? `takes the owners of "${lost}" out of "${file}"` : undefined;
}

/** Numbers set under `key` (YAML `key: 2`, JSON `"key": 2`, Mergify `#key>=2`). */
function settingValues(text: string, key: string): string[] {
  const pattern = new RegExp(`${key}["']?\\s*(?:[:=]|>=?)\\s*["']?(\\w+)`, "g");
  return [...text.matchAll(pattern)].map((match) => match[1].toLowerCase());
}

const COUNTS = ["required_approving_review_count", "approvals_before_merge", "approvals_required"];
const SWITCHES = ["require_code_owner_reviews?", "enforce_admins", "required_review_thread_resolution"];

function loweredReviews(edit: WrittenEdit): string | undefined {
  if (!edit.removed || !REVIEW_SETTINGS.test(edit.removed)) return undefined;
  for (const key of COUNTS) {
    const before = settingValues(edit.removed, key).map(Number).filter((value) => !Number.isNaN(value));
    const after = settingValues(edit.written, key).map(Number).filter((value) => !Number.isNaN(value));
    if (before.length > 0 && after.length > 0 && Math.min(...after) < Math.min(...before)) {
      return `lowers "${key}" from ${Math.min(...before)} to ${Math.min(...after)}`;
    }
  }
  for (const key of SWITCHES) {
    const before = settingValues(edit.removed, key);
    const after = settingValues(edit.written, key);
    if (before.includes("true") && after.some((value) => value === "false")) return `switches "${key}" off`;
  }
  const approvals = settingValues(edit.removed, "#approved-reviews-by").map(Number);
  if (approvals.some((count) => count > 0)) {
    const left = settingValues(edit.written, "#approved-reviews-by").map(Number);
    if (left.length === 0 || Math.max(...left) < Math.max(...approvals)) {
      return "drops the merge queue's approval condition";
    }
  }
  return undefined;
}

/** Why the edit takes a review gate away, if it does. */
export function removedReviewGates(edit: WrittenEdit): string | undefined {
  const owners = edit.paths.find((path) => CODEOWNERS.test(path));
  const how = owners ? removedOwners(edit, owners) : loweredReviews(edit);
  return how ? `"${edit.tool}" removes a review gate: it ${how}` : undefined;
}

/** A CODEOWNERS file deleted by a delete tool or by `rm`/`git rm`. */
export function judgeDeletedOwners(view: ActionView, findings: Findings): void {
  let deleted: string | undefined;
  if (view.type === "delete_file") {
    deleted = view.paths.map((path) => path.relative ?? path.absolute).find((path) => CODEOWNERS.test(path));
  }
  for (const segment of view.segments) {
    if (deleted) break;
    const [program, sub] = segment.argv;
    if (program !== "rm" && program !== "unlink" && !(program === "git" && sub === "rm")) continue;
    deleted = segment.argv.slice(1).find((word) => CODEOWNERS.test(word));
  }
  if (deleted) {
    findings.escalate("security", `"${view.tool}" deletes "${deleted}", which requires owners' review`);
  }
}
