/** First-run setup: the workspace with its memory and identity templates, and the Shield and IFC policy presets
 * in `security/` beside the config file, outside the workspace and so out of the agent's reach. Never overwrites. */
import { dirname } from "node:path";
import type { Config } from "../config/schema.ts";
import { writeMemoryTemplates } from "../memory/memory_templates.ts";
import { writePolicyPresets } from "../shield/policy_presets.ts";
import { writeIfcPresets } from "../ifc/ifc_presets.ts";

export interface InitInputs {
  workspace: string;
  /** The config file; presets go into its folder. */
  configPath: string;
  config: Config;
}

export async function initWorkspace(inputs: InitInputs): Promise<void> {
  await Deno.mkdir(inputs.workspace, { recursive: true });
  await writeMemoryTemplates(inputs.workspace, { agentName: inputs.config.identity.name });
  const folder = dirname(inputs.configPath);
  await writePolicyPresets(folder);
  await writeIfcPresets(folder);
}
