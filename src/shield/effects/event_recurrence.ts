/** Invitations repeated at a rate no meeting has: an RFC 5545 rule with `FREQ=SECONDLY` or `FREQ=MINUTELY`, or
 * `FREQ=HOURLY` sent to other people, floods every attendee's calendar and inbox (calendar spam; one call, thousands
 * of notifications). A daily, weekly or monthly series passes. */

import type { Findings } from "./findings.ts";

const RECURRENCE_KEY =
  /^(?:recurrence|recurrences|rrule|rrules|recurrence_?rule|repeat|repeats|recurring|schedule)$/i;
const RATE = /\bFREQ=(SECONDLY|MINUTELY|HOURLY)\b/i;

function rateOf(value: unknown, depth = 0): string | undefined {
  if (depth > 2) return undefined;
  if (typeof value === "string") {
    return value.length <= 4096 ? RATE.exec(value)?.[1]?.toUpperCase() : undefined;
  }
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 8)) {
      const rate = rateOf(item, depth + 1);
      if (rate) return rate;
    }
  }
  return undefined;
}

export function judgeEventRecurrence(
  tool: string,
  payload: Record<string, unknown>,
  recipients: readonly string[],
  findings: Findings,
): void {
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (!RECURRENCE_KEY.test(key)) continue;
    const rate = rateOf(value);
    if (rate === "SECONDLY" || rate === "MINUTELY" || (rate === "HOURLY" && recipients.length > 0)) {
      findings.escalate("message", `"${tool}" repeats an event ${rate.toLowerCase()} (invitation spam)`);
      return;
    }
  }
}
