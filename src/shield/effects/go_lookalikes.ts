/** Go modules installed from an owner that imitates a well-known one (`github.com/boltdb-go/bolt` for
 * `boltdb/bolt`, `stretchr-test/...` for `stretchr/...`, `golang-tools/...` for the Go team's tools), or a well-known
 * module's repository name under another owner (`go-tooling-fast/golangci-lint` for `golangci/golangci-lint`):
 * `go install` and `go get` build and run whatever that owner published. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { editDistance } from "./package_lookalikes.ts";
import { POPULAR_GO_OWNERS } from "./data/popular_go.ts";
import { POPULAR_GO_MODULES } from "./data/popular_more.ts";

const OWNERS = new Set(POPULAR_GO_OWNERS.split(/\s+/).filter(Boolean).map((owner) => owner.toLowerCase()));
const MODULE = /^(?:github\.com|gitlab\.com|bitbucket\.org)\/([\w.-]+)\/([\w.-]+)/i;
/** Well-known modules' repository names (five characters or more, so `cli`, `mux` stay free) to their owners. */
const KNOWN_REPOSITORIES = new Map<string, string>();
for (const module of POPULAR_GO_MODULES) {
  const [, owner, repository] = MODULE.exec(module) ?? [];
  if (owner && repository && repository.length >= 5) KNOWN_REPOSITORIES.set(repository.toLowerCase(), owner);
}

/** The well-known module whose repository name `owner/repository` borrows under another owner, if any. */
function borrowed(owner: string, repository: string): string | undefined {
  const known = KNOWN_REPOSITORIES.get(repository);
  return known && known.toLowerCase() !== owner && !OWNERS.has(owner) ? `${known}/${repository}` : undefined;
}

/** The well-known owner `owner` imitates, if any. */
function imitated(owner: string): string | undefined {
  if (OWNERS.has(owner)) return undefined;
  for (const known of OWNERS) {
    if (known.length < 4) continue;
    const glued = owner.startsWith(`${known}-`) || owner.startsWith(`${known}_`) ||
      owner.endsWith(`-${known}`) || owner.endsWith(`_${known}`);
    if (glued || (known.length >= 6 && editDistance(owner, known, 1) <= 1)) return known;
  }
  return undefined;
}

/** `go mod edit -replace A=B@v` hands A's import path to another module, as a go.mod `replace` line does
 * (https://go.dev/ref/mod#go-mod-edit; a local folder is the developer's own). */
function judgeReplaceEdit(argv: readonly string[], findings: Findings): void {
  for (let i = 3; i < argv.length && i < 24; i++) {
    const value = argv[i] === "-replace"
      ? argv[i + 1]
      : argv[i].startsWith("-replace=")
      ? argv[i].slice(9)
      : "";
    const [original = "", replacement = ""] = (value ?? "").split("=");
    const target = replacement.replace(/@.*$/, "");
    if (!target || /^(?:\.{1,2}\/|\/)/.test(target) || target === original.replace(/@.*$/, "")) continue;
    findings.escalate("install", `"go mod edit" replaces "${original}" with "${replacement}"`);
    return;
  }
}

/** Whether judgeGoLookalikes looks at a segment of `program` (its loop starts with this test). */
export const fetchesModulesWith = (program: string): boolean => program === "go";

export function judgeGoLookalikes(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    if (!fetchesModulesWith(segment.program)) continue;
    if (segment.program === "go" && segment.argv[1] === "mod" && segment.argv[2] === "edit") {
      judgeReplaceEdit(segment.argv, findings);
    }
    if (segment.program !== "go" || !/^(?:install|get|run)$/.test(segment.argv[1] ?? "")) continue;
    for (const arg of segment.argv.slice(2, 24)) {
      const parts = MODULE.exec(arg);
      const owner = parts?.[1]?.toLowerCase();
      const known = owner ? imitated(owner) ?? borrowed(owner, parts![2].toLowerCase()) : undefined;
      if (known) {
        findings.escalate(
          "install",
          `"go ${segment.argv[1]}" takes "${arg}" from "${owner}", which imitates "${known}"`,
        );
        return;
      }
    }
  }
}
