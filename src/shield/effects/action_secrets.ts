/** Workflow steps that hand repository secrets to a third-party action pinned only by a tag or branch
 * (`uses: cool-dev/release-helper@v2` with `npm_token: ${{ secrets.NPM_TOKEN }}`): whoever moves the tag gets the
 * secret (tj-actions/changed-files, CVE-2025-30066). First-party owners and full commit SHAs pass. */

import type { Findings } from "./findings.ts";
import { matchesOf } from "../match_all.ts";

const WORKFLOW = /(?:^|\/)\.github\/workflows\/[^/]+\.ya?ml$/i;
const FIRST_PARTY =
  /^(?:actions|github|docker|aws-actions|azure|google-github-actions|hashicorp|pypa|microsoft)$/i;
const STEP =
  /^[ \t]*-[ \t]+(?:name:[^\n]*\n[ \t]+)?uses:[ \t]*["']?([\w.-]+)\/([\w./-]+)@([\w.-]+)["']?[^\n]*\n((?:(?![ \t]*-[ \t])[ \t]{4,}[^\n]*\n?){0,30})/gm;

export function judgeActionSecrets(
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  if (!paths.some((path) => WORKFLOW.test(path))) return;
  for (const text of contents.slice(0, 4)) {
    if (text.length > 256 * 1024 || !text.includes("secrets.")) continue;
    for (const match of matchesOf(STEP, text)) {
      const [, owner, repo, ref, body] = match;
      if (FIRST_PARTY.test(owner) || /^[0-9a-f]{40}$/i.test(ref)) continue;
      if (/\$\{\{\s*secrets\.(?!GITHUB_TOKEN\b)\w+/.test(body)) {
        findings.escalate(
          "install",
          `hands repository secrets to "${owner}/${repo}@${ref}", a third-party action on a movable ref`,
        );
        return;
      }
    }
  }
}
