/** Builds every tool executor from config: the registry decides which groups are offered. */
import type { Config } from "../config/schema.ts";
import type { SandboxInfo } from "../security/sandbox.ts";
import type { AnyTool } from "../tools/types.ts";
import { createFileTools } from "../tools/files.ts";
import { createShellTool } from "../tools/shell.ts";
import { createGitTools } from "../tools/git.ts";
import { createHttpTool } from "../tools/http.ts";
import { createMemoryTools } from "../tools/memory.ts";
import type { MemoryService } from "../memory/types.ts";
import type { ProtectedPaths } from "../security/protected_paths.ts";

export interface ToolInputs {
  config: Config;
  workspace: string;
  home: string;
  sandbox: SandboxInfo;
  memory: MemoryService;
  /** The engine's own files: no file tool changes them, whatever Shield says (and some are not even read). */
  protectedPaths: ProtectedPaths;
  /** Host names exempt from the SSRF private-range check (tests only). */
  httpAllowHosts?: string[];
}

export function buildTools(inputs: ToolInputs): AnyTool[] {
  const { config, workspace, home, sandbox } = inputs;
  return [
    // Reads outside the workspace (e.g. /etc/nginx/nginx.conf) are allowed; Shield's policy denies secrets.
    ...createFileTools({ workspace, home, allowOutsideReads: true, protectedPaths: inputs.protectedPaths }),
    createShellTool({ workspace, timeoutSeconds: config.agents.shell_timeout_seconds, sandbox }),
    ...createGitTools({ workspace, sandbox }),
    createHttpTool({ allowHosts: inputs.httpAllowHosts }),
    ...createMemoryTools(inputs.memory),
  ];
}
