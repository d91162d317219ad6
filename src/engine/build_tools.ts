/** Builds every tool executor from config: the registry decides which groups are offered. */
import type { Config } from "../config/schema.ts";
import { DEFAULT_PROTECTED_PATHS, type SandboxInfo, type SandboxProtection } from "../security/sandbox.ts";
import type { AnyTool } from "../tools/types.ts";
import { createFileTools } from "../tools/files.ts";
import { createShellTool } from "../tools/shell.ts";
import { createGitTools } from "../tools/git.ts";
import { createHttpTool } from "../tools/http.ts";
import { createMemoryTools } from "../tools/memory.ts";
import type { MemoryService } from "../memory/types.ts";
import type { ProtectedPaths } from "../security/protected_paths.ts";
import { createMailCalendarTools } from "../tools/mail_calendar_tools.ts";

export interface ToolInputs {
  config: Config;
  workspace: string;
  home: string;
  sandbox: SandboxInfo;
  memory: MemoryService;
  /** The engine's own files: no file tool changes them, whatever Shield says (and some are not even read). */
  protectedPaths: ProtectedPaths;
  /** config.yaml, for files config names relative to it. */
  configPath?: string;
  /** Host names exempt from the SSRF private-range check (tests only): http_request and git_push. */
  httpAllowHosts?: string[];
}

export function buildTools(inputs: ToolInputs): AnyTool[] {
  const { workspace, home, sandbox } = inputs;
  return [
    // Reads outside the workspace (e.g. /etc/nginx/nginx.conf) are allowed; Shield's policy denies secrets.
    ...createFileTools({ workspace, home, allowOutsideReads: true, protectedPaths: inputs.protectedPaths }),
    ...shellTools(inputs),
    ...createGitTools({ workspace, sandbox, allowHosts: inputs.httpAllowHosts }),
    createHttpTool({ allowHosts: inputs.httpAllowHosts }),
    ...createMemoryTools(inputs.memory),
    ...createMailCalendarTools({ ...inputs, protectedPaths: inputs.protectedPaths }),
  ];
}

/** Without bubblewrap the shell would run with the engine's rights: offered only when the operator opts in,
 * and then every command needs a human's approval (the tool asks for Tier 3 itself). */
function shellTools(inputs: ToolInputs): AnyTool[] {
  const { config, sandbox } = inputs;
  if (!sandbox.active && !config.tools.allow_unsandboxed_shell) return [];
  // The file tools' list, bound into the sandbox: what they may not read is hidden, the rest read-only.
  const entries = inputs.protectedPaths.entries;
  const protect: SandboxProtection = {
    hidden: [...DEFAULT_PROTECTED_PATHS.hidden, ...entries.filter((e) => e.noRead).map((e) => e.path)],
    readOnly: [...DEFAULT_PROTECTED_PATHS.readOnly, ...entries.filter((e) => !e.noRead).map((e) => e.path)],
  };
  return [createShellTool({
    workspace: inputs.workspace,
    timeoutSeconds: config.agents.shell_timeout_seconds,
    sandbox,
    protect,
  })];
}
