/** What starting the engine takes and what it gives back. */
import type { Clock } from "../lib/clock.ts";
import type { SandboxInfo } from "../sandbox/sandbox.ts";

export interface EngineOptions {
  configPath: string;
  /** Overrides web.port (0 = any free port; tests). */
  port?: number;
  /** The web UI's folder (default: web/ of this checkout). */
  webRoot?: string;
  clock?: Clock;
  fetch?: typeof fetch;
  /** Host names http_request and git_push may reach despite the SSRF guard (tests only). */
  httpAllowHosts?: string[];
  /** Log to stderr too (default true). */
  stderrLogs?: boolean;
  /** Awaited just before the server listens (the CLI's bounded model check, so it never races a client). */
  beforeListen?: () => Promise<void>;
  /** bwrap binaries to try (tests: a missing one makes the sandbox inactive). */
  sandboxCandidates?: string[];
  /** How often the scheduler looks at the clock, ms (tests with a fake clock: a few ms). */
  schedulePollMs?: number;
}

export interface RunningEngine {
  url: string;
  port: number;
  workspace: string;
  sandbox: SandboxInfo;
  /** Resolves with the process exit code once the engine has stopped (75 = restart requested). */
  finished: Promise<number>;
  stop(exitCode?: number): Promise<void>;
}
