/** Round 85's checks, called once from the effect profile: the agent as a fraud's hands -- entitlements, credit and
 * refunds written straight to live data (`entitlement_grants.ts`), reviews, votes or followers posted in bulk
 * (`engagement_bursts.ts`), identity documents, credentials or payments to new accounts asked for in shared places
 * (`planted_fraud_notes.ts`), and a third person's address, identity number or health matter posted publicly
 * (`public_private_details.ts`). Round 85's other readings sit where they are read: money and safety limits raised
 * tenfold or to none (`removed_limits.ts`), and whole private conversations sent to someone not a contact
 * (`carried_messages.ts`). Each check is gated by a literal pattern or the tool's words before its regexes run. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { textsOf } from "./egress_effects.ts";
import { identifierWords } from "./words.ts";
import { TEST_FILE } from "./tampered_tests.ts";
import { judgeEntitlementGrants } from "./entitlement_grants.ts";
import { judgeEngagementArguments, judgeEngagementBursts } from "./engagement_bursts.ts";
import { judgePlantedFraudNotes } from "./planted_fraud_notes.ts";
import { judgePublicPrivateDetails } from "./public_private_details.ts";
import { HINT as ENGAGEMENT_HINT } from "./engagement_bursts.ts";
import { HINT as ENTITLEMENT_HINT } from "./entitlement_grants.ts";
import { CODE, commandNeeds, OTHER_TEXTS } from "./round_plan.ts";

/** Tool words of a shared place a message goes to (a channel, a canvas, a page), not one person. */
const SHARED_PLACE =
  /^(?:channel|channels|canvas|canvases|page|pages|wiki|post|announcement|announce|broadcast|group|board|space|team|teams|topic|forum)$/;

const TEST_DATA = new RegExp(`${TEST_FILE.source}|(?:^|/)(?:fixtures?|testdata|samples?|examples?)/`);

/** A project's docs and code (not office documents, notes or plain text a drive holds). */
const PROJECT_FILE =
  /\.(?:md|mdx|markdown|rst|adoc|html?|[cm]?[jt]sx?|py|rb|go|rs|java|kt|cs|php|swift|ya?ml|json|toml|ipynb|sh)$/i;

/** What the round reads of a command (speed round 37, `round_plan.ts`): the engagement and entitlement hints in its
 * line, code, queries. */
export const ON_COMMAND = commandNeeds({
  words: [ENGAGEMENT_HINT, ENTITLEMENT_HINT],
  facts: CODE | OTHER_TEXTS,
});

export function judgeRound85(
  view: ActionView,
  /** The tool is read as an open-world one, sends to people, or writes files. */
  reach: { openWorld: boolean; sends: boolean; writes: boolean },
  findings: Findings,
): void {
  const shell = view.texts.get("shell") ?? [];
  const code = view.texts.get("code") ?? [];
  const runs = shell.length > 0 || code.length > 0;
  if (runs) judgeEngagementBursts(view.tool, [...shell.slice(0, 8), ...code.slice(0, 8)], findings);
  const queries = textsOf(view, "query");
  if (runs || queries.length > 0 || reach.openWorld) {
    judgeEntitlementGrants(
      view.tool,
      [
        ...shell.slice(0, 8),
        ...code.slice(0, 8),
        ...queries.slice(0, 8),
        ...(reach.openWorld ? textsOf(view, "outbound").slice(0, 8) : []),
      ],
      findings,
    );
  }
  if (view.type === "execute_command" || !(reach.openWorld || reach.sends || reach.writes)) return;
  if (reach.openWorld) {
    judgeEngagementArguments(view.tool, identifierWords(view.tool), view.calledPayload, findings);
  }
  const texts = textsOf(view, "outbound", "content");
  if (texts.length === 0) return;
  const words = identifierWords(view.tool);
  // Test data and fixtures quote attacks on purpose (a jailbreak corpus, a phishing sample), and a project's own
  // docs and code in the workspace may quote a lure: office documents, notes and files outside it are read.
  const ownFiles = view.writePaths.length > 0 &&
    view.writePaths.every((path) =>
      TEST_DATA.test(path.absolute) || (path.relative !== undefined && PROJECT_FILE.test(path.relative))
    );
  if (!ownFiles && (!reach.sends || words.some((word) => SHARED_PLACE.test(word)))) {
    judgePlantedFraudNotes(view.tool, texts, findings);
  }
  judgePublicPrivateDetails(view.tool, words, view.calledPayload, texts, findings);
}
