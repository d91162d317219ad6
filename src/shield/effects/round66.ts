/** Round 66's checks, called once from the effect profile: home devices driven to unsafe physical states
 * (`unsafe_setpoints.ts`), security notices hidden by a mail tool's arguments (`hidden_security_notices.ts`),
 * payment-card data typed into pages (`typed_card_data.ts`), and requests that ask the user for credentials
 * (`credential_requests.ts`). Each check is gated by a word of the tool's name or arguments before it walks them. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeUnsafeSetpoints } from "./unsafe_setpoints.ts";
import { judgeHiddenSecurityNotices } from "./hidden_security_notices.ts";
import { judgeTypedCardData } from "./typed_card_data.ts";
import { judgeCredentialRequests } from "./credential_requests.ts";
import { loneCommandLine } from "./round_programs.ts";
import { BRACED, commandNeeds, NAMED } from "./round_plan.ts";

/** Whether `payload` is one command line and nothing else (`{command: "git status"}`) that is not a JSON object.
 * `judgeUnsafeSetpoints` reads temperatures from numbers under temperature, humidity or dosing keys, from a value
 * named by a name key beside a value key, and hours or "away" from their keys; `command` is none of those and has no
 * value key beside it, so such a line holds no reading unless it parses as an object (`collect` parses a string
 * that starts with "{"). Speed round 32: every command paid the check's serialisation and device-word test. */
export function lineOnly(payload: Record<string, unknown>): boolean {
  return loneCommandLine(payload) && !/^\s*\{/.test(payload.command as string);
}

/** What the round reads of a command (speed round 37, `round_plan.ts`): a tool's name, a line given as an object. */
export const ON_COMMAND = commandNeeds({ facts: NAMED | BRACED });

export function judgeRound66(view: ActionView, findings: Findings): void {
  // Not only open-world tools: a device API's `command` argument (`sdm.devices.commands....SetHeat`) makes the call
  // read as a command too.
  const called = view.calledPayload;
  if (!lineOnly(called)) judgeUnsafeSetpoints(view.tool, called, findings);
  judgeHiddenSecurityNotices(view.tool, called, findings);
  judgeTypedCardData(view.tool, called, findings);
  judgeCredentialRequests(view.tool, view.type, called, findings);
}
