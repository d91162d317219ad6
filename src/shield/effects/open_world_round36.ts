/** Round 36's checks, called once from the effect profile: sends whose recipient and content are unseen, company
 * data handed out whole (archives, secrets files, a default branch into another owner's repository), secrets under
 * browser-exposed variable prefixes, security services and firewalls opened through argument values, visibility
 * flags in nested settings, and a browser sent into the user's mailbox for reset codes. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { textsOf } from "./egress_effects.ts";
import { judgeUnseenSends } from "./unseen_sends.ts";
import { judgeCrossOwnerRequests, judgeHandedCompanyData } from "./handed_company_data.ts";
import { judgePublicEnvSecrets } from "./public_env_secrets.ts";
import { judgeSecurityServices } from "./security_services.ts";
import { judgeOpenPorts } from "./open_ports.ts";
import { judgeNestedExposure } from "./nested_exposure.ts";
import { judgeMailboxSearches } from "./mailbox_searches.ts";
import { identifierWords } from "./words.ts";
import { PURE_READ } from "./vocabulary.ts";
import { judgeRound38 } from "./open_world_round38.ts";
import { judgeRound44 } from "./open_world_round44.ts";
import { judgeRound50 } from "./open_world_round50.ts";
import { judgeRound54 } from "./open_world_round54.ts";

export function judgeRound36(
  view: ActionView,
  openWorld: OpenWorldReading | undefined,
  sends: boolean,
  recipients: readonly string[],
  written: boolean,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  // A read (`search_messages {query: "id_rsa"}`, `list_pull_requests {head}`, `list_findings {status: DISABLED}`)
  // hands nothing out and switches nothing off: its name's read verb says so whatever its filters' values say.
  const words = identifierWords(view.tool);
  judgeRound38(view, openWorld, sends, words, findings);
  judgeRound44(view, openWorld, sends, recipients, words, environment, findings);
  judgeRound50(view, openWorld, sends, words, environment, findings);
  judgeRound54(view, openWorld, sends, environment, findings);
  const reads = words.some((word) => PURE_READ.has(word)) ||
    (openWorld !== undefined && openWorld.words.verbs.size > 0 &&
      [...openWorld.words.verbs].every((verb) => verb === "read"));
  if (!reads && (sends || openWorld?.words.nouns.has("message"))) {
    judgeHandedCompanyData(
      view.tool,
      view.payload,
      textsOf(view, "outbound", "content"),
      recipients,
      environment,
      findings,
    );
  }
  if (!reads) judgeCrossOwnerRequests(view.tool, words, view.payload, findings);
  judgePublicEnvSecrets(
    view.tool,
    openWorld ? view.payload : undefined,
    written ? textsOf(view, "content") : [],
    findings,
  );
  if (view.urls.length > 0) judgeMailboxSearches(view.tool, view.urls, findings);
  if (!openWorld && (view.type === "send_email" || view.type === "send_message")) {
    judgeUnseenSends(view.tool, undefined, view.payload, findings);
  }
  if (!openWorld) return;
  judgeUnseenSends(view.tool, openWorld.words, view.payload, findings);
  if (reads) return;
  judgeSecurityServices(view.tool, openWorld.words.words, view.payload, findings);
  judgeOpenPorts(view.tool, view.payload, findings);
  judgeNestedExposure(view.tool, view.payload, findings);
}
