/** A child's whereabouts handed to someone (round 44): a message, mail or invitation that names a child (`Mia (7)`,
 * `my son Jack`, `Leo is 6`, `a 7-year-old`), where and when the child will be (a school or nursery, a gate, a
 * pick-up or collection, a walk home, with a clock time) and how to recognise the child (clothing, a backpack,
 * hair) or that the child is alone. Whoever receives it knows where to find the child, when, and what the child
 * looks like; an agent told by injected text to "arrange the pick-up" with a new contact does exactly this. A note
 * to the school office about an early pick-up, a party invitation, a private reminder with no one invited, and the
 * same message to known contacts pass. Sources: AgentDAM (Zharmagambetov et al., 2025) privacy-leakage tasks; NSPCC
 * and UK Safer Internet Centre guidance on sharing children's routines and locations; FBI IC3 advice on
 * oversharing children's details. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";
import { isContact } from "./messaging.ts";

/** A child by relation, by a name with an age (in any case: a wrapper may lower a first word, a shout raise all). */
const CHILD = gated(
  /\b(?:(?:my|our|her|his|their) (?:little )?(?:son|daughter|kid|child|boy|girl|toddler)|[A-Z][a-z]+ \((?:age |aged )?\d{1,2}\)|[A-Z][a-z]+,? (?:age|aged) \d{1,2}\b|[A-Z][a-z]+ is \d{1,2}(?=[,.;]| years)|\d{1,2}[- ](?:year|yr)s?[- ]old)/i,
);
const WHEREABOUTS = gated(
  /\b(?:school|nursery|kindergarten|daycare|day care|preschool|primary|elementary|playground|after-?school|gate|pick-? ?up|pick (?:him|her|them) up|collect(?:s|ing|ed)?|walks? home|wait(?:s|ing)? (?:by|at|outside|near)|bus stop)\b/i,
);
/** A clock time, in a sentence or an event's `dateTime` (`T17:30`). */
const CLOCK = /(?<![\d:])\d{1,2}:\d{2}\b|\b\d{1,2}(?:\.\d{2})? ?(?:am|pm)\b/i;
const RECOGNISED = gated(
  /\b(?:wearing|wears|coat|jacket|raincoat|hoodie|backpack|rucksack|cap|hat|pigtails|ponytail|hair|glasses|uniform|recogni[sz]e|look(?:ing)? for|alone|by (?:him|her)self)\b/i,
);
const MAX_TEXT = 8192;

/** The short string values of a payload, one level of nesting deep (an event's `location`, `start.dateTime`). */
function shortValues(payload: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const value of Object.values(payload).slice(0, 32)) {
    const inner = value && typeof value === "object" && !Array.isArray(value)
      ? Object.values(value as Record<string, unknown>).slice(0, 16)
      : [value];
    for (const item of inner) if (typeof item === "string") parts.push(item.slice(0, MAX_TEXT));
  }
  return parts.join("\n").slice(0, 2 * MAX_TEXT);
}

export function judgeChildWhereabouts(
  tool: string,
  payload: Record<string, unknown>,
  recipients: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (recipients.length > 0 && recipients.every((recipient) => isContact(recipient, environment))) return;
  const text = shortValues(payload);
  if (!CHILD.test(text) || !WHEREABOUTS.test(text) || !CLOCK.test(text) || !RECOGNISED.test(text)) return;
  findings.escalate(
    "message",
    `"${tool}" tells someone where and when to find a child and how to recognise the child`,
  );
}
