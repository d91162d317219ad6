/** Writes the policy presets into a workspace (`security/shield/{default,permissive,strict}.yaml`),
 * never overwriting a file that already exists (the user may have edited it). */

import { writeNewFiles } from "../lib/write_new_files.ts";
import { DEFAULT_POLICY_YAML } from "./presets/default_policy.ts";
import { PERMISSIVE_POLICY_YAML } from "./presets/permissive_policy.ts";
import { STRICT_POLICY_YAML } from "./presets/strict_policy.ts";

export const POLICY_PRESETS: Readonly<Record<"default" | "permissive" | "strict", string>> = {
  default: DEFAULT_POLICY_YAML,
  permissive: PERMISSIVE_POLICY_YAML,
  strict: STRICT_POLICY_YAML,
};

/** Writes <workspace>/security/shield/{default,permissive,strict}.yaml; returns the paths written (existing
 * files are left alone and not listed). */
export async function writePolicyPresets(workspaceDir: string): Promise<string[]> {
  const files = Object.fromEntries(
    Object.entries(POLICY_PRESETS).map(([name, text]) => [`${name}.yaml`, text]),
  );
  return await writeNewFiles(`${workspaceDir.replace(/\/+$/, "")}/security/shield`, files);
}
