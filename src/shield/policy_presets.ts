/** Writes the policy presets into a workspace (`security/shield/{default,permissive,strict}.yaml`),
 * never overwriting a file that already exists (the user may have edited it). */

import { DEFAULT_POLICY_YAML } from "./presets/default_policy.ts";
import { PERMISSIVE_POLICY_YAML } from "./presets/permissive_policy.ts";
import { STRICT_POLICY_YAML } from "./presets/strict_policy.ts";

export const POLICY_PRESETS: Readonly<Record<"default" | "permissive" | "strict", string>> = {
  default: DEFAULT_POLICY_YAML,
  permissive: PERMISSIVE_POLICY_YAML,
  strict: STRICT_POLICY_YAML,
};

/** Returns the paths written (existing files are left alone and not listed). */
export async function writePolicyPresets(workspaceDir: string): Promise<string[]> {
  const directory = `${workspaceDir.replace(/\/+$/, "")}/security/shield`;
  await Deno.mkdir(directory, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of Object.entries(POLICY_PRESETS)) {
    const path = `${directory}/${name}.yaml`;
    try {
      await Deno.writeTextFile(path, text, { createNew: true });
      written.push(path);
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
    }
  }
  return written;
}
