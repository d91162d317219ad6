/** Code run straight from someone's repository on a forge the egress list allows: a runtime given a raw file of
 * GitHub, a gist or GitLab (`deno run -A https://raw.githubusercontent.com/x/y/main/setup.ts`), and `go run
 * MODULE@version` of a module whose owner is not a well-known one. Allowed hosts are allowed to receive data;
 * that says nothing of whose code they serve. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { runsUrlScriptsWith, scriptUrl } from "./remote_runs.ts";
import { POPULAR_GO_OWNERS } from "./data/popular_go.ts";

const USER_CONTENT =
  /^https?:\/\/(?:raw\.githubusercontent\.com|gist\.githubusercontent\.com|gist\.github\.com|github\.com\/[^/]+\/[^/]+\/(?:raw|blob)\/|gitlab\.com\/[^/]+\/[^/]+\/-\/raw\/|bitbucket\.org\/[^/]+\/[^/]+\/raw\/)/i;
let goOwners: Set<string> | undefined;

function unknownGoModule(argv: readonly string[]): string | undefined {
  if (argv[1] !== "run") return undefined;
  const target = argv.slice(2).find((arg) => !arg.startsWith("-"));
  const match = target ? /^(?:github\.com|gitlab\.com|bitbucket\.org)\/([^/@]+)\/[^@]+@/.exec(target) : null;
  if (!match) return undefined;
  goOwners ??= new Set(POPULAR_GO_OWNERS.split(/\s+/).filter(Boolean).map((owner) => owner.toLowerCase()));
  return goOwners.has(match[1].toLowerCase()) ? undefined : target;
}

/** Whether judgeForgeRuns looks at a segment of `program`: `go`, or a runtime taking its script by URL. */
export function runsForgesWith(program: string): boolean {
  return program === "go" || runsUrlScriptsWith(program);
}

export function judgeForgeRuns(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
    if (segment.program === "go") {
      const module = unknownGoModule(segment.argv);
      if (module) {
        findings.escalate(
          "exec",
          `runs the Go module "${module.slice(0, 80)}" of an owner Shield does not know`,
        );
      }
      continue;
    }
    const url = scriptUrl(segment);
    if (url && USER_CONTENT.test(url)) {
      findings.escalate("exec", `runs "${url.slice(0, 80)}", code from someone's repository, as fetched`);
    }
  }
}
