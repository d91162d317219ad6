/** Gives memory back once the engine goes quiet after work. V8 keeps the garbage of a burst (and the pages it
 * freed) until its own reducer runs, which may be never; glibc keeps freed blocks in the middle of its heap.
 * After a period without requests or events, and only when the resident size grew since the last time (so a
 * page polling /api/status does not cause a collection a second), the engine's own caches are emptied (the
 * recent sessions' messages, Chronicle's file stats), SQLite's page cache is freed, one full collection
 * releases empty pages, then malloc_trim, then the executable's read-only pages are unmapped (cold_pages.ts);
 * after smaller growth (code paged back in while quiet) only the unmapping. */
import { coldPagesDropper } from "./cold_pages.ts";
import type { Foundation } from "./foundation.ts";
import type { EngineService } from "./lifecycle.ts";
import { mallocTrim } from "./malloc_trim.ts";

/** What a reduction does; each step is absent where the process cannot take it. */
export interface MemoryReducers {
  /** Empties the engine's own caches of what it can read again (the recent sessions' messages, file stats). */
  forget?: () => void;
  /** Frees caches that refill from their source on demand (SQLite's page cache: PRAGMA shrink_memory). */
  shrink?: () => void;
  /** A full V8 collection that releases empty pages (globalThis.gc, present with --expose-gc). */
  collect?: () => void;
  /** Returns the C heap's free pages to the system (glibc malloc_trim). */
  trim?: () => void;
  /** Unmaps the Deno program's code and read-only data pages; those in use come back on their next touch. */
  release?: () => void;
}

export interface IdleMemoryOptions extends MemoryReducers {
  /** A number that changes whenever the engine works (a request, an event). */
  activity: () => number;
  /** The resident set size in bytes. */
  residentBytes: () => number;
  /** How long without activity counts as quiet. */
  quietMs?: number;
  /** Growth in bytes since the last reduction that makes the next quiet period worth one. */
  growthBytes?: number;
  /** Smaller growth that makes `release` alone (no collection) worth it once the engine has been quiet for
   * RELEASE_QUIET_LOOKS periods: code pages an idle engine paged back in (its timers, the connection pool
   * closing idle sockets, V8's background work). */
  releaseGrowthBytes?: number;
  timers?: { every(ms: number, tick: () => void): TimerId; cancel(id: TimerId): void };
  /** Told how long each reduction took and what it gave back. */
  onReduced?: (result: { ms: number; beforeBytes: number; afterBytes: number }) => void;
}

type TimerId = ReturnType<typeof setInterval>;

const DEFAULT_QUIET_MS = 1000;
const DEFAULT_GROWTH_BYTES = 4 * 1024 * 1024;
const DEFAULT_RELEASE_GROWTH_BYTES = 1024 * 1024;
/** Quiet looks in a row before small growth is unmapped: a page polling every few seconds never gets there. */
const RELEASE_QUIET_LOOKS = 5;

const realTimers = {
  every(ms: number, tick: () => void): TimerId {
    const id = setInterval(() => tick(), ms);
    Deno.unrefTimer(id); // never what keeps the engine running
    return id;
  },
  cancel: (id: TimerId) => clearInterval(id),
};

export class IdleMemory implements EngineService {
  readonly name = "idle memory";
  private timer?: TimerId;
  private seen = Number.NaN;
  /** After start-up the loaded modules' garbage is there to collect: the first quiet period reduces. */
  private baseline = 0;
  /** Set after a reduction: the next look takes the baseline, once the pages the engine still uses (which
   * `release` unmapped too) have come back; taken at once, every quiet period after a request would reduce. */
  private rebase = false;
  /** Looks in a row without activity. */
  private quietLooks = 0;

  constructor(private readonly options: IdleMemoryOptions) {}

  start(): void {
    const { forget, shrink, collect, trim, release } = this.options;
    if (!forget && !shrink && !collect && !trim && !release) return;
    this.timer = (this.options.timers ?? realTimers).every(
      this.options.quietMs ?? DEFAULT_QUIET_MS,
      () => this.tick(),
    );
  }

  stop(): void {
    if (this.timer !== undefined) (this.options.timers ?? realTimers).cancel(this.timer);
    this.timer = undefined;
  }

  /** One look: busy since the last one, or quiet without growth, does nothing. */
  tick(): void {
    if (this.rebase) {
      this.rebase = false;
      this.baseline = this.options.residentBytes();
    }
    const activity = this.options.activity();
    if (activity !== this.seen) {
      this.seen = activity;
      this.quietLooks = 0;
      return;
    }
    this.quietLooks++;
    const beforeBytes = this.options.residentBytes();
    const growth = beforeBytes - this.baseline;
    const full = growth >= (this.options.growthBytes ?? DEFAULT_GROWTH_BYTES);
    const releaseOnly = !full && this.quietLooks >= RELEASE_QUIET_LOOKS &&
      this.options.release !== undefined &&
      growth >= (this.options.releaseGrowthBytes ?? DEFAULT_RELEASE_GROWTH_BYTES);
    if (!full && !releaseOnly) return;
    const started = performance.now();
    if (full) {
      this.options.forget?.(); // before the collection, which frees what they held
      this.options.shrink?.();
      this.options.collect?.();
      this.options.trim?.();
    }
    this.options.release?.();
    const afterBytes = this.options.residentBytes();
    this.baseline = afterBytes;
    this.rebase = this.options.release !== undefined;
    this.options.onReduced?.({ ms: performance.now() - started, beforeBytes, afterBytes });
  }
}

/** V8's full collection that also returns empty pages: available when the engine runs with --expose-gc. */
export function v8Collector(): (() => void) | undefined {
  const gc = (globalThis as { gc?: (options?: Record<string, string>) => void }).gc;
  if (typeof gc !== "function") return undefined;
  return () => gc({ type: "major", execution: "sync", flavor: "last-resort" });
}

/** SQLite's page cache (up to 2 MB per connection) refills from the file, which the OS keeps cached. */
export function shrinkDatabaseCache(db: Foundation["db"]): void {
  if (db.isOpen) db.exec("PRAGMA shrink_memory");
}

/** What keeps a cache of what it can read again, emptied when the engine goes quiet. */
export interface ReleasesCaches {
  releaseCaches(): void;
}

/** The engine's reducer: requests and events are its activity; each reduction is logged at debug level. It
 * empties the sessions' message cache and those of `caches` (Chronicle's stat cache). */
export function engineIdleMemory(
  base: Foundation,
  requests: () => number,
  caches: ReleasesCaches[] = [],
): IdleMemory {
  let events = 0;
  base.events.subscribe(() => void events++);
  const megabytes = (bytes: number) => Math.round(bytes / 104857.6) / 10;
  return new IdleMemory({
    activity: () => events + requests(),
    residentBytes: () => Deno.memoryUsage().rss,
    forget: () => {
      for (const holder of [base.sessions, ...caches]) holder.releaseCaches();
    },
    shrink: () => shrinkDatabaseCache(base.db),
    collect: v8Collector(),
    trim: mallocTrim(),
    release: coldPagesDropper(),
    onReduced: ({ ms, beforeBytes, afterBytes }) =>
      base.logger.debug("memory_reduced", "Memory given back after work", {
        ms: Math.round(ms),
        rss_before_mb: megabytes(beforeBytes),
        rss_after_mb: megabytes(afterBytes),
      }),
  });
}
