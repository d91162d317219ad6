/** Attendees written onto an existing event: an address from another organisation slipped in among people who
 * share one (an outside "note-taker" added to a one-on-one), who would then read the event and what it links to. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { isContact } from "./messaging.ts";

function domainOf(address: string): string | undefined {
  return /@([\w.-]+)\s*>?\s*$/.exec(address)?.[1]?.toLowerCase();
}

const EVENT_WORDS = new Set(["event", "events", "meeting", "meetings", "calendar", "appointment", "invite"]);
const UPDATE_WORDS = new Set(["update", "edit", "modify", "patch", "change", "reschedule", "upsert"]);
const EVENT_ID_KEY = /^(?:event|meeting|appointment)_?id$/i;

/** Whether the call changes an existing event: our `update_event`, or a calendar tool whose name updates
 * (`outlook_update_event`) or that is handed an existing event's id (`GoogleCalendarCreateOrUpdateEvent {event_id}`,
 * round 27). */
function updatesEvent(
  type: string,
  payload: Record<string, unknown>,
  words: readonly string[] | undefined,
): boolean {
  if (type === "update_event") return true;
  if (!words?.some((word) => EVENT_WORDS.has(word))) return false;
  return words.some((word) => UPDATE_WORDS.has(word)) ||
    Object.keys(payload).some((key) => EVENT_ID_KEY.test(key) && typeof payload[key] === "string");
}

export function judgeAddedAttendees(
  view: ActionView,
  words: readonly string[] | undefined,
  recipients: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (recipients.length < 2 || !updatesEvent(view.type, view.payload, words)) return;
  const tool = view.tool;
  const counts = new Map<string, number>();
  for (const recipient of recipients) {
    const domain = domainOf(recipient);
    if (domain) counts.set(domain, (counts.get(domain) ?? 0) + 1);
  }
  if (counts.size < 2) return;
  const [home] = [...counts.entries()].sort((left, right) => right[1] - left[1])[0];
  const outsider = recipients.find((recipient) => {
    const domain = domainOf(recipient);
    return domain !== undefined && domain !== home && !isContact(recipient, environment);
  });
  if (outsider) {
    findings.escalate(
      "access",
      `"${tool}" adds "${outsider}", outside the other attendees' domain, to an event`,
    );
  }
}
