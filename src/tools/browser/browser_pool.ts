/** One headless browser per session: started on first use, shut down after `idleMs` without use (through
 * injected timers, so tests can watch it happen), and with the session, and all at once when the engine stops. */
import { type ChromiumLaunchOptions, launchChromium, type LaunchedChromium } from "./chromium_launcher.ts";
import { type ConnectionDecider, type SocksProxy, startSocksProxy } from "./socks_proxy.ts";
import { ToolError } from "../../lib/errors.ts";
import { withDeadline } from "./deadline.ts";
import { logRefusedRequests, type RefusedRequestLog } from "./page_failures.ts";

export interface Timers {
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

export interface Refusal {
  host: string;
  port: number;
  reason: string;
}

/** A session's running browser. */
export interface SessionBrowser extends LaunchedChromium {
  /** Connections the proxy refused, newest last (at most 50). */
  refusals: Refusal[];
  /** The page's refused sub-requests not yet reported to the model. */
  refusedRequests: RefusedRequestLog;
}

export type BrowserEvent =
  | { type: "started"; sessionId: string; userDataDirectory: string; startMs: number; sandboxed: boolean }
  | { type: "stopped"; sessionId: string; reason: "idle" | "session" | "shutdown" | "broken" };

export interface BrowserPoolOptions {
  /** Judges every connection any page makes (see egress_rules.ts). */
  egress: ConnectionDecider;
  /** Inactivity after which a session's browser is shut down, read at each use (config may change). */
  idleMs: () => number;
  /** Chromium binary (default /usr/bin/chromium). */
  executablePath?: string;
  timers?: Timers;
  onEvent?: (event: BrowserEvent) => void;
  /** Replaces launchChromium (tests count launches). */
  launch?: (options: ChromiumLaunchOptions) => Promise<LaunchedChromium>;
}

interface Slot {
  starting?: Promise<{ browser: SessionBrowser; proxy: SocksProxy }>;
  busy: number;
  idleTimer?: number;
}

const MAX_REFUSALS = 50;
const CLOSE_DEADLINE_MS = 15_000;

export class BrowserPool {
  #slots = new Map<string, Slot>();
  #stopping = false;
  #timers: Timers;

  constructor(private readonly options: BrowserPoolOptions) {
    this.#timers = options.timers ?? {
      setTimeout: (callback, ms) => setTimeout(callback, ms) as unknown as number,
      clearTimeout: (id) => clearTimeout(id as unknown as ReturnType<typeof setTimeout>),
    };
  }

  /** Runs `work` with the session's browser, starting it if needed; the idle clock restarts when work ends. */
  async use<T>(sessionId: string, work: (browser: SessionBrowser) => Promise<T>): Promise<T> {
    if (this.#stopping) throw new ToolError("The browser is not available: the engine is stopping");
    const slot = this.#slot(sessionId);
    if (slot.idleTimer !== undefined) this.#timers.clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    slot.busy++;
    try {
      slot.starting ??= this.#start(sessionId, slot);
      let started;
      try {
        started = await slot.starting;
      } catch (error) {
        slot.starting = undefined;
        throw new ToolError(`Cannot start the browser: ${launchFailure(error)}`);
      }
      return await work(started.browser);
    } finally {
      slot.busy--;
      if (slot.busy === 0 && slot.starting && !this.#stopping) this.#armIdleTimer(sessionId, slot);
    }
  }

  /** Session ids whose browser is running or starting. */
  running(): string[] {
    return [...this.#slots].filter(([, slot]) => slot.starting).map(([id]) => id);
  }

  /** Stops the session's browser (the session was deleted, or its page no longer answers). */
  async close(sessionId: string, reason: "session" | "broken" = "session"): Promise<void> {
    const slot = this.#slots.get(sessionId);
    if (!slot) return;
    if (reason === "session") this.#slots.delete(sessionId);
    await this.#stop(sessionId, slot, reason);
  }

  /** Stops every browser; later uses are refused. */
  async shutdown(): Promise<void> {
    this.#stopping = true;
    await Promise.all([...this.#slots].map(([id, slot]) => this.#stop(id, slot, "shutdown")));
    this.#slots.clear();
  }

  #slot(sessionId: string): Slot {
    let slot = this.#slots.get(sessionId);
    if (!slot) this.#slots.set(sessionId, slot = { busy: 0 });
    return slot;
  }

  #armIdleTimer(sessionId: string, slot: Slot): void {
    slot.idleTimer = this.#timers.setTimeout(() => {
      slot.idleTimer = undefined;
      if (slot.busy === 0) void this.#stop(sessionId, slot, "idle");
    }, this.options.idleMs());
  }

  async #start(sessionId: string, slot: Slot) {
    const started = performance.now();
    const refusals: Refusal[] = [];
    const proxy = startSocksProxy({
      decide: this.options.egress,
      onRefused: (host, port, reason) => {
        refusals.push({ host, port, reason });
        if (refusals.length > MAX_REFUSALS) refusals.shift();
      },
    });
    try {
      const launched = await (this.options.launch ?? launchChromium)({
        executablePath: this.options.executablePath,
        proxyUrl: proxy.url,
      });
      this.options.onEvent?.({
        type: "started",
        sessionId,
        userDataDirectory: launched.userDataDirectory,
        startMs: performance.now() - started,
        sandboxed: launched.sandboxed,
      });
      const refusedRequests = logRefusedRequests(launched.page, refusals);
      const running = { browser: { ...launched, refusals, refusedRequests }, proxy };
      // Chromium crashed or was killed: the next call starts a new one instead of failing on a dead page.
      launched.context.on("close", () => {
        void slot.starting?.then((current) => {
          if (current === running) void this.#stop(sessionId, slot, "broken");
        });
      });
      return running;
    } catch (error) {
      await proxy.close();
      throw error;
    }
  }

  async #stop(sessionId: string, slot: Slot, reason: "idle" | "session" | "shutdown" | "broken") {
    if (slot.idleTimer !== undefined) this.#timers.clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    const starting = slot.starting;
    slot.starting = undefined;
    if (!starting) return;
    const started = await starting.catch(() => undefined);
    if (!started) return;
    await withDeadline(started.browser.close(), CLOSE_DEADLINE_MS, "Chromium did not close").catch(() => {});
    await started.proxy.close();
    this.options.onEvent?.({ type: "stopped", sessionId, reason });
  }
}

/** The first line of playwright's launch error and Chromium's own fatal line, without the whole launch log. */
function launchFailure(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error)).split("\n");
  const first = lines[0].replace(/^browserType\.launchPersistentContext: /, "");
  const fatal = lines.find((line) =>
    /FATAL|error while loading|No such file or directory.*chromium/i.test(line)
  );
  const detail = fatal?.replace(/^.*?(FATAL|error while loading)/i, "$1").slice(0, 300);
  return detail ? `${first} (${detail})` : first;
}
