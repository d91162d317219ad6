/** File tools that change the workspace: write_file, delete_file, create_directory. Never outside it. */
import * as path from "node:path";
import { z } from "zod";
import {
  lstatOrUndefined,
  resolveEntryInWorkspace,
  resolveInWorkspace,
} from "../security/workspace_paths.ts";
import { type ToolDefinition, ToolError } from "./types.ts";
import { ok, plural, type ResolvedFileToolOptions, show } from "./file_helpers.ts";

const writeFileArgs = z.object({
  path: z.string().describe("File to write, relative to the workspace"),
  content: z.string().describe("Full new content of the file"),
});
const pathArgs = z.object({ path: z.string().describe("Path relative to the workspace") });

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
    async execute(args) {
      const file = await resolveInWorkspace(options.workspace, args.path, {
        home: options.home,
        action: "write",
      });
      const existing = await lstatOrUndefined(file);
      if (existing?.isDirectory) throw new ToolError(`Cannot write "${args.path}": it is a directory`);
      await Deno.mkdir(path.dirname(file), { recursive: true });
      const bytes = new TextEncoder().encode(args.content);
      await writeAtomically(file, bytes, existing?.mode ?? undefined);
      return ok(`Wrote ${plural(bytes.length, "byte")} to "${show(options, file)}"`);
    },
  };
}

/** Writes a sibling temp file and renames it over the target, so a reader never sees half a file. */
export async function writeAtomically(file: string, bytes: Uint8Array, mode?: number): Promise<void> {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${crypto.randomUUID().slice(0, 8)}.tmp`,
  );
  try {
    await Deno.writeFile(temp, bytes, { createNew: true, mode: mode === undefined ? 0o644 : mode & 0o7777 });
    if (mode !== undefined) await Deno.chmod(temp, mode & 0o7777);
    await Deno.rename(temp, file);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

export function deleteFileTool(options: ResolvedFileToolOptions): ToolDefinition<z.infer<typeof pathArgs>> {
  return {
    name: "delete_file",
    group: "files",
    description:
      "Delete a file, a symlink (not its target) or a directory with its contents, inside the workspace.",
    parameters: pathArgs,
    writes: true,
    affectedPaths: (args) => [args.path],
    async execute(args) {
      const entry = await resolveEntryInWorkspace(options.workspace, args.path, {
        home: options.home,
        mustExist: true,
        action: "delete",
      });
      if (entry === options.realWorkspace) {
        throw new ToolError(`Cannot delete "${args.path}": it is the workspace root`);
      }
      const info = await Deno.lstat(entry);
      await Deno.remove(entry, { recursive: info.isDirectory });
      const kind = info.isDirectory ? "directory" : info.isSymlink ? "symlink" : "file";
      return ok(`Deleted ${kind} "${show(options, entry)}"`);
    },
  };
}

export function createDirectoryTool(
  options: ResolvedFileToolOptions,
): ToolDefinition<z.infer<typeof pathArgs>> {
  return {
    name: "create_directory",
    group: "files",
    description: "Create a directory (and missing parents) inside the workspace.",
    parameters: pathArgs,
    writes: true,
    affectedPaths: (args) => [args.path],
    async execute(args) {
      const directory = await resolveInWorkspace(options.workspace, args.path, {
        home: options.home,
        action: "create directory",
      });
      const existing = await lstatOrUndefined(directory);
      if (existing && !existing.isDirectory) {
        throw new ToolError(`Cannot create directory "${args.path}": a file with that name exists`);
      }
      if (existing) return ok(`Directory "${show(options, directory)}" already exists`);
      await Deno.mkdir(directory, { recursive: true });
      return ok(`Created directory "${show(options, directory)}"`);
    },
  };
}
