/** An outside account given owner or approver power over a repository (round 77): a personal account added to a
 * CODEOWNERS file whose owners are the organisation's teams (`* @corp/platform @freelance-reviewer-x`: that
 * account's approval now satisfies required reviews of every file), and personal accounts or apps put on a branch
 * protection's bypass lists (`bypass_pull_request_allowances.users`, a ruleset's `bypass_actors` of type `User` or
 * `Integration`), by a request body, a `gh api` command or an open-world tool. ESCALATE. Collaborators added as
 * admin or maintainer (`gh api .../collaborators/x -f permission=admin`, `glab` members at level 40/50, repository
 * permission tools) were already read.
 *
 * What passes: CODEOWNERS naming only teams (a team renamed or a second team added), a small project's CODEOWNERS
 * naming only its people (no team in the file: the people are the project), an edit that keeps the personal
 * accounts the replaced text already had, bypass lists of teams or of the organisation's admin role. Sources:
 * GitHub docs, "About code owners" and branch protection (`bypass_pull_request_allowances`), repository rulesets
 * (`bypass_actors`); Legit Security on CODEOWNERS abuse. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

const CODEOWNERS = /(?:^|\/)CODEOWNERS$/;
const HANDLE = /(?:^|\s)@([A-Za-z0-9][\w-]*)(\/[\w.-]+)?(?=\s|$)/g;

interface Owners {
  teams: number;
  people: Set<string>;
}

function ownersOf(text: string): Owners {
  const owners: Owners = { teams: 0, people: new Set() };
  for (const line of text.slice(0, 64 * 1024).split("\n").slice(0, 2000)) {
    const body = line.replace(/#.*$/, "");
    for (const match of body.matchAll(HANDLE)) {
      if (match[2]) owners.teams++;
      else owners.people.add(match[1].toLowerCase());
    }
  }
  return owners;
}

/** Written CODEOWNERS: `removed` is the text an edit replaces (empty for a whole write). */
export function judgeCodeOwnerGrants(
  tool: string,
  paths: readonly string[],
  removed: string,
  contents: readonly string[],
  findings: Findings,
): void {
  if (!paths.some((path) => CODEOWNERS.test(path))) return;
  const before = ownersOf(removed);
  for (const text of contents.slice(0, 8)) {
    const after = ownersOf(text);
    if (after.teams + before.teams === 0) continue;
    const added = [...after.people].find((person) => !before.people.has(person));
    if (added) {
      findings.escalate(
        "access",
        `"${tool}" makes the personal account "@${
          added.slice(0, 40)
        }" a code owner beside the organisation's teams`,
      );
      return;
    }
  }
}

export const BYPASS = gated(
  /bypass_pull_request_allowances["'\s:={]{0,12}[^}]{0,200}?\busers["'\s:=]{1,6}\[\s*["'{]|bypass_?actors[\s\S]{0,300}?actor_?type["'\s:=]{1,6}(?:User|Integration)\b|bypassPullRequestAllowances[\s\S]{0,200}?users/i,
);

/** Request bodies, commands and open-world arguments that put accounts on a protection's bypass list. */
export function judgeBypassGrants(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length > 64 * 1024 || !text.includes("ypass")) continue;
    if (BYPASS.test(text)) {
      findings.escalate("access", `"${tool}" lets named accounts bypass the branch's required reviews`);
      return;
    }
  }
}
