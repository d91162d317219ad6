/** Messages from senders no allowlist admits: counted always, logged and audited once per sender per hour
 * (a stranger cannot flood the log or the audit trail). */

const WINDOW_MS = 3600_000;
const MAX_TRACKED = 10_000;

export class StrangerLog {
  private readonly lastNoted = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  /** True when this sender has not been noted within the hour (so the caller logs and audits now). */
  note(platform: string, senderId: string): boolean {
    const key = `${platform}\u0000${senderId}`;
    const now = this.now();
    const last = this.lastNoted.get(key);
    if (last !== undefined && now - last < WINDOW_MS) return false;
    if (this.lastNoted.size >= MAX_TRACKED) this.prune(now);
    this.lastNoted.set(key, now);
    return true;
  }

  private prune(now: number): void {
    for (const [key, at] of this.lastNoted) if (now - at >= WINDOW_MS) this.lastNoted.delete(key);
    // Still full of fresh senders: forget the oldest half rather than grow without bound.
    if (this.lastNoted.size >= MAX_TRACKED) {
      for (const key of [...this.lastNoted.keys()].slice(0, MAX_TRACKED / 2)) this.lastNoted.delete(key);
    }
  }
}
