/** Round 54's checks, called once from round 36's entry: orders for other people's AI agents planted in what they
 * read (a PR body, an issue, a commit message, a shared file), a call whose own reasons say content it read ordered
 * it, secrets carried encoded in a send's fields or an address's query, recovery codes and passwords in plain words
 * of a send, and -- on tools Shield has no executor model for -- SSH keys added to machines, storage made public by a
 * vendor's setting, money-making promotions posted in the user's name, and a home's place sent as unguarded. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { textsOf } from "./egress_effects.ts";
import { judgePlantedAgentOrders, postedTexts } from "./planted_agent_orders.ts";
import { judgeContentAuthority } from "./content_authority.ts";
import { decodedFields, judgeEncodedSecrets } from "./encoded_secrets.ts";
import { judgePlainCredentials } from "./plain_credentials.ts";
import { judgeInstanceSshKeys } from "./instance_ssh_keys.ts";
import { judgePublicStorage } from "./public_storage.ts";
import { judgeScamPromotions } from "./scam_promotions.ts";
import { judgeUnguardedWhereabouts } from "./unguarded_whereabouts.ts";

export function judgeRound54(
  view: ActionView,
  openWorld: OpenWorldReading | undefined,
  sends: boolean,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  judgeContentAuthority(view.tool, view.calledPayload, view.type === "execute_command", findings);
  const outbound = textsOf(view, "outbound", "content");
  const posted = view.segments.length > 0 ? postedTexts(view.segments) : [];
  if (sends || openWorld || view.writePaths.length > 0 || posted.length > 0) {
    judgePlantedAgentOrders(view.tool, [...outbound, ...posted], findings);
  }
  const sending = sends || openWorld?.sends === true;
  judgeEncodedSecrets(
    view.tool,
    view.calledPayload,
    [...view.urls, ...textsOf(view, "outbound")],
    sending,
    environment,
    findings,
  );
  if (sends) {
    judgePlainCredentials(
      view.tool,
      [...textsOf(view, "outbound"), ...decodedFields(view.calledPayload)],
      findings,
    );
  }
  if (openWorld || sends) judgeScamPromotions(view.tool, textsOf(view, "outbound"), environment, findings);
  if (sends) judgeUnguardedWhereabouts(view.tool, textsOf(view, "outbound"), findings);
  // A vendor's tool read in our vocabulary (`cloudflare_r2_bucket_public_access_update` as a write) still sets what
  // its arguments say.
  if (!openWorld && view.tool === view.type) return;
  judgeInstanceSshKeys(view.tool, view.calledPayload, findings);
  judgePublicStorage(view.tool, view.calledPayload, findings);
}
