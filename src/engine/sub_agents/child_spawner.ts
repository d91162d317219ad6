/** Starts real sub-agent child processes: the permission flags of child_flags.ts, an environment of its own
 * (only what Deno itself needs to find its cache), and a tag naming the engine process that owns it. */
import type { ModelEntry } from "../../providers/types.ts";
import { childPermissionFlags, type EngineAddress } from "./child_flags.ts";
import { ChildProcess } from "./child_process.ts";
import type { ChildHandle, ChildSpawner } from "./sub_agent_ports.ts";

export interface SpawnerOptions {
  /** Where the engine listens (known once the server is up): the child is denied it. */
  engine: () => EngineAddress;
  /** Variables Deno needs (DENO_DIR, HOME); nothing else of the engine's environment is passed. */
  env: Record<string, string>;
}

export function createChildSpawner(options: SpawnerOptions): ChildSpawner {
  return {
    spawn(model: ModelEntry, agentId: string): ChildHandle {
      const flags = childPermissionFlags(model, options.engine());
      return new ChildProcess({
        flags,
        env: { NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", ...options.env },
        tag: `${Deno.pid}:${agentId}`,
      });
    },
  };
}
