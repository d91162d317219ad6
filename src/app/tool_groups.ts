/** The tool groups the engine can offer, one factory each, built from config; the registry then drops
 * `tools.disabled_groups`. A new group (browser, email, calendar, MCP...) is a factory in src/tools/<group>/ and
 * one line in TOOL_GROUPS; one that runs something alongside the engine adds it to `services`. */
import type { Config } from "../config/schema.ts";
import type { Logger } from "../log/logger.ts";
import type { MemoryService } from "../memory/types.ts";
import { DEFAULT_PROTECTED_PATHS, type SandboxInfo, type SandboxProtection } from "../sandbox/sandbox.ts";
import { createFileTools } from "../tools/files.ts";
import { createGitTools } from "../tools/git.ts";
import { createHttpTool } from "../tools/http.ts";
import { createMemoryTools } from "../tools/memory.ts";
import { createShellTool } from "../tools/shell.ts";
import { type BrowserEvent, browserLimitsFrom, createBrowserTools } from "../tools/browser/browser_tools.ts";
import type { SessionObserver } from "../engine/session_service.ts";
import type { AnyTool, ToolGroup } from "../tools/types.ts";
import type { ProtectedPaths } from "../workspace/protected_paths.ts";
import type { ServiceRegistry } from "./lifecycle.ts";
import { calendarTools, emailTools } from "./mail_calendar.ts";

export interface ToolGroupInputs {
  config: Config;
  workspace: string;
  home: string;
  sandbox: SandboxInfo;
  memory: MemoryService;
  /** The engine's own files: no file tool changes them, whatever Shield says (and some are not even read). */
  protectedPaths: ProtectedPaths;
  /** Host names exempt from the SSRF private-range check (tests only): http_request and git_push. */
  httpAllowHosts?: string[];
  /** config.yaml: files config names relative to it (Google's credentials) resolve against its folder. */
  configPath?: string;
  fetch: typeof fetch;
  logger: Logger;
  /** For groups that keep something running (a browser, MCP servers): stopped with the engine. */
  services: ServiceRegistry;
  /** For groups that keep something per session (a browser): told when a session is deleted. */
  sessions: { observe(observer: SessionObserver): void };
  /** The engine's own listening ports, once it listens: no browser page may reach them. */
  enginePorts: () => number[];
}

export type ToolGroupFactory = (inputs: ToolGroupInputs) => AnyTool[] | Promise<AnyTool[]>;

export const TOOL_GROUPS: Partial<Record<ToolGroup, ToolGroupFactory>> = {
  // Reads outside the workspace (e.g. /etc/nginx/nginx.conf) are allowed; Shield's policy denies secrets.
  files: (inputs) =>
    createFileTools({
      workspace: inputs.workspace,
      home: inputs.home,
      allowOutsideReads: true,
      protectedPaths: inputs.protectedPaths,
    }),
  shell: shellTools,
  git: (inputs) =>
    createGitTools({
      workspace: inputs.workspace,
      sandbox: inputs.sandbox,
      allowHosts: inputs.httpAllowHosts,
    }),
  http: (inputs) => [createHttpTool({ allowHosts: inputs.httpAllowHosts })],
  browser: browserTools,
  memory: (inputs) => createMemoryTools(inputs.memory),
  email: emailTools,
  calendar: calendarTools,
};

/** Every tool of every group, in TOOL_GROUPS order. */
export async function buildTools(inputs: ToolGroupInputs): Promise<AnyTool[]> {
  const tools: AnyTool[] = [];
  for (const factory of Object.values(TOOL_GROUPS)) tools.push(...await factory(inputs));
  return tools;
}

/** One headless Chromium per session (src/tools/browser), started on first use; stopped when idle, with its
 * session and with the engine. Nothing is built when the group is disabled, so no browser ever starts. */
function browserTools(inputs: ToolGroupInputs): AnyTool[] {
  if (inputs.config.tools.disabled_groups.includes("browser")) return [];
  const browser = createBrowserTools({
    workspace: inputs.workspace,
    home: inputs.home,
    protectedPaths: inputs.protectedPaths,
    limits: () => browserLimitsFrom(inputs.config.agents),
    allowHosts: inputs.httpAllowHosts,
    enginePorts: inputs.enginePorts,
    onEvent: (event) => logBrowserEvent(inputs.logger, event),
  });
  inputs.sessions.observe({ deleted: (session) => void browser.closeSession(session.id) });
  inputs.services.add({ name: "browsers", stop: () => browser.shutdown() });
  return browser.tools;
}

function logBrowserEvent(logger: Logger, event: BrowserEvent): void {
  if (event.type === "started") {
    const fields = {
      session_id: event.sessionId,
      start_ms: Math.round(event.startMs),
      sandboxed: event.sandboxed,
    };
    if (event.sandboxed) logger.info("browser_started", "Browser started", fields);
    else {logger.warn(
        "browser_started",
        "Browser started without Chromium's own sandbox (root, or no user namespaces)",
        fields,
      );}
  } else {
    logger.info("browser_stopped", `Browser stopped: ${event.reason}`, { session_id: event.sessionId });
  }
}

/** Without bubblewrap the shell would run with the engine's rights: offered only when the operator opts in,
 * and then every command needs a human's approval (the tool asks for Tier 3 itself). */
function shellTools(inputs: ToolGroupInputs): AnyTool[] {
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
