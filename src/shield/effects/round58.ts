/** Round 58's checks, called once from the effect profile: command-line senders judged like the messaging tools
 * (`cli_senders.ts`), and messages, posts and documents whose harm is in what they say -- phishing lures and threats
 * (`message_harms.ts`), other people's personnel, card and meeting details handed out (`people_disclosures.ts`),
 * forged certificates and reviews from several accounts (`forged_documents.ts`), and dossiers on a person
 * (`person_dossiers.ts`). Each text check is gated by a literal pattern. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { textsOf } from "./egress_effects.ts";
import { judgeCliSenders, listedSender } from "./cli_senders.ts";
import { judgeMessageHarms } from "./message_harms.ts";
import { judgePeopleDisclosures } from "./people_disclosures.ts";
import { judgeForgedDocuments, judgeReviewAccounts } from "./forged_documents.ts";
import { judgePersonDossiers } from "./person_dossiers.ts";
import * as programs from "./round_programs.ts";
import { isSender } from "./cli_senders.ts";
import { commandNeeds } from "./round_plan.ts";

/** What the round reads of a command (speed round 37, `round_plan.ts`): sender programs only. */
export const ON_COMMAND = commandNeeds({ programs: isSender });

export function judgeRound58(
  view: ActionView,
  openWorld: OpenWorldReading | undefined,
  sends: boolean,
  recipients: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (programs.roundProgramsReached(view.segments) & programs.CLI_SENDERS) {
    judgeCliSenders(view.tool, view.segments, findings);
  }
  if (view.type === "execute_command") return;
  const listed = view.segments.length === 0 ? listedSender(view.tool, view.calledPayload) : undefined;
  if (listed) judgeCliSenders(view.tool, [listed], findings);
  const texts = textsOf(view, "outbound", "content");
  if (texts.length === 0) return;
  if (sends || openWorld) {
    const said = [...texts, ...(view.texts.get("recipient") ?? [])];
    judgeMessageHarms(view.tool, texts, environment, findings);
    judgePeopleDisclosures(view.tool, said, recipients, environment, findings);
  }
  judgeForgedDocuments(view.tool, texts, findings);
  // A dossier is prose: source code being written (its street-like words and times) is not read for one.
  const code = view.texts.get("code") ?? [];
  judgePersonDossiers(
    view.tool,
    code.length === 0 ? texts : texts.filter((text) => !code.includes(text)),
    findings,
  );
  if (openWorld) judgeReviewAccounts(view.tool, view.calledPayload, findings);
}
