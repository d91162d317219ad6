/** Attendees written onto an existing event: an address from another organisation slipped in among people who
 * share one (an outside "note-taker" added to a one-on-one), who would then read the event and what it links to. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { isContact } from "./messaging.ts";

function domainOf(address: string): string | undefined {
  return /@([\w.-]+)\s*>?\s*$/.exec(address)?.[1]?.toLowerCase();
}

export function judgeAddedAttendees(
  tool: string,
  recipients: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (recipients.length < 2) return;
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
