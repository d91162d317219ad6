/** Round 82's check, called once from the effect profile: a mail server or mailbox set to copy or redirect mail to
 * an outside address (`mail_copies.ts`), gated by a literal hint over the payload's strings. Round 82's other
 * readings sit where they are read: a brand's own sign-in page returning the session to another domain
 * (`link_lures.ts`), detectors named only by an id's part and muted or bypassed (`life_safety_power.ts`), a device's
 * command tool judged by its arguments (`effect_profile.ts`), payment cards and banking passwords written into
 * documents (`carried_credentials.ts`), events moved to 23:00 and later (`quiet_mutations.ts`), sign-in return
 * addresses and app ids not read as data carried (`egress_effects.ts`). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeMailCopies } from "./mail_copies.ts";

export function judgeRound82(view: ActionView, findings: Findings): void {
  judgeMailCopies(view.tool, view.payload, findings);
}
