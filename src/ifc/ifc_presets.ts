/** The three IFC presets as text, and writing them beside the config file at init. */
import { writeNewFiles } from "../lib/write_new_files.ts";
import { DEFAULT_IFC_POLICY } from "./presets/default_policy.ts";
import { PERMISSIVE_IFC_POLICY } from "./presets/permissive_policy.ts";
import { STRICT_IFC_POLICY } from "./presets/strict_policy.ts";

export { DEFAULT_IFC_POLICY, PERMISSIVE_IFC_POLICY, STRICT_IFC_POLICY };

export const IFC_PRESETS: Record<"default" | "permissive" | "strict", string> = {
  default: DEFAULT_IFC_POLICY,
  permissive: PERMISSIVE_IFC_POLICY,
  strict: STRICT_IFC_POLICY,
};

/** Writes <folder>/security/ifc/{default,permissive,strict}.yaml, `folder` being the config file's (never the
 * workspace: the agent must not rewrite its own policy); files that exist are left alone. */
export async function writeIfcPresets(folder: string): Promise<string[]> {
  const files = Object.fromEntries(Object.entries(IFC_PRESETS).map(([name, text]) => [`${name}.yaml`, text]));
  return await writeNewFiles(`${folder}/security/ifc`, files);
}
