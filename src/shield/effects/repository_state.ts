/** Writes into a repository's own state under `.git/` (`HEAD`, `ORIG_HEAD`, `index`, `packed-refs`, `refs/`,
 * `objects/`): they move branches, drop commits from view or corrupt the repository without a git command anyone
 * would read (MITRE ATT&CK T1565.001). Hooks and `config` are judged as persistence and settings elsewhere;
 * `info/exclude` is an ignore list and passes. */

import type { Findings } from "./findings.ts";

const STATE = /\/\.git\/(?:HEAD|ORIG_HEAD|FETCH_HEAD|index|packed-refs|shallow|refs\/|objects\/)/;

export function judgeRepositoryState(tool: string, paths: readonly string[], findings: Findings): void {
  const path = paths.find((candidate) => STATE.test(candidate));
  if (path !== undefined) {
    findings.escalate(
      "write",
      `"${tool}" rewrites the repository's own state ("${path.slice(path.indexOf(".git/"))}")`,
    );
  }
}
