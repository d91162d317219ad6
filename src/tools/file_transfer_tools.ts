/** move_file and copy_file: an existing destination directory receives the source under its own name. The
 * destination handed to Shield is that final target, resolved like any write, so a symlink planted inside the
 * directory is judged (and refused when it leads out or onto a protected path), never written through. */
import * as path from "node:path";
import { z } from "zod";
import { isInside, lstatOrUndefined } from "../workspace/workspace_paths.ts";
import { type ToolDefinition } from "./types.ts";
import { ToolError } from "../lib/errors.ts";
import { ok, type ResolvedFileToolOptions, show } from "./file_helpers.ts";
import {
  checkTree,
  labelOf,
  nameOf,
  refuseProtected,
  refuseProtectedBelow,
  resolveTarget,
  settleTarget,
  targetFor,
} from "./file_targets.ts";
import { copyAtomically } from "../lib/atomic_write.ts";

const transferArgs = z.object({
  source: z.string().describe("Existing file or directory"),
  destination: z.string().describe("New path, or an existing directory to move/copy into"),
});
type TransferArgs = z.infer<typeof transferArgs>;
type Verb = "move" | "copy";

export function moveFileTool(options: ResolvedFileToolOptions): ToolDefinition<TransferArgs> {
  return {
    name: "move_file",
    group: "files",
    description: "Move or rename a file or directory inside the workspace (replaces an existing file).",
    parameters: transferArgs,
    writes: true,
    affectedPaths: (args) => [args.source, args.destination],
    resolveArguments: async (args) => named(options, args, await plan(options, args, "move")),
    async execute(args, context) {
      const { source, destination } = await plan(options, args, "move", context.argumentsResolved);
      const sourceInfo = await Deno.lstat(source);
      if (sourceInfo.isDirectory && isInside(source, destination)) {
        throw new ToolError(
          `Cannot move "${labelOf(options, args.source)}": destination is inside the source`,
        );
      }
      await Deno.mkdir(path.dirname(destination), { recursive: true });
      await settleTarget(options, destination, "write", "move");
      await Deno.rename(source, destination);
      return ok(`Moved "${show(options, source)}" to "${show(options, destination)}"`);
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
    resolveArguments: async (args) => named(options, args, await plan(options, args, "copy")),
    async execute(args, context) {
      const { source, destination } = await plan(options, args, "copy", context.argumentsResolved);
      const sourceInfo = await Deno.stat(source);
      if (sourceInfo.isDirectory && isInside(source, destination)) {
        throw new ToolError(
          `Cannot copy "${labelOf(options, args.source)}": destination is inside the source`,
        );
      }
      await Deno.mkdir(path.dirname(destination), { recursive: true });
      await settleTarget(options, destination, "write", "copy");
      let what = "file";
      if (sourceInfo.isDirectory) {
        what = `directory (${await copyTree(options, args.source, source, destination)} entries)`;
      } else await copyAtomically(source, destination);
      return ok(`Copied ${what} "${show(options, source)}" to "${show(options, destination)}"`, [
        show(options, source),
      ]);
    },
  };
}

function named(options: ResolvedFileToolOptions, args: TransferArgs, planned: TransferArgs): TransferArgs {
  return {
    ...args,
    source: nameOf(options, planned.source),
    destination: nameOf(options, planned.destination),
  };
}

/** Source and final destination as real paths, checked; `resolved` when the pipeline resolved them already. */
async function plan(
  options: ResolvedFileToolOptions,
  args: TransferArgs,
  verb: Verb,
  resolved?: boolean,
): Promise<TransferArgs> {
  const source = await targetFor(options, args.source, verb === "move" ? "entry" : "read", verb, resolved);
  const sourceLabel = labelOf(options, args.source);
  const sourceInfo = verb === "move" ? await lstatOrUndefined(source) : await statOrUndefined(source);
  if (!sourceInfo) throw new ToolError(`Cannot ${verb} "${sourceLabel}": file not found`);
  if (source === options.realWorkspace) {
    throw new ToolError(`Cannot ${verb} "${sourceLabel}": it is the workspace root`);
  }
  const destination = await finalDestination(options, args.destination, source, verb, resolved);
  const existing = await lstatOrUndefined(destination);
  const shown = show(options, destination);
  if (sourceInfo.isDirectory && existing && (verb === "copy" || existing.isDirectory)) {
    throw new ToolError(`Cannot ${verb} "${sourceLabel}": "${shown}" already exists`);
  }
  if (!sourceInfo.isDirectory && existing?.isDirectory) {
    throw new ToolError(`Cannot ${verb} "${sourceLabel}": "${shown}" is a directory`);
  }
  if (verb === "move" && sourceInfo.isDirectory) refuseProtectedBelow(options, sourceLabel, source, verb);
  await checkTree(options, sourceLabel, source, destination, verb === "move" ? "write" : "read", verb);
  return { ...args, source, destination };
}

/** An existing directory receives the source under its own name; what sits at that name is resolved again. */
async function finalDestination(
  options: ResolvedFileToolOptions,
  given: string,
  source: string,
  verb: Verb,
  resolved?: boolean,
): Promise<string> {
  if (resolved) return await settleTarget(options, given, "write", verb);
  const destination = await resolveTarget(options, given, "write", verb);
  if (!(await lstatOrUndefined(destination))?.isDirectory) return destination;
  // Named workspace-relative, so a refusal reads `Cannot copy "dir/name": ...`.
  const inside = nameOf(options, path.join(destination, path.basename(source)));
  return await resolveTarget(options, inside, "write", verb);
}

async function statOrUndefined(file: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.stat(file);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/** Copies a directory tree; symlinks are copied as links (never followed, so nothing outside is pulled in).
 * Each target is checked again as it is created. */
async function copyTree(
  options: ResolvedFileToolOptions,
  label: string,
  source: string,
  target: string,
): Promise<number> {
  await Deno.mkdir(target);
  let count = 0;
  for await (const entry of Deno.readDir(source)) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    refuseProtected(options, label, from, "read", "copy");
    refuseProtected(options, label, to, "write", "copy");
    if (entry.isDirectory) count += await copyTree(options, label, from, to);
    else if (entry.isSymlink) await Deno.symlink(await Deno.readLink(from), to);
    else await Deno.copyFile(from, to);
    count++;
  }
  return count;
}
