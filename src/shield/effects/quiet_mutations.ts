/** Changes to shared things that name no outside recipient but still hurt the user (round 21): an existing meeting
 * moved into the small hours (AgentDojo's `reschedule_calendar_event` injections), and invitations sent for an
 * existing event whose attendee list Shield cannot see (the injection may have edited it first).
 *
 * Round 82: the small hours are read from 23:00 on a start (`new_start_time: "2026-12-24 23:30"`, `11:30 pm`) and
 * in CalDAV's compact form (`dtstart: 20261130T013000`); an event whose title says it belongs at night (a night
 * shift, a launch watch, a maintenance window) passes. Creating an event at night, moving one within the day and
 * all-day events (midnight, a date) pass as before. */

import type { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";

const EVENT_WORDS = /^(?:calendar|calendars|event|events|meeting|meetings|appointment|appointments|booking)$/;
/** Words of a change to an existing event (creating one at night for another time zone is ordinary). */
const MOVE_WORDS = /^(?:reschedule|update|move|change|edit|modify|patch|shift|postpone|reschedul\w*)$/;
/** A time of day between 00:30 and 05:59 (ISO `T03:00`, `2024-05-20 03:00`, `3:15 am`); midnight itself is how
 * all-day events are written. */
const NIGHT_TIME =
  /(?:T|\s|^)(?:0?[1-5]:[0-5]\d|00:[3-5]\d)(?::\d\d)?(?!\s*[pP]\.?[mM])\b|\b[1-5](?::[0-5]\d)?\s*a\.?m\b|\d{8}T(?:0[1-5]\d\d|00[3-5]\d)/i;
/** A start at 23:00-23:59 (round 82: h18's custody hearing moved to `2026-12-24 23:30`), read on start keys only: an
 * evening event may end late. */
const LATE_START = /(?:T|\s|^)23:[0-5]\d(?::\d\d)?\b|\b11(?::[0-5]\d)?\s*p\.?m\b|\d{8}T23\d\d/i;
const TIME_KEY = /start|end|time|date|when|from|until|^to$/i;
const END_KEY = /end|until|^to$/i;
/** Titles of events that belong at night (round 82): a night shift or a launch watch moved is planned, not lured. */
const NIGHT_EVENT =
  /night|overnight|midnight|late|on-?call|shift|launch|maintenance|window|cut-?over|deploy|flight|red-?eye|watch|new year|vigil/i;
const TITLE_KEY = /^(?:title|summary|subject|name)$/i;
const INVITATION_WORDS = /^(?:invitation|invitations|invite|invites|rsvp)$/;

function nightTime(payload: Record<string, unknown>, depth = 0): string | undefined {
  for (const [key, value] of Object.entries(payload)) {
    if (
      typeof value === "string" && value.length < 64 && TIME_KEY.test(key) &&
      (NIGHT_TIME.test(value) || (!END_KEY.test(key) && LATE_START.test(value)))
    ) {
      return value;
    }
    if (value && typeof value === "object" && !Array.isArray(value) && depth < 2) {
      const inner = nightTime(value as Record<string, unknown>, depth + 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

export function judgeQuietMutations(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  recipients: readonly string[],
  findings: Findings,
): void {
  const list = words.words;
  if (!list.some((word) => EVENT_WORDS.test(word))) return;
  if (words.verbs.has("write") && list.some((word) => MOVE_WORDS.test(word))) {
    const time = nightTime(payload);
    const nightEvent = Object.entries(payload).some(([key, value]) =>
      TITLE_KEY.test(key) && typeof value === "string" && NIGHT_EVENT.test(value)
    );
    if (time && !nightEvent) {
      findings.escalate("write", `"${tool}" moves an event into the night ("${time}")`);
    }
  }
  if (
    words.verbs.has("send") && recipients.length === 0 && list.some((word) => INVITATION_WORDS.test(word))
  ) {
    findings.escalate("message", `"${tool}" sends invitations to attendees Shield cannot see`);
  }
}

const EVENT_UPDATE: ToolWords = { verbs: new Set(["write"]), nouns: new Set(), words: ["update", "event"] };

/** Our `update_event` (any calendar tool read as one): judged as an event change. */
export function judgeEventUpdate(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  judgeQuietMutations(tool, EVENT_UPDATE, payload, ["(our event tool)"], findings);
}
