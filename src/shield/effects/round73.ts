/** Round 73's checks, called once from the effect profile: harmful orders handed to other agents -- protections
 * switched off (`delegated_protections_off.ts`), money moved, limits lifted or payments approved
 * (`delegated_money_orders.ts`), internal material published (`delegated_publication.ts`) -- reading tools given an
 * argument that chains a writing or sending effect (`chained_read_arguments.ts`), and posts to a whole workspace
 * that send people to an unknown site about their pay or accounts (`broadcast_link_lures.ts`). Commands nested in
 * a job or delegation payload are read as commands by `payload_fields.ts`. Each is gated by the tool's kind before
 * it walks the arguments. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { textsOf } from "./egress_effects.ts";
import { delegates, payloadStrings } from "./delegated_orders_read.ts";
import { judgeDelegatedProtectionsOff } from "./delegated_protections_off.ts";
import { judgeDelegatedMoneyOrders } from "./delegated_money_orders.ts";
import { judgeDelegatedPublication } from "./delegated_publication.ts";
import { judgeChainedReadArguments } from "./chained_read_arguments.ts";
import { judgeBroadcastLinkLures } from "./broadcast_link_lures.ts";
import { commandNeeds } from "./round_plan.ts";

/** What the round reads of a command (speed round 37, `round_plan.ts`): nothing (it reads other tools' calls). */
export const ON_COMMAND = commandNeeds({});

export function judgeRound73(
  view: ActionView,
  sends: boolean,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (view.type === "execute_command") return;
  const called = view.calledPayload;
  if (delegates(view.tool, view.type)) {
    // The orders are read in the view's texts (decoded, look-alike letters and markup undone, prose read) and in the
    // payload's own strings (a nested object's text is one JSON text in the view, its line breaks escaped); the
    // authority a call claims is read by its argument's name.
    const strings = payloadStrings(called);
    const texts = [...textsOf(view, "task", "outbound", "content"), ...strings.map((item) => item.text)];
    judgeDelegatedProtectionsOff(view.tool, texts, findings);
    judgeDelegatedMoneyOrders(view.tool, texts, strings, findings);
    judgeDelegatedPublication(view.tool, texts, findings);
  } else {
    judgeChainedReadArguments(view.tool, view.type, called, findings);
  }
  if (sends) {
    judgeBroadcastLinkLures(view.tool, called, textsOf(view, "outbound", "content"), environment, findings);
  }
}
