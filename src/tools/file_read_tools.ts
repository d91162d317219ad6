/** Read-only file tools: read_file and list_directory. Outside reads only when the engine allows them; the
 * engine's state, config and policies never. */
import { z } from "zod";
import { type ToolDefinition } from "./types.ts";
import { ToolError } from "../lib/errors.ts";
import { looksBinary, ok, plural, type ResolvedFileToolOptions, show } from "./file_helpers.ts";
import { existingInfo, judgedName, labelOf, targetFor } from "./file_targets.ts";

const readFileArgs = z.object({ path: z.string().describe("File to read, relative to the workspace") });
const listDirectoryArgs = z.object({
  path: z.string().optional().describe(
    "Directory to list, relative to the workspace (default: the workspace)",
  ),
});

export function readFileTool(options: ResolvedFileToolOptions): ToolDefinition<z.infer<typeof readFileArgs>> {
  return {
    name: "read_file",
    group: "files",
    description:
      `Read a text file. Files over ${options.maxReadBytes} bytes are truncated; binary files are refused.`,
    parameters: readFileArgs,
    writes: false,
    resolveArguments: async (args) => ({
      ...args,
      path: await judgedName(options, args.path, "read", "read"),
    }),
    async execute(args, context) {
      const label = labelOf(options, args.path);
      const file = await targetFor(options, args.path, "read", "read", context.argumentsResolved);
      const info = await existingInfo(file, label, "read");
      if (info.isDirectory) {
        throw new ToolError(`Cannot read "${label}": it is a directory, use list_directory`);
      }
      if (!info.isFile) throw new ToolError(`Cannot read "${label}": not a regular file`);
      const bytes = await readHead(file, options.maxReadBytes);
      if (looksBinary(bytes)) {
        throw new ToolError(`Cannot read "${label}": binary file (${plural(info.size, "byte")})`);
      }
      let text = new TextDecoder().decode(bytes);
      if (info.size > bytes.length) {
        text += `\n[truncated: showing the first ${bytes.length} of ${info.size} bytes]`;
      }
      return ok(text.length ? text : "(empty file)", [show(options, file)]);
    },
  };
}

/** Reads at most `limit` bytes, so a huge (or endless, like /dev/zero) file never fills memory. */
async function readHead(file: string, limit: number): Promise<Uint8Array> {
  using handle = await Deno.open(file, { read: true });
  const buffer = new Uint8Array(limit);
  let filled = 0;
  while (filled < limit) {
    const count = await handle.read(buffer.subarray(filled));
    if (count === null) break;
    filled += count;
  }
  return buffer.subarray(0, filled);
}

export function listDirectoryTool(
  options: ResolvedFileToolOptions,
): ToolDefinition<z.infer<typeof listDirectoryArgs>> {
  return {
    name: "list_directory",
    group: "files",
    description: "List a directory, sorted by name: directories end with '/', symlinks show their target.",
    parameters: listDirectoryArgs,
    writes: false,
    resolveArguments: async (args) => ({
      ...args,
      path: await judgedName(options, args.path ?? ".", "read", "list"),
    }),
    async execute(args, context) {
      const userPath = args.path ?? ".";
      const label = labelOf(options, userPath);
      const directory = await targetFor(options, userPath, "read", "list", context.argumentsResolved);
      if (!(await existingInfo(directory, label, "list")).isDirectory) {
        throw new ToolError(`Cannot list "${label}": not a directory`);
      }
      const entries: Deno.DirEntry[] = [];
      for await (const entry of Deno.readDir(directory)) entries.push(entry);
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const shown = entries.slice(0, options.maxListEntries);
      const lines = await Promise.all(shown.map((entry) => describeEntry(directory, entry)));
      if (entries.length > shown.length) lines.push(`[... ${entries.length - shown.length} more entries]`);
      const header = `${show(options, directory)}: ${plural(entries.length, "entry", "entries")}`;
      return ok([header, ...lines].join("\n"), [show(options, directory)]);
    },
  };
}

async function describeEntry(directory: string, entry: Deno.DirEntry): Promise<string> {
  const full = `${directory}/${entry.name}`;
  if (entry.isDirectory) return `${entry.name}/`;
  if (entry.isSymlink) {
    const target = await Deno.readLink(full).catch(() => "?");
    return `${entry.name}@ -> ${target}`;
  }
  const size = await Deno.lstat(full).then((info) => info.size).catch(() => undefined);
  return size === undefined ? entry.name : `${entry.name} (${plural(size, "byte")})`;
}
