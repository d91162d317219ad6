/** First-run setup of a workspace: memory and identity templates, Shield and IFC policy presets. Never overwrites. */
import type { Config } from "../config/schema.ts";
import { writeMemoryTemplates } from "../memory/memory_templates.ts";
import { writePolicyPresets } from "../shield/mod.ts";
import { writeIfcPresets } from "../security/ifc/ifc_presets.ts";

export async function initWorkspace(workspace: string, config: Config): Promise<void> {
  await Deno.mkdir(workspace, { recursive: true });
  await writeMemoryTemplates(workspace, { agentName: config.identity.name });
  await writePolicyPresets(workspace);
  await writeIfcPresets(workspace);
}
