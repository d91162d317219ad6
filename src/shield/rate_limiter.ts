/** Sliding one-minute windows of actions: one per session and one across all sessions. */

import type { Clock } from "../lib/clock.ts";

const WINDOW_MS = 60_000;
const MAX_TRACKED_SESSIONS = 10_000;

export class RateLimiter {
  private readonly global: number[] = [];
  private readonly sessions = new Map<string, number[]>();

  constructor(
    private readonly perSession: number,
    private readonly globalLimit: number,
    private readonly clock: Clock,
  ) {}

  /** Records the action and returns undefined, or a reason when a limit is reached (not recorded). */
  admit(sessionId: string): string | undefined {
    if (this.perSession <= 0) return undefined;
    const now = this.clock.now();
    const window = this.sessions.get(sessionId) ?? [];
    prune(window, now);
    prune(this.global, now);
    if (window.length >= this.perSession) {
      return `Rate limit exceeded: more than ${this.perSession} actions a minute in this session`;
    }
    if (this.global.length >= this.globalLimit) {
      return `Rate limit exceeded: more than ${this.globalLimit} actions a minute across all sessions`;
    }
    window.push(now);
    this.global.push(now);
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, window);
    if (this.sessions.size > MAX_TRACKED_SESSIONS) {
      this.sessions.delete(this.sessions.keys().next().value as string);
    }
    return undefined;
  }
}

function prune(window: number[], now: number): void {
  let stale = 0;
  while (stale < window.length && window[stale] <= now - WINDOW_MS) stale++;
  if (stale > 0) window.splice(0, stale);
}
