/** search_files (glob on names) and grep_files (regex on content, run in a worker with a time limit). */
import { z } from "zod";
import { unreadablePaths } from "../workspace/protected_paths.ts";
import { type ToolDefinition } from "./types.ts";
import { ToolError } from "../lib/errors.ts";
import { existingInfo, judgedName, labelOf, targetFor } from "./file_targets.ts";
import { ok, plural, type ResolvedFileToolOptions, show } from "./file_helpers.ts";
import { walk } from "./file_walk.ts";
import { GlobError, globToRegExp } from "../lib/glob.ts";
import type { GrepResult } from "./grep_search.ts";
import { runInWorker } from "./grep_runner.ts";

const MAX_WALK_ENTRIES = 200_000;

const searchArgs = z.object({
  pattern: z.string().min(1).describe('Glob on names, e.g. "*.ts" (base name) or "src/**/*.test.ts" (path)'),
  path: z.string().optional().describe("Directory to search (default: the workspace)"),
});
const grepArgs = z.object({
  pattern: z.string().min(1).describe("JavaScript regular expression matched against each line"),
  path: z.string().optional().describe("File or directory to search (default: the workspace)"),
});

export function searchFilesTool(
  options: ResolvedFileToolOptions,
): ToolDefinition<z.infer<typeof searchArgs>> {
  return {
    name: "search_files",
    group: "files",
    description: "Find files and directories whose name matches a glob, recursively.",
    parameters: searchArgs,
    writes: false,
    resolveArguments: async (args) => ({
      ...args,
      path: await judgedName(options, args.path ?? ".", "read", "search"),
    }),
    async execute(args, context) {
      const userPath = args.path ?? ".";
      const label = labelOf(options, userPath);
      const root = await targetFor(options, userPath, "read", "search", context.argumentsResolved);
      if (!(await existingInfo(root, label, "search")).isDirectory) {
        throw new ToolError(`Cannot search "${label}": not a directory`);
      }
      const regex = compilePattern(args.pattern);
      const byPath = args.pattern.includes("/");
      const found: string[] = [];
      let truncated = false;
      for await (const entry of walk(root, MAX_WALK_ENTRIES, unreadablePaths(options.protectedPaths))) {
        const name = byPath ? entry.relative : entry.relative.slice(entry.relative.lastIndexOf("/") + 1);
        if (!regex.test(name)) continue;
        if (found.length >= options.maxSearchResults) {
          truncated = true;
          break;
        }
        found.push(show(options, entry.absolute) + (entry.isDirectory ? "/" : ""));
      }
      if (found.length === 0) {
        return ok(`No files match "${args.pattern}" in "${show(options, root)}"`, [show(options, root)]);
      }
      if (truncated) found.push(`[results capped at ${options.maxSearchResults}]`);
      return ok(found.join("\n"), [show(options, root)]);
    },
  };
}

export function grepFilesTool(options: ResolvedFileToolOptions): ToolDefinition<z.infer<typeof grepArgs>> {
  return {
    name: "grep_files",
    group: "files",
    description:
      "Search file contents with a regular expression; prints path:line: text. Binary files are skipped.",
    parameters: grepArgs,
    writes: false,
    resolveArguments: async (args) => ({
      ...args,
      path: await judgedName(options, args.path ?? ".", "read", "search"),
    }),
    async execute(args, context) {
      const userPath = args.path ?? ".";
      const root = await targetFor(options, userPath, "read", "search", context.argumentsResolved);
      await existingInfo(root, labelOf(options, userPath), "search");
      try {
        new RegExp(args.pattern);
      } catch (error) {
        throw new ToolError(`Invalid regular expression "${args.pattern}": ${(error as Error).message}`);
      }
      const result = await runInWorker(
        {
          root,
          realWorkspace: options.realWorkspace,
          pattern: args.pattern,
          maxMatches: options.maxGrepMatches,
          maxFileBytes: 10_000_000,
          maxLineChars: 10_000,
          shownLineChars: 500,
          maxEntries: MAX_WALK_ENTRIES,
          excluded: unreadablePaths(options.protectedPaths),
        },
        options.grepTimeoutMs,
        context.signal,
      );
      return ok(formatGrep(args.pattern, result, options.maxGrepMatches), result.files);
    },
  };
}

function formatGrep(pattern: string, result: GrepResult, maxMatches: number): string {
  const notes: string[] = [];
  if (result.truncated) notes.push(`[matches capped at ${maxMatches}]`);
  if (result.binarySkipped) notes.push(`[${plural(result.binarySkipped, "binary file")} skipped]`);
  if (result.largeSkipped) notes.push(`[${plural(result.largeSkipped, "file")} over 10 MB skipped]`);
  if (result.lines.length === 0) {
    return [`No matches for "${pattern}" in ${plural(result.filesScanned, "file")}`, ...notes].join("\n");
  }
  return [...result.lines, ...notes].join("\n");
}

function compilePattern(pattern: string): RegExp {
  try {
    return globToRegExp(pattern);
  } catch (error) {
    if (error instanceof GlobError) throw new ToolError(`Invalid pattern "${pattern}": ${error.message}`);
    throw error;
  }
}
