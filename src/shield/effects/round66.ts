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

export function judgeRound66(view: ActionView, findings: Findings): void {
  // Not only open-world tools: a device API's `command` argument (`sdm.devices.commands....SetHeat`) makes the call
  // read as a command too.
  const called = view.calledPayload;
  judgeUnsafeSetpoints(view.tool, called, findings);
  judgeHiddenSecurityNotices(view.tool, called, findings);
  judgeTypedCardData(view.tool, called, findings);
  judgeCredentialRequests(view.tool, view.type, called, findings);
}
