/** The browser tool group: browser_navigate, browser_extract, browser_click, browser_type, browser_screenshot over
 * one headless Chromium per session, and the hooks the engine calls when a session ends or the engine stops. */
import * as path from "node:path";
import type { AnyTool } from "../types.ts";
import type { HostResolver } from "../../sandbox/ssrf_guard.ts";
import type { ProtectedPaths } from "../../workspace/protected_paths.ts";
import { type Clock, systemClock } from "../../lib/clock.ts";
import { withDefaults } from "../file_helpers.ts";
import { withOsErrorsAsToolErrors } from "../files.ts";
import { type BrowserEvent, BrowserPool, type Timers } from "./browser_pool.ts";
import type { BrowserLimits, BrowserToolContext } from "./browser_context.ts";
import { createEgressRules } from "./egress_rules.ts";
import { NavigationFailures } from "./navigation_failures.ts";
import { navigateTool } from "./navigate_tool.ts";
import { extractTool } from "./extract_tool.ts";
import { clickTool, typeTool } from "./interaction_tools.ts";
import { screenshotTool } from "./screenshot_tool.ts";
import type { ChromiumLaunchOptions, LaunchedChromium } from "./chromium_launcher.ts";

export type { BrowserEvent, BrowserLimits, Timers };

export interface BrowserToolOptions {
  /** Screenshots are saved below it. */
  workspace: string;
  home: string;
  protectedPaths?: ProtectedPaths;
  /** Read at every call, so a changed config applies to the next one. */
  limits: () => BrowserLimits;
  /** Host names exempt from the address checks (tests only, as for http_request), reached by name. */
  allowHosts?: string[];
  resolveHost?: HostResolver;
  /** The engine's listening ports; no page may reach them. */
  enginePorts?: () => number[];
  /** This machine's addresses (default: every interface's). */
  localAddresses?: () => string[];
  /** Chromium binary (default /usr/bin/chromium). */
  executablePath?: string;
  timers?: Timers;
  clock?: Clock;
  onEvent?: (event: BrowserEvent) => void;
  launch?: (options: ChromiumLaunchOptions) => Promise<LaunchedChromium>;
  /** Characters browser_extract returns at most (default 20000). */
  maxTextChars?: number;
  /** Characters of text the other tools show (default 4000). */
  maxExcerptChars?: number;
  /** Links browser_extract lists at most (default 200). */
  maxLinks?: number;
}

export interface BrowserTools {
  tools: AnyTool[];
  pool: BrowserPool;
  /** The session was deleted: its browser stops and its failure count is forgotten. */
  closeSession(sessionId: string): Promise<void>;
  /** The engine stops: every browser stops, later calls are refused. */
  shutdown(): Promise<void>;
}

export function createBrowserTools(options: BrowserToolOptions): BrowserTools {
  const egress = createEgressRules(options);
  const pool = new BrowserPool({
    egress,
    idleMs: () => options.limits().idleMs,
    executablePath: options.executablePath,
    timers: options.timers,
    onEvent: options.onEvent,
    launch: options.launch,
  });
  const failures = new NavigationFailures();
  const context: BrowserToolContext = {
    pool,
    failures,
    limits: options.limits,
    maxTextChars: options.maxTextChars ?? 20_000,
    maxExcerptChars: options.maxExcerptChars ?? 4_000,
    maxLinks: options.maxLinks ?? 200,
  };
  const files = withDefaults(
    {
      workspace: options.workspace,
      home: options.home,
      allowOutsideReads: false,
      protectedPaths: options.protectedPaths,
    },
    realPathOf(options.workspace),
  );
  const tools: AnyTool[] = [
    navigateTool(context, egress),
    extractTool(context),
    clickTool(context),
    typeTool(context),
    withOsErrorsAsToolErrors(screenshotTool(context, files, options.clock ?? systemClock)),
  ];
  return {
    tools,
    pool,
    async closeSession(sessionId) {
      failures.forget(sessionId);
      await pool.close(sessionId, "session");
    },
    shutdown: () => pool.shutdown(),
  };
}

/** Limits from the `agents` config section. */
export function browserLimitsFrom(agents: {
  browser_nav_timeout_seconds: number;
  browser_idle_minutes: number;
  max_consecutive_nav_failures: number;
}): BrowserLimits {
  return {
    navTimeoutMs: agents.browser_nav_timeout_seconds * 1000,
    idleMs: agents.browser_idle_minutes * 60_000,
    maxNavFailures: agents.max_consecutive_nav_failures,
  };
}

function realPathOf(workspace: string): string {
  try {
    return Deno.realPathSync(workspace);
  } catch {
    return path.resolve(workspace);
  }
}
