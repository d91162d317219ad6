/** Attachments come only from the workspace, resolved the way the file tools resolve paths: symlinks followed to
 * the real file, which must stay inside the workspace and off protected paths (the engine's state, config,
 * policies). The pipeline shows Shield the resolved names; right before sending each is resolved again and must
 * give the same answer. */
import { basename } from "node:path";
import { buildProtectedPaths } from "../../workspace/protected_paths.ts";
import { type ResolvedFileToolOptions, withDefaults } from "../file_helpers.ts";
import { existingInfo, nameOf, resolveTarget, targetFor } from "../file_targets.ts";
import { ToolError } from "../../lib/errors.ts";
import type { EmailToolOptions } from "./email_tool_options.ts";

export const MAX_ATTACHMENTS = 10;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

export interface LoadedAttachment {
  filename: string;
  content: Uint8Array;
}

export function attachmentRules(options: EmailToolOptions): ResolvedFileToolOptions {
  const realWorkspace = Deno.realPathSync(options.workspace);
  return withDefaults({
    workspace: realWorkspace,
    home: options.home,
    allowOutsideReads: false,
    protectedPaths: options.protectedPaths ?? buildProtectedPaths({ workspace: realWorkspace }),
  }, realWorkspace);
}

/** The names Shield is shown: workspace-relative real paths. */
export async function resolveAttachments(rules: ResolvedFileToolOptions, paths: string[]): Promise<string[]> {
  if (paths.length > MAX_ATTACHMENTS) {
    throw new ToolError(`Cannot attach ${paths.length} files: at most ${MAX_ATTACHMENTS} per mail`);
  }
  const names: string[] = [];
  for (const path of paths) {
    const real = await resolveTarget(rules, path, "read", "attach");
    const info = await existingInfo(real, path, "attach");
    if (!info.isFile) throw new ToolError(`Cannot attach "${path}": not a regular file`);
    names.push(nameOf(rules, real));
  }
  return names;
}

/** Reads the attachments, each resolved again (it must still be the file that was judged) and size-checked. */
export async function loadAttachments(
  rules: ResolvedFileToolOptions,
  names: string[],
  resolved: boolean,
  maxBytes = DEFAULT_MAX_BYTES,
): Promise<LoadedAttachment[]> {
  const loaded: LoadedAttachment[] = [];
  let total = 0;
  for (const name of names) {
    const real = await targetFor(rules, name, "read", "attach", resolved);
    const info = await existingInfo(real, name, "attach");
    if (!info.isFile) throw new ToolError(`Cannot attach "${name}": not a regular file`);
    if (info.size > maxBytes) {
      throw new ToolError(`Cannot attach "${name}": ${info.size} bytes is more than the ${maxBytes} allowed`);
    }
    total += info.size;
    if (total > maxBytes * 2) {
      throw new ToolError(`Cannot attach all files: more than ${maxBytes * 2} bytes together`);
    }
    loaded.push({ filename: basename(real), content: await Deno.readFile(real) });
  }
  return loaded;
}
