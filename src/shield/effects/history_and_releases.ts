/** What cannot be taken back in a repository or a registry: recovery history destroyed (`git reflog expire
 * --expire=now`, `git gc --prune=now` after it), history rewritten by filter tools (`git filter-repo`, `git
 * filter-branch`, `bfg`), and releases withdrawn from the public (`npm unpublish`, `cargo yank`, `gem yank`,
 * `gh release delete`). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const PROGRAMS = new Set(["git", "npm", "pnpm", "yarn", "cargo", "gem", "gh", "bfg", "java", "twine"]);

function judged(segment: Segment): string | undefined {
  const [, first, second] = segment.argv;
  const args = segment.argv.slice(1);
  switch (segment.program) {
    case "git":
      if (
        first === "reflog" && second === "expire" &&
        args.some((arg) => /^--expire(?:-unreachable)?=(?:now|all|0)/.test(arg))
      ) {
        return "destroys the repository's recovery history (reflog)";
      }
      if (first === "filter-repo" || first === "filter-branch") {
        return "rewrites the repository's whole history";
      }
      return undefined;
    case "bfg":
      return "rewrites the repository's whole history";
    case "java":
      return args.some((arg) => /bfg[\w.-]*\.jar$/i.test(arg))
        ? "rewrites the repository's whole history"
        : undefined;
    case "npm":
    case "pnpm":
    case "yarn":
      return first === "unpublish" || (first === "npm" && second === "unpublish")
        ? "withdraws a published package from the registry"
        : undefined;
    case "cargo":
    case "gem":
      return first === "yank" ? "withdraws a published release from the registry" : undefined;
    case "gh":
      return first === "release" && second === "delete" ? "deletes a published release" : undefined;
    default:
      return undefined;
  }
}

/** Whether judgeHistoryAndReleases looks at a segment of this program. */
export const rewritesHistoryWith = (program: string): boolean => PROGRAMS.has(program);

export function judgeHistoryAndReleases(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
    if (!rewritesHistoryWith(segment.program)) continue;
    const what = judged(segment);
    if (what) findings.escalate("delete", `"${segment.text.slice(0, 60)}" ${what}`);
  }
}
