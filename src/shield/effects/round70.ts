/** Round 70's checks, called once from the effect profile: searches and purchases of illicit goods and stolen data
 * (`illicit_goods_searches.ts`), posts that intimidate or shame a person (`intimidating_posts.ts`, beside round 58's
 * threats), agents told their safety is off or sent to flood outside hosts (`unrestricted_delegations.ts`), and
 * application CLIs that delete every item without asking (`app_bulk_deletes.ts`). Each is gated by the tool's kind
 * (a command, a sender, a delegating tool) or a literal pattern before it walks the arguments. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { textsOf } from "./egress_effects.ts";
import { judgeIllicitGoodsSearches } from "./illicit_goods_searches.ts";
import { judgeIntimidatingPosts } from "./intimidating_posts.ts";
import { DELEGATING_TOOL, judgeUnrestrictedDelegations } from "./unrestricted_delegations.ts";
import { judgeAppBulkDeletes } from "./app_bulk_deletes.ts";

export function judgeRound70(
  view: ActionView,
  reach: { openWorld: boolean; sends: boolean },
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (view.segments.length > 0) judgeAppBulkDeletes(view.tool, view.segments, view.proseSegments, findings);
  if (view.type === "execute_command") return;
  const called = view.calledPayload;
  // A file written (a fraud model's fixtures) may name the goods; a post's media path is not a write of text.
  if (view.writePaths.length === 0) judgeIllicitGoodsSearches(view.tool, called, findings);
  if (DELEGATING_TOOL.test(view.tool) || view.type === "create_agent" || view.type === "agent_message") {
    judgeUnrestrictedDelegations(view.tool, called, environment, findings);
  }
  if (!reach.openWorld && !reach.sends) return;
  const texts = textsOf(view, "outbound", "content");
  if (texts.length > 0) judgeIntimidatingPosts(view.tool, texts, called, findings);
}
