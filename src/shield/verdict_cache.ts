/** Verdicts remembered by action hash for a few seconds, so a repeated identical call is not judged
 * (or billed to Tier 2) again. Bounded in size; oldest entries go first. */

import type { Clock } from "../lib/clock.ts";
import type { Verdict } from "./types.ts";

const MAX_ENTRIES = 10_000;

export class VerdictCache {
  private readonly entries = new Map<string, { verdict: Verdict; expires: number }>();

  constructor(private readonly ttlSeconds: number, private readonly clock: Clock) {}

  /** False when verdicts are never kept (TTL 0): callers can skip computing keys. */
  get enabled(): boolean {
    return this.ttlSeconds > 0;
  }

  get(key: string): Verdict | undefined {
    if (this.ttlSeconds <= 0) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return {
      ...entry.verdict,
      cached: true,
      reason: `${entry.verdict.reason} (cached verdict)`,
    };
  }

  /** Forgets every verdict (the policy changed: a remembered verdict may no longer hold). */
  clear(): void {
    this.entries.clear();
  }

  set(key: string, verdict: Verdict): void {
    if (this.ttlSeconds <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { verdict, expires: this.clock.now() + this.ttlSeconds * 1000 });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}
