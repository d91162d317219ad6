/** Round 77's checks, called once from the effect profile: data and settings opened to everyone or to an outsider --
 * security rules and migrations that let anyone read and write (`open_rules.ts`), confidential material written into
 * a folder the site serves (`served_confidential.ts`), a tenant's sharing opened to every outside domain
 * (`tenant_sharing.ts`), a store's or daemon's authentication switched off where the network reaches it
 * (`open_stores.ts`), an outside account made code owner or put on a bypass list (`code_owner_grants.ts`), and a whole
 * mailbox opened to outside mail clients (`mailbox_protocols.ts`); and, found by the score, an event's alarm that
 * mails an address (`alarm_mails.ts`). Recordings and videos made public are read by
 * round 68's `public_exposure.ts`, widened. Each check asks a path, a program, a tool-name gate or a literal-gated
 * pattern before it reads a text. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { textsOf } from "./egress_effects.ts";
import { judgeOpenRulesCall, judgeOpenRulesWrites } from "./open_rules.ts";
import { judgeServedConfidential } from "./served_confidential.ts";
import { judgeTenantSharingCall, judgeTenantSharingTexts } from "./tenant_sharing.ts";
import { judgeOpenStoreCall, judgeOpenStoreSegments, judgeOpenStoreTexts } from "./open_stores.ts";
import { judgeBypassGrants, judgeCodeOwnerGrants } from "./code_owner_grants.ts";
import { judgeMailboxProtocolCall, judgeMailboxProtocolTexts } from "./mailbox_protocols.ts";
import { judgeAlarmMails } from "./alarm_mails.ts";
import { TRUST_ALL } from "./open_stores.ts";
import { FEDERATION_TO_ALL, SHARING_TO_ALL } from "./tenant_sharing.ts";
import { CAS_ON, GAM_ON } from "./mailbox_protocols.ts";
import { BYPASS } from "./code_owner_grants.ts";
import { commandNeeds, REQUESTS, WRITES } from "./round_plan.ts";

/** Programs whose segments `judgeOpenStoreSegments` reads. */
const STORE_CLIS = new Set(["redis-cli", "valkey-cli", "keydb-cli"]);

/** What the round reads of a command (speed round 37, `round_plan.ts`): store CLIs, the open-store, sharing,
 * mailbox and bypass patterns in its line, written files, requests. */
export const ON_COMMAND = commandNeeds({
  programs: (program) => STORE_CLIS.has(program),
  words: [TRUST_ALL, SHARING_TO_ALL, FEDERATION_TO_ALL, CAS_ON, GAM_ON, BYPASS],
  facts: WRITES | REQUESTS,
});

export function judgeRound77(view: ActionView, findings: Findings): void {
  const shell = view.texts.get("shell") ?? [];
  if (view.segments.length > 0) judgeOpenStoreSegments(view.segments, findings);
  const paths = view.writePaths.map((path) => path.relative ?? path.absolute);
  const contents = paths.length > 0 ? textsOf(view, "content", "outbound") : [];
  if (paths.length > 0 && contents.length > 0) {
    const removed = typeof view.payload.removed === "string" ? view.payload.removed : "";
    judgeOpenRulesWrites(view.tool, paths, contents, findings);
    judgeServedConfidential(view.tool, paths, contents, findings);
    judgeCodeOwnerGrants(view.tool, paths, removed, contents, findings);
  }
  const texts = [...shell.slice(0, 4), ...contents.slice(0, 8)];
  if (texts.length > 0) {
    judgeOpenStoreTexts(view.tool, texts, paths, findings);
    judgeTenantSharingTexts(texts, findings);
    judgeMailboxProtocolTexts(texts, findings);
  }
  if (view.requests.length > 0) judgeBypassGrants(view.tool, view.requests, findings);
  if (shell.length > 0) judgeBypassGrants(view.tool, shell, findings);
  if (paths.length > 0) judgeAlarmMails(view.tool, contents, findings);
  if (view.type === "execute_command" || paths.length > 0) return;
  const called = view.calledPayload;
  const outbound = textsOf(view, "outbound", "content");
  judgeAlarmMails(view.tool, outbound, findings);
  judgeOpenRulesCall(view.tool, outbound, findings);
  judgeTenantSharingCall(view.tool, called, findings);
  judgeOpenStoreCall(view.tool, called, findings);
  judgeMailboxProtocolCall(view.tool, called, findings);
  judgeBypassGrants(view.tool, outbound, findings);
  if (/protect|branch|ruleset|bypass/i.test(view.tool)) {
    let text = "";
    try {
      text = JSON.stringify(called);
    } catch {
      // Unserialisable arguments hold no bypass list.
    }
    judgeBypassGrants(view.tool, [text], findings);
  }
}
