/** Privileged CI pointed at an outsider's pull request (round 39): a workflow dispatched on a pull request's head
 * (`gh workflow run release.yml --ref refs/pull/412/head`, `-f ref=refs/pull/412/head`, `gh api
 * repos/o/r/actions/workflows/publish.yml/dispatches -f ref=refs/pull/9/merge`, `glab ci run --branch
 * refs/merge-requests/12/head`, a `run_workflow` tool given such a ref). A dispatched run has the repository's
 * secrets and write token, and the pull request's code runs with them: the "pwn request" reached by hand (the
 * Ultralytics release was built from an attacker's branch). Fetching a pull request's head to read it (`git fetch
 * origin pull/412/head`, `gh pr checkout`) dispatches nothing and passes, as do dispatches on a branch or tag.
 * Sources: GitHub Security Lab, "Keeping your GitHub Actions and workflows secure: Preventing pwn requests" (2021);
 * Ultralytics 8.3.41 compromise write-ups (2024); GitHub REST docs, "Create a workflow dispatch event". */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";

const PR_HEAD = /\brefs\/(?:pull\/\d+\/(?:head|merge)|merge-requests\/\d+\/(?:head|merge))\b/;
/** A command that dispatches a workflow or pipeline. */
const DISPATCH_COMMAND =
  /\bgh\s+(?:workflow\s+run|api\b[^\n|;&]*\/dispatches)|\/(?:dispatches|trigger\/pipeline)\b|\bglab\s+(?:ci\s+run|pipeline\s+run)|\bworkflow_dispatch\b/;
/** A tool that dispatches one (`mcp__github__run_workflow`, `trigger_pipeline`). */
const DISPATCH_TOOL = /workflow|dispatch|pipeline|trigger_?ci|run_?ci/i;

/** String arguments of a tool call, one level deep (and in lists). */
function argumentStrings(payload: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const value of Object.values(payload).slice(0, 32)) {
    if (typeof value === "string") found.push(value);
    else if (Array.isArray(value)) {
      found.push(...value.filter((item) => typeof item === "string").slice(0, 32));
    } else if (value && typeof value === "object") {
      found.push(
        ...Object.values(value).filter((item): item is string => typeof item === "string").slice(0, 32),
      );
    }
  }
  return found;
}

export function judgePrHeadRuns(view: ActionView, findings: Findings): void {
  for (const text of view.texts.get("shell") ?? []) {
    if (!text.includes("refs/") || !PR_HEAD.test(text) || !DISPATCH_COMMAND.test(text)) continue;
    findings.escalate("exec", `dispatches a workflow on a pull request's head ("${PR_HEAD.exec(text)![0]}")`);
    return;
  }
  if (view.type === "execute_command" || !DISPATCH_TOOL.test(view.tool)) return;
  const ref = argumentStrings(view.payload).find((text) => text.includes("refs/") && PR_HEAD.test(text));
  if (ref) findings.escalate("exec", `"${view.tool}" dispatches a workflow on a pull request's head`);
}
