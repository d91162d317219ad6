/** File tools that change the workspace: write_file, delete_file, create_directory. Never outside it, never on a
 * protected path, and always on exactly the real path the pipeline judged. */
import * as path from "node:path";
import { z } from "zod";
import { lstatOrUndefined } from "../workspace/workspace_paths.ts";
import { type ToolDefinition } from "./types.ts";
import { ToolError } from "../lib/errors.ts";
import { ok, plural, type ResolvedFileToolOptions, show } from "./file_helpers.ts";
import {
  judgedName,
  labelOf,
  nameOf,
  refuseProtectedBelow,
  settleTarget,
  targetFor,
} from "./file_targets.ts";
import { writeAtomically } from "../lib/atomic_write.ts";

const writeFileArgs = z.object({
  path: z.string().describe("File to write, relative to the workspace"),
  content: z.string().describe("Full new content of the file"),
});
const pathArgs = z.object({ path: z.string().describe("Path relative to the workspace") });
type PathArgs = z.infer<typeof pathArgs>;

export function writeFileTool(
  options: ResolvedFileToolOptions,
): ToolDefinition<z.infer<typeof writeFileArgs>> {
  return {
    name: "write_file",
    group: "files",
    description: "Create or replace a text file in the workspace (parent directories are created).",
    parameters: writeFileArgs,
    writes: true,
    affectedPaths: (args) => [args.path],
    resolveArguments: async (args) => ({
      ...args,
      path: await judgedName(options, args.path, "write", "write"),
    }),
    async execute(args, context) {
      const label = labelOf(options, args.path);
      const file = await targetFor(options, args.path, "write", "write", context.argumentsResolved);
      const existing = await lstatOrUndefined(file);
      if (existing?.isDirectory) throw new ToolError(`Cannot write "${label}": it is a directory`);
      await Deno.mkdir(path.dirname(file), { recursive: true });
      // Again after mkdir: creating the parents must not have let a symlink into the path.
      await settleTarget(options, file, "write", "write");
      const bytes = new TextEncoder().encode(args.content);
      await writeAtomically(file, bytes, existing?.mode ?? undefined);
      return ok(`Wrote ${plural(bytes.length, "byte")} to "${show(options, file)}"`);
    },
  };
}

export function deleteFileTool(options: ResolvedFileToolOptions): ToolDefinition<PathArgs> {
  const target = async (given: string, resolved: boolean | undefined) => {
    const entry = await targetFor(options, given, "entry", "delete", resolved);
    if (entry === options.realWorkspace) {
      throw new ToolError(`Cannot delete "${labelOf(options, given)}": it is the workspace root`);
    }
    if ((await lstatOrUndefined(entry))?.isDirectory) {
      refuseProtectedBelow(options, labelOf(options, given), entry, "delete");
    }
    return entry;
  };
  return {
    name: "delete_file",
    group: "files",
    description:
      "Delete a file, a symlink (not its target) or a directory with its contents, inside the workspace.",
    parameters: pathArgs,
    writes: true,
    affectedPaths: (args) => [args.path],
    resolveArguments: async (args) => ({ ...args, path: nameOf(options, await target(args.path, false)) }),
    async execute(args, context) {
      const entry = await target(args.path, context.argumentsResolved);
      const info = await lstatOrUndefined(entry);
      if (!info) throw new ToolError(`Cannot delete "${labelOf(options, args.path)}": file not found`);
      await Deno.remove(entry, { recursive: info.isDirectory });
      const kind = info.isDirectory ? "directory" : info.isSymlink ? "symlink" : "file";
      return ok(`Deleted ${kind} "${show(options, entry)}"`);
    },
  };
}

export function createDirectoryTool(options: ResolvedFileToolOptions): ToolDefinition<PathArgs> {
  return {
    name: "create_directory",
    group: "files",
    description: "Create a directory (and missing parents) inside the workspace.",
    parameters: pathArgs,
    writes: true,
    affectedPaths: (args) => [args.path],
    resolveArguments: async (args) => ({
      ...args,
      path: await judgedName(options, args.path, "write", "create directory"),
    }),
    async execute(args, context) {
      const directory = await targetFor(
        options,
        args.path,
        "write",
        "create directory",
        context.argumentsResolved,
      );
      const existing = await lstatOrUndefined(directory);
      if (existing && !existing.isDirectory) {
        throw new ToolError(
          `Cannot create directory "${labelOf(options, args.path)}": a file with that name exists`,
        );
      }
      if (existing) return ok(`Directory "${show(options, directory)}" already exists`);
      await Deno.mkdir(directory, { recursive: true });
      return ok(`Created directory "${show(options, directory)}"`);
    },
  };
}
