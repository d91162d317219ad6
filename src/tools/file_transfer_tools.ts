/** move_file and copy_file: an existing destination directory receives the source under its own name. */
import * as path from "node:path";
import { z } from "zod";
import {
  isInside,
  lstatOrUndefined,
  resolveEntryInWorkspace,
  resolveInWorkspace,
} from "../security/workspace_paths.ts";
import { type ToolDefinition, ToolError } from "./types.ts";
import { ok, type ResolvedFileToolOptions, show } from "./file_helpers.ts";

const transferArgs = z.object({
  source: z.string().describe("Existing file or directory"),
  destination: z.string().describe("New path, or an existing directory to move/copy into"),
});
type TransferArgs = z.infer<typeof transferArgs>;

export function moveFileTool(options: ResolvedFileToolOptions): ToolDefinition<TransferArgs> {
  return {
    name: "move_file",
    group: "files",
    description: "Move or rename a file or directory inside the workspace (replaces an existing file).",
    parameters: transferArgs,
    writes: true,
    affectedPaths: (args) => [args.source, args.destination],
    async execute(args) {
      const resolve = { home: options.home, action: "move" };
      const source = await resolveEntryInWorkspace(options.workspace, args.source, {
        ...resolve,
        mustExist: true,
      });
      if (source === options.realWorkspace) {
        throw new ToolError(`Cannot move "${args.source}": it is the workspace root`);
      }
      const target = await destinationFor(options, args, source, "move");
      const sourceInfo = await Deno.lstat(source);
      if (sourceInfo.isDirectory && isInside(source, target)) {
        throw new ToolError(`Cannot move "${args.source}": destination is inside the source`);
      }
      if ((await lstatOrUndefined(target))?.isDirectory) {
        throw new ToolError(
          `Cannot move "${args.source}": "${args.destination}" already contains "${path.basename(target)}"`,
        );
      }
      await Deno.mkdir(path.dirname(target), { recursive: true });
      await Deno.rename(source, target);
      return ok(`Moved "${show(options, source)}" to "${show(options, target)}"`);
    },
  };
}

export function copyFileTool(options: ResolvedFileToolOptions): ToolDefinition<TransferArgs> {
  return {
    name: "copy_file",
    group: "files",
    description: "Copy a file or a directory tree into the workspace (replaces an existing file).",
    parameters: transferArgs,
    writes: true,
    affectedPaths: (args) => [args.destination],
    async execute(args) {
      const source = await resolveInWorkspace(options.workspace, args.source, {
        home: options.home,
        mustExist: true,
        allowOutside: options.allowOutsideReads,
        action: "copy",
      });
      const target = await destinationFor(options, args, source, "copy");
      const sourceInfo = await Deno.stat(source);
      if (sourceInfo.isDirectory && isInside(source, target)) {
        throw new ToolError(`Cannot copy "${args.source}": destination is inside the source`);
      }
      if (sourceInfo.isDirectory && (await lstatOrUndefined(target))) {
        throw new ToolError(`Cannot copy "${args.source}": "${show(options, target)}" already exists`);
      }
      if (!sourceInfo.isDirectory && (await lstatOrUndefined(target))?.isDirectory) {
        throw new ToolError(`Cannot copy "${args.source}": "${show(options, target)}" is a directory`);
      }
      await Deno.mkdir(path.dirname(target), { recursive: true });
      let what = "file";
      if (sourceInfo.isDirectory) what = `directory (${await copyTree(source, target)} entries)`;
      else await Deno.copyFile(source, target);
      return ok(`Copied ${what} "${show(options, source)}" to "${show(options, target)}"`, [
        show(options, source),
      ]);
    },
  };
}

/** The destination is resolved following symlinks so a link pointing outside can never be written through. */
async function destinationFor(
  options: ResolvedFileToolOptions,
  args: TransferArgs,
  source: string,
  action: string,
): Promise<string> {
  const destination = await resolveInWorkspace(options.workspace, args.destination, {
    home: options.home,
    action,
  });
  const info = await lstatOrUndefined(destination);
  return info?.isDirectory ? path.join(destination, path.basename(source)) : destination;
}

/** Copies a directory tree; symlinks are copied as links (never followed, so nothing outside is pulled in). */
async function copyTree(source: string, target: string): Promise<number> {
  await Deno.mkdir(target);
  let count = 0;
  for await (const entry of Deno.readDir(source)) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory) count += await copyTree(from, to);
    else if (entry.isSymlink) await Deno.symlink(await Deno.readLink(from), to);
    else await Deno.copyFile(from, to);
    count++;
  }
  return count;
}
