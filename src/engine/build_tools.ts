/** Builds every tool executor from config: the registry decides which groups are offered. */
import type { Config } from "../config/schema.ts";
import { DEFAULT_PROTECTED_PATHS, type ProtectedPaths, type SandboxInfo } from "../security/sandbox.ts";
import type { AnyTool } from "../tools/types.ts";
import { createFileTools } from "../tools/files.ts";
import { createShellTool } from "../tools/shell.ts";
import { createGitTools } from "../tools/git.ts";
import { createHttpTool } from "../tools/http.ts";
import { createMemoryTools } from "../tools/memory.ts";
import type { MemoryService } from "../memory/types.ts";

export interface ToolInputs {
  config: Config;
  workspace: string;
  home: string;
  sandbox: SandboxInfo;
  memory: MemoryService;
  /** Host names exempt from the SSRF private-range check (tests only): http_request and git_push. */
  httpAllowHosts?: string[];
  /** Engine files (config, policies) the shell must never change, when they lie in the workspace. */
  protectedFiles?: string[];
}

export function buildTools(inputs: ToolInputs): AnyTool[] {
  const { workspace, home, sandbox } = inputs;
  return [
    // Reads outside the workspace (e.g. /etc/nginx/nginx.conf) are allowed; Shield's policy denies secrets.
    ...createFileTools({ workspace, home, allowOutsideReads: true }),
    ...shellTools(inputs),
    ...createGitTools({ workspace, sandbox, allowHosts: inputs.httpAllowHosts }),
    createHttpTool({ allowHosts: inputs.httpAllowHosts }),
    ...createMemoryTools(inputs.memory),
  ];
}

/** Without bubblewrap the shell would run with the engine's rights: offered only when the operator opts in,
 * and then every command needs a human's approval (the tool asks for Tier 3 itself). */
function shellTools(inputs: ToolInputs): AnyTool[] {
  const { config, sandbox } = inputs;
  if (!sandbox.active && !config.tools.allow_unsandboxed_shell) return [];
  const protect: ProtectedPaths = {
    hidden: DEFAULT_PROTECTED_PATHS.hidden,
    readOnly: [...DEFAULT_PROTECTED_PATHS.readOnly, ...(inputs.protectedFiles ?? [])],
  };
  return [createShellTool({
    workspace: inputs.workspace,
    timeoutSeconds: config.agents.shell_timeout_seconds,
    sandbox,
    protect,
  })];
}
