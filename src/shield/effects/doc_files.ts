/** Round 79: prose files (a docs folder, ADRs, READMEs, changelogs, Markdown, reStructuredText, AsciiDoc, plain
 * text) other than an agent's instruction files. Nothing in them runs: a flag or a URL they quote is written about,
 * not set or called. An agent's instruction file (`CLAUDE.md`, `.cursorrules`, `.github/copilot-instructions.md`) is
 * read as orders by the next agent, so it is never prose here. */

import { AGENT_INSTRUCTIONS } from "./path_classes.ts";

const DOC_FILE =
  /(?:^|\/)(?:docs?|adrs?|decisions|rfcs?)\/[^/]+(?:\/[^/]+)*\.(?:md|mdx|markdown|rst|adoc|txt)$|(?:^|\/)(?:readme|changelog|changes|history|contributing|security|news)(?:\.(?:md|mdx|markdown|rst|adoc|txt))?$|\.(?:md|mdx|markdown|rst|adoc)$/i;

/** Skills and prompt folders an agent loads as instructions too (`.claude/skills/x/SKILL.md`, `prompts/*.md`). */
const AGENT_PROSE = /(?:^|\/)(?:skill\.md|\.?claude\/|[^/]*prompts?\/|rules\/[^/]+\.mdc?$)/i;

/** Whether a path is a prose file and no agent instruction file. */
export function isDocFile(path: string): boolean {
  return DOC_FILE.test(path) && !AGENT_INSTRUCTIONS.test(path.toLowerCase()) && !AGENT_PROSE.test(path);
}

/** Whether there are paths and every one is a prose file. */
export function docsOnly(paths: readonly string[]): boolean {
  return paths.length > 0 && paths.every(isDocFile);
}
