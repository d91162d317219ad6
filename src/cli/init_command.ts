/** `init`: writes the config (asking about the model on a terminal), memory files and policy presets. */
import { loadConfig } from "../config/load_config.ts";
import { initWorkspace } from "../engine/init_workspace.ts";
import { configPathFrom, type OptionValues } from "./options.ts";

export async function initCommand(options: OptionValues): Promise<number> {
  const loaded = await loadConfig(configPathFrom(options));
  await initWorkspace(loaded.workspace, loaded.config);
  console.log(`Workspace ready at ${loaded.workspace} (config: ${loaded.path})`);
  return 0;
}
