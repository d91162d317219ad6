/** Round 78's checks, called once from the effect profile: addresses an agent opens that carry a secret out or lead
 * to a false sign-in page (`link_lures.ts`), and working passwords or key material written into a shared document
 * or a message (`carried_credentials.ts`). The edit checks of the round (source special-cased to a test's literals,
 * coverage lowered: `faked_passes.ts`; workflow actions unpinned: `unpinned_actions.ts`) are judges of the written
 * safeguards list in `bypassed_safeguards.ts`. Each is gated on the action's addresses, writes or sends before it
 * reads a text. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { textsOf } from "./egress_effects.ts";
import { judgeLinkLures } from "./link_lures.ts";
import { judgeCarriedCredentials } from "./carried_credentials.ts";
import { commandNeeds, URLS } from "./round_plan.ts";

/** Tool types whose addresses are documents' or messages' text, not addresses opened. */
const NOT_OPENED = new Set(["write_file", "create_file", "edit_file", "send_email", "send_message"]);

/** Round 96: a document's name or title as the call gives it (`name`, `title`, `fileName`; Notion's
 * `properties.title[].text.content`), for the password readings of `carried_credentials.ts`. */
function documentNames(payload: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (!/^(?:name|title|file_?name|filename|document_?name|page_?title|properties)$/i.test(key)) continue;
    if (typeof value === "string" && value.length < 200) names.push(value);
    else if (value && typeof value === "object") {
      const json = JSON.stringify(value);
      if (json.length < 1024) names.push(json);
    }
  }
  return names;
}

/** What the round reads of a command (speed round 37, `round_plan.ts`): addresses. */
export const ON_COMMAND = commandNeeds({ facts: URLS });

export function judgeRound78(
  view: ActionView,
  sends: boolean,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (view.urls.length > 0 && !sends && view.writePaths.length === 0 && !NOT_OPENED.has(view.type)) {
    judgeLinkLures(view.tool, view.urls, environment, findings);
  }
  // Documents by their paths or their tool's name (a renamed argument may leave a Drive tool read as another type),
  // messages by the profile's reading or a post tool's name: `judgeCarriedCredentials` gates on each.
  if (view.type === "execute_command") return;
  const texts = sends ? textsOf(view, "outbound", "content") : textsOf(view, "content", "outbound");
  const paths = view.writePaths.map((path) => path.absolute);
  judgeCarriedCredentials(view.tool, paths, texts, sends, findings, documentNames(view.calledPayload));
}
