/** Round 38's open-world checks, called once from round 36's entry: orders to the agent carried in an argument's
 * prose (a call to another tool, a sign-in code to send out), writes to industrial controllers, messages asking
 * people for identity documents, a named person's private matters posted publicly, and (any tool) a run of images
 * that spells data out one character each and a public page offering a download dressed as a document. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { textsOf } from "./egress_effects.ts";
import { judgeArgumentOrders } from "./argument_orders.ts";
import { judgeControlWrites } from "./control_writes.ts";
import { judgeIdentityRequests } from "./identity_requests.ts";
import { judgePrivateLives } from "./private_lives.ts";
import { judgeImageSequences } from "./image_sequences.ts";
import { judgeLurePages } from "./lure_pages.ts";

/** Tool-name words of work whose arguments are orders by design: delegating to an agent, building automations. */
const ORDERS_ARE_WORK =
  /^(?:agent|agents|subagent|assistant|delegate|delegation|crew|worker|automation|automations|workflow|workflows|zap|zaps|recipe|recipes|playbook|routine|prompt|prompts|instructions)$/;

export function judgeRound38(
  view: ActionView,
  openWorld: OpenWorldReading | undefined,
  sends: boolean,
  words: readonly string[],
  findings: Findings,
): void {
  const texts = textsOf(view, "outbound", "content");
  if (sends) judgeIdentityRequests(view.tool, texts, findings);
  judgeImageSequences(view.tool, texts, findings);
  judgeLurePages(view.tool, view.payload, texts, findings);
  if (
    (openWorld || sends || view.type === "web_search" || view.type === "http_request") &&
    !words.some((word) => ORDERS_ARE_WORK.test(word))
  ) {
    // A message's text is for people: an order in it to call a tool is read by the messaging checks.
    judgeArgumentOrders(view.tool, textsOf(view, "outbound", "content", "query", "task"), !sends, findings);
  }
  if (!openWorld) return;
  judgeControlWrites(view.tool, words, findings);
  judgePrivateLives(view.tool, words, texts, findings);
}
