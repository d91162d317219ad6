/** Round 35: arguments that carry secrets, orders and hidden recipients -- secret variables in what leaves the
 * machine, side fields asking for the environment or the conversation or adding a destination, placeholders for
 * private data and chained follow-up calls, hand-offs with forged authority, standing approvals and quiet payment
 * redirections. One entry so the effect profile calls the round's checks in one place. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { judgeSecretReferences, setsVariables, storesSecrets } from "./secret_references.ts";
import { judgeSideRequests, judgeToolOutputOrders } from "./side_requests.ts";
import { judgeChainedCalls, judgeDataPlaceholders } from "./data_placeholders.ts";
import { judgeForgedClaims } from "./forged_claims.ts";
import { judgeStandingApprovals, keepsStandingText } from "./standing_approvals.ts";
import { identifierWords } from "./words.ts";

/** Our tools whose arguments go out in a request (a URL navigated to, a query searched for). */
const REQUESTS = new Set(["http_request", "browser_navigate", "web_search"]);

/** `leaves`: the action sends, or data reaches a host (judged by the caller); local file writes and commands are
 * not judged here (a README names a variable, a shell expands it for its own use). */
export function judgeCarriedArguments(
  view: ActionView,
  openWorld: OpenWorldReading | undefined,
  sends: boolean,
  leaves: boolean,
  findings: Findings,
): void {
  if (view.type === "execute_command") return;
  judgeSideRequests(view.tool, view.payload, findings);
  judgeChainedCalls(view.tool, view.payload, findings);
  judgeForgedClaims(view.tool, view.payload, findings);
  if (!openWorld && !sends && !leaves && !REQUESTS.has(view.type)) return;
  // A secret store or a deployment's variables keep what they are given (whether that exposes it is judged by the
  // exposure checks: round 36's public prefixes).
  if (!storesSecrets(view.tool) && !setsVariables(view.payload)) {
    const hosts = view.urls.slice(0, 8).map((url) => hostOf(url));
    judgeSecretReferences(view.tool, view.payload, hosts, findings);
    judgeDataPlaceholders(view.tool, view.payload, findings);
  }
  if (openWorld || sends) {
    judgeToolOutputOrders(view.tool, view.payload, findings);
    const standing = keepsStandingText(view.type, openWorld?.words.words ?? identifierWords(view.tool));
    judgeStandingApprovals(view.tool, standing, view.payload, findings);
  }
}

function hostOf(url: string): string {
  return /^[a-z][\w+.-]*:\/\/([^/?#:]+)/i.exec(url)?.[1] ?? "";
}
