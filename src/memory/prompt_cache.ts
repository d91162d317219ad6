/** The memory part of the system prompt, made again only when it could differ: a prompt file changed on disk (its
 * kind, size, times or inode), `memory_write` touched a section, or the token budget changed. Every round of every
 * turn asks for it; reading four files and a table each time cost more than the rest of a short turn. */
import type { DatabaseSync } from "node:sqlite";
import { buildPromptContext, PROMPT_FILES, type PromptFile } from "./prompt_context.ts";

export interface PromptCache {
  text(tokenBudget: number): string;
  /** A section was written through the memory service (its recency orders the prompt). */
  touched(): void;
}

export function promptCache(workspace: string, db: DatabaseSync): PromptCache {
  let key = "";
  let text = "";
  let writes = 0;
  return {
    touched: () => void writes++,
    text(tokenBudget) {
      const stamps = PROMPT_FILES.map((name) => stampOf(`${workspace}/${name}`)).join("|");
      const next = `${tokenBudget}|${writes}|${stamps}`;
      if (next !== key) {
        text = build(workspace, db, tokenBudget);
        key = next;
      }
      return text;
    },
  };
}

function build(workspace: string, db: DatabaseSync, tokenBudget: number): string {
  const files = PROMPT_FILES.map((name) => readPromptFile(workspace, name)).filter((file) => file !== null);
  const rows = db.prepare("SELECT section, touched_at FROM memory_section_activity WHERE path = 'MEMORY.md'")
    .all() as { section: string; touched_at: number }[];
  return buildPromptContext(files, tokenBudget, new Map(rows.map((row) => [row.section, row.touched_at])));
}

/** What tells one version of a file from another without reading it; "-" when there is none. */
function stampOf(path: string): string {
  try {
    const info = Deno.lstatSync(path);
    return `${info.isFile}:${info.mtime?.getTime()}:${info.ctime?.getTime()}:${info.size}:${info.ino}`;
  } catch {
    return "-";
  }
}

/** Sync read for prompt assembly; symlinks and unreadable files are left out, never followed. */
function readPromptFile(workspace: string, name: string): PromptFile | null {
  try {
    const path = `${workspace}/${name}`;
    if (!Deno.lstatSync(path).isFile) return null;
    return { name, content: Deno.readTextFileSync(path) };
  } catch {
    return null;
  }
}
