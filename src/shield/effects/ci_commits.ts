/** CI definitions committed or staged by name (round 26): a git tool (`git_commit {files: [".github/workflows/ci.yml"]}`,
 * `git_add {paths: [...]}`, any MCP git server's commit or add) or `git add`/`git commit` naming a workflow, GitLab,
 * CircleCI, Azure, Buildkite, Bitbucket, Travis, Drone or Jenkins pipeline file. The commit's content is not in the
 * action, and the pipeline runs with the repository's secrets on the next push: ESCALATE so a human sees that CI
 * changes. Writing the file is judged by what it says (config_files.ts, workflow_steps.ts); committing everything
 * (`git commit -am`, `git add -A`) names no pipeline and passes. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { identifierWords, mcpParts } from "./words.ts";

const PIPELINE =
  /(?:^|\/)(?:\.github\/workflows(?:\/[^/]+\.ya?ml)?\/?|\.gitlab-ci\.ya?ml|\.circleci\/config\.ya?ml|azure-pipelines\.ya?ml|\.buildkite\/[^/]+\.ya?ml|bitbucket-pipelines\.ya?ml|\.travis\.ya?ml|\.drone\.ya?ml|Jenkinsfile)$/;
const PATH_KEYS = /^(?:files?|paths?|pathspecs?|file_paths?|filepaths?|add|include|targets?)$/i;
const STAGING_WORDS = new Set(["commit", "add", "stage", "push"]);

function named(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string").slice(0, 64)
    : [];
}

/** A git tool staging or committing files it names. */
function stagesByTool(tool: string): boolean {
  const mcp = mcpParts(tool);
  const words = identifierWords(mcp?.tool ?? tool);
  const git = words.includes("git") || (mcp !== undefined && identifierWords(mcp.server).includes("git"));
  return git && words.some((word) => STAGING_WORDS.has(word));
}

export function judgeCiCommits(
  tool: string,
  payload: Record<string, unknown>,
  segments: readonly Segment[],
  findings: Findings,
): void {
  const files: string[] = [];
  if (stagesByTool(tool)) {
    for (const [key, value] of Object.entries(payload)) if (PATH_KEYS.test(key)) files.push(...named(value));
  }
  for (const segment of segments) {
    if (segment.program !== "git") continue;
    const verb = segment.argv.findIndex((word) => word === "add" || word === "commit" || word === "stage");
    if (verb > 0) files.push(...segment.argv.slice(verb + 1).filter((word) => !word.startsWith("-")));
  }
  const pipeline = files.find((file) => PIPELINE.test(file.replace(/^\.\//, "")));
  if (pipeline !== undefined) {
    findings.escalate(
      "write",
      `"${tool}" commits the CI pipeline "${pipeline}", which runs with the repository's secrets`,
    );
  }
}
