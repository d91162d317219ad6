/** How many Tier 3 prompts may be shown in any sliding hour: `shield.tier3.max_per_hour` for each session, and
 * USER_LIMIT_FACTOR times that across all sessions, so one session (one hijacked agent) cannot use up the
 * user's attention and leave the other sessions unable to ask. */

export const USER_LIMIT_FACTOR = 3;
const HOUR_MS = 3_600_000;

export class ApprovalLimits {
  private readonly bySession = new Map<string, number[]>();
  private readonly all: number[] = [];

  constructor(private readonly perSession: number, private readonly now: () => number) {}

  /** Why no prompt may be shown for `sessionId` now, or undefined. */
  refusal(sessionId: string): string | undefined {
    const cutoff = this.now() - HOUR_MS;
    prune(this.all, cutoff);
    const session = this.bySession.get(sessionId);
    if (session) {
      prune(session, cutoff);
      if (session.length === 0) this.bySession.delete(sessionId);
    }
    if ((session?.length ?? 0) >= this.perSession) {
      return `Tier 3 prompt limit reached: ${this.perSession} approvals asked in this session in the last hour ` +
        "(shield.tier3.max_per_hour)";
    }
    const userLimit = this.perSession * USER_LIMIT_FACTOR;
    if (this.all.length >= userLimit) {
      return `Tier 3 prompt limit reached: ${userLimit} approvals asked across all sessions in the last hour ` +
        `(${USER_LIMIT_FACTOR} × shield.tier3.max_per_hour)`;
    }
    return undefined;
  }

  /** Counts one prompt shown to the user. */
  record(sessionId: string): void {
    const at = this.now();
    this.all.push(at);
    const session = this.bySession.get(sessionId) ?? [];
    session.push(at);
    this.bySession.set(sessionId, session);
  }
}

function prune(times: number[], cutoff: number): void {
  let drop = 0;
  while (drop < times.length && times[drop] <= cutoff) drop++;
  if (drop) times.splice(0, drop);
}
