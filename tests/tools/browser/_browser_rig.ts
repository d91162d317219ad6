/** The browser tools over real Chromium and the test page server, with timers the test fires by hand and a record
 * of every browser started and stopped. `call` runs a tool as the pipeline would and returns its answer. */
import * as path from "node:path";
import {
  type BrowserEvent,
  createBrowserTools,
  type Timers,
} from "../../../src/tools/browser/browser_tools.ts";
import type { BrowserLimits } from "../../../src/tools/browser/browser_context.ts";
import type { AnyTool, ToolResult } from "../../../src/tools/types.ts";
import { type PageServer, startPageServer } from "../../support/page_server.ts";

/** Timers that only fire when the test says so. */
export class ManualTimers implements Timers {
  #next = 1;
  pending = new Map<number, { callback: () => void; ms: number }>();

  setTimeout(callback: () => void, ms: number): number {
    const id = this.#next++;
    this.pending.set(id, { callback, ms });
    return id;
  }

  clearTimeout(id: number): void {
    this.pending.delete(id);
  }

  /** Runs every pending timer as if its time had come. */
  fireAll(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const timer of due) timer.callback();
  }
}

export interface BrowserRig {
  server: PageServer;
  workspace: string;
  timers: ManualTimers;
  events: BrowserEvent[];
  limits: BrowserLimits;
  tools: ReturnType<typeof createBrowserTools>;
  call(name: string, args: Record<string, unknown>, sessionId?: string): Promise<ToolResult>;
  close(): Promise<void>;
}

export async function startBrowserRig(
  options: { limits?: Partial<BrowserLimits>; enginePorts?: number[] } = {},
): Promise<BrowserRig> {
  const server = startPageServer();
  const workspace = await Deno.realPath(await Deno.makeTempDir({ prefix: "parapet-browser-test-" }));
  const timers = new ManualTimers();
  const events: BrowserEvent[] = [];
  const limits: BrowserLimits = {
    navTimeoutMs: 10_000,
    idleMs: 300_000,
    maxNavFailures: 3,
    ...options.limits,
  };
  const tools = createBrowserTools({
    workspace,
    home: path.join(workspace, "home"),
    limits: () => limits,
    allowHosts: ["localhost"],
    enginePorts: () => options.enginePorts ?? [],
    timers,
    clock: { now: () => Date.UTC(2026, 0, 2, 3, 4, 5) },
    onEvent: (event) => events.push(event),
  });
  const byName = new Map<string, AnyTool>(tools.tools.map((tool) => [tool.name, tool]));
  return {
    server,
    workspace,
    timers,
    events,
    limits,
    tools,
    async call(name, args, sessionId = "session-1") {
      const tool = byName.get(name);
      if (!tool) throw new Error(`No tool "${name}"`);
      const parsed = tool.parameters.parse(args);
      try {
        const resolved = tool.resolveArguments ? await tool.resolveArguments(parsed) : parsed;
        return await tool.execute(resolved, {
          sessionId,
          signal: new AbortController().signal,
          argumentsResolved: tool.resolveArguments !== undefined,
        });
      } catch (error) {
        if (error instanceof Error && error.name === "ToolError") {
          return { output: error.message, isError: true };
        }
        throw error;
      }
    },
    async close() {
      await tools.shutdown();
      await server.close();
      await Deno.remove(workspace, { recursive: true });
    },
  };
}
