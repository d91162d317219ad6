/** How many Tier 3 prompts may be shown in any sliding hour: `shield.tier3.max_per_hour` for each session, and
 * USER_LIMIT_FACTOR times that across all sessions, so one session (one hijacked agent) cannot use up the
 * user's attention and leave the other sessions unable to ask. */

import { SlidingWindow } from "../lib/sliding_window.ts";

export const USER_LIMIT_FACTOR = 3;
const HOUR_MS = 3_600_000;

export class ApprovalLimits {
  private readonly bySession: SlidingWindow;
  private readonly all: SlidingWindow;

  constructor(private readonly perSession: number, now: () => number) {
    this.bySession = new SlidingWindow({ windowMs: HOUR_MS, now });
    this.all = new SlidingWindow({ windowMs: HOUR_MS, now });
  }

  /** Why no prompt may be shown for `sessionId` now, or undefined. */
  refusal(sessionId: string): string | undefined {
    if (this.bySession.count(sessionId) >= this.perSession) {
      return `Tier 3 prompt limit reached: ${this.perSession} approvals asked in this session in the last hour ` +
        "(shield.tier3.max_per_hour)";
    }
    const userLimit = this.perSession * USER_LIMIT_FACTOR;
    if (this.all.count() >= userLimit) {
      return `Tier 3 prompt limit reached: ${userLimit} approvals asked across all sessions in the last hour ` +
        `(${USER_LIMIT_FACTOR} × shield.tier3.max_per_hour)`;
    }
    return undefined;
  }

  /** Counts one prompt shown to the user. */
  record(sessionId: string): void {
    this.all.record();
    this.bySession.record(sessionId);
  }
}
