/** The files tool group: builds every file tool over one workspace and turns OS errors into tool errors. */
import * as path from "node:path";
import type { AnyTool } from "./types.ts";
import { ToolError } from "../lib/errors.ts";
import { type FileToolOptions, withDefaults } from "./file_helpers.ts";
import { listDirectoryTool, readFileTool } from "./file_read_tools.ts";
import { createDirectoryTool, deleteFileTool, writeFileTool } from "./file_write_tools.ts";
import { copyFileTool, moveFileTool } from "./file_transfer_tools.ts";
import { grepFilesTool, searchFilesTool } from "./file_search_tools.ts";

export type { FileToolOptions } from "./file_helpers.ts";

export function createFileTools(options: FileToolOptions): AnyTool[] {
  const resolved = withDefaults(options, realWorkspaceOf(options.workspace));
  const tools: AnyTool[] = [
    readFileTool(resolved),
    writeFileTool(resolved),
    deleteFileTool(resolved),
    moveFileTool(resolved),
    copyFileTool(resolved),
    listDirectoryTool(resolved),
    createDirectoryTool(resolved),
    searchFilesTool(resolved),
    grepFilesTool(resolved),
  ];
  return tools.map(withOsErrorsAsToolErrors);
}

function realWorkspaceOf(workspace: string): string {
  try {
    return Deno.realPathSync(workspace);
  } catch {
    return path.resolve(workspace);
  }
}

/** Expected OS failures (permission denied, not empty, busy) become ToolErrors naming the tool and the paths. */
export function withOsErrorsAsToolErrors(tool: AnyTool): AnyTool {
  // deno-lint-ignore no-explicit-any
  const translated = async <T>(args: any, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ToolError || !isOsError(error)) throw error;
      const target = [args?.path, args?.source, args?.destination].filter((v) => typeof v === "string");
      const subject = target.length ? ` ${target.map((v) => `"${v}"`).join(" to ")}` : "";
      throw new ToolError(`Cannot ${tool.name.replace("_", " ")}${subject}: ${(error as Error).message}`);
    }
  };
  const resolveArguments = tool.resolveArguments;
  return {
    ...tool,
    execute: (args, context) => translated(args, () => tool.execute(args, context)),
    ...(resolveArguments
      ? { resolveArguments: (args) => translated(args, () => resolveArguments(args)) }
      : {}),
  };
}

function isOsError(error: unknown): boolean {
  return Object.values(Deno.errors).some((type) => error instanceof type);
}
