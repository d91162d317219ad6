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
import { commandNeeds, NAMED } from "./round_plan.ts";

/** The mail-copy hint (`mail_copies.ts`) without its `^\s*!\s*\S+@` alternative, whose literals the gate cannot
 * ask (its `!` is asked as a part instead); `round_plan_test.ts` checks the two stay alike. */
export const MAIL_COPY_WORDS =
  /always_bcc|_bcc_maps|virtual_alias|\/etc\/postfix\/|deliver\s|redirect\s|procmail|add_more_recipients|routing|compliance|journal|bcc/im;

/** What the round reads of a command (speed round 37, `round_plan.ts`): the mail-copy hint (or a `!`) in the line as
 * given, a routing tool's name. */
export const ON_COMMAND = commandNeeds({ words: [MAIL_COPY_WORDS], orIncludes: ["!"], facts: NAMED });

export function judgeRound82(view: ActionView, findings: Findings): void {
  judgeMailCopies(view.tool, view.payload, findings);
}
