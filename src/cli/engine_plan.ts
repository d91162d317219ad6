/** `engine-plan` (internal): what the supervisor needs before each engine start, worked out in a short-lived
 * process so the supervisor itself never loads the config schema, YAML or the engine. Writes the default config
 * when there is none, refuses a bad config or workspace layout (exit 78), and prints one JSON line. */
import { loadConfig } from "../config/load_config.ts";
import { checkWorkspaceLayout, layoutOf } from "../workspace/workspace_layout.ts";
import { configPathFrom, type OptionValues } from "./options.ts";
import { enginePermissionFlags } from "./permission_flags.ts";
import type { EnginePlan } from "./supervisor.ts";

export async function enginePlanCommand(options: OptionValues): Promise<number> {
  const loaded = await loadConfig(configPathFrom(options));
  if (loaded.created) console.error(`Wrote a default configuration to ${loaded.path}`);
  checkWorkspaceLayout(layoutOf(loaded));
  const { agents } = loaded.config;
  const plan: EnginePlan = {
    configPath: loaded.path,
    flags: await enginePermissionFlags(loaded.config, loaded.workspace, loaded.path),
    crashRestartBudget: agents.crash_restart_budget,
    crashWindowSeconds: agents.crash_window_seconds,
  };
  console.log(JSON.stringify(plan));
  return 0;
}
