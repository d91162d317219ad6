/** Round 57's checks over admin and cloud control planes, each behind its own cheap sign: Microsoft 365 and Azure
 * admin cmdlets by what they grant and to whom (`admin_cmdlets.ts`), DNS records of login, mail and web names
 * repointed (`dns_repoints.ts`), data locked by its own encryption controls (`key_lockouts.ts`), identity-provider
 * settings weakened (`identity_settings.ts`), owner and admin teams joined (`owner_grants.ts`), unknown sync peers
 * paired (`sync_peers.ts`), industrial controllers written (`ics_writes.ts`), cooking devices set unsafe
 * (`cooking_settings.ts`) and unlimited token approvals (`token_approvals.ts`). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeAdminCmdletPayload, judgeAdminCmdletSegments } from "./admin_cmdlets.ts";
import { judgeDnsCommands, judgeRecordPayload } from "./dns_repoints.ts";
import { judgeKeyLockoutCode, judgeKeyLockouts } from "./key_lockouts.ts";
import { judgeIdentityCommands, judgeIdentitySettings } from "./identity_settings.ts";
import { judgeOwnerGrantCommands, judgeOwnerGrants } from "./owner_grants.ts";
import { judgeSyncPeerCommands, judgeSyncPeerPayload } from "./sync_peers.ts";
import { judgeIcsWrites } from "./ics_writes.ts";
import { judgeCookingSettings } from "./cooking_settings.ts";
import { judgeApprovalCode, judgeApprovalCommands, judgeApprovalPayload } from "./token_approvals.ts";
import * as programs from "./round_programs.ts";
import { writesControllersWith } from "./ics_writes.ts";
import { CODE, commandNeeds } from "./round_plan.ts";

/** Programs the command checks of this round read: one set lookup per segment before any of them runs. */
const PROGRAMS = new Set([
  "aws",
  "gcloud",
  "gsutil",
  "cli53",
  "doctl",
  "flarectl",
  "az",
  "gh",
  "glab",
  "gam",
  "kcadm",
  "kcadm.sh",
  "syncthing",
  "curl",
  "cast",
]);
/** Tools that change DNS records by their names (`route53_change_resource_record_sets`, `namecheap_set_hosts`). */
const DNS_TOOL = /dns|record|zone|route_?53|domain|hosts/i;
const CMDLET = /^(?:[\w.]+\\)?(?:add|set|new|update|grant)-|^m365$/i;

/** What the round reads of a command (speed round 37, `round_plan.ts`): cmdlets, its programs, controller writers,
 * code. */
export const ON_COMMAND = commandNeeds({
  programs: (program) => CMDLET.test(program) || PROGRAMS.has(program) || writesControllersWith(program),
  facts: CODE,
});

export function judgeRound57(view: ActionView, open: boolean, findings: Findings): void {
  const segments = view.segments;
  if (segments.length > 0) {
    if (segments.some((segment) => CMDLET.test(segment.program))) {
      judgeAdminCmdletSegments(segments, findings);
    }
    if (segments.some((segment) => PROGRAMS.has(segment.program))) {
      judgeDnsCommands(segments, findings);
      judgeKeyLockouts(segments, findings);
      judgeIdentityCommands(segments, findings);
      judgeOwnerGrantCommands(segments, findings);
      judgeSyncPeerCommands(segments, findings);
      judgeApprovalCommands(segments, findings);
    }
    const code = view.texts.get("code") ?? [];
    if (code.length > 0 || (programs.roundProgramsReached(segments) & programs.ICS_WRITES)) {
      judgeIcsWrites(segments, code, findings);
    }
    if (code.length > 0) {
      judgeApprovalCode(code, findings);
      judgeKeyLockoutCode(code, findings);
    }
  }
  if (view.type === "execute_command") return;
  const payload = view.calledPayload;
  if (open) {
    judgeAdminCmdletPayload(view.tool, payload, findings);
    judgeIdentitySettings(view.tool, payload, findings);
    judgeOwnerGrants(view.tool, payload, findings);
    judgeSyncPeerPayload(view.tool, payload, findings);
    judgeCookingSettings(view.tool, payload, findings);
    judgeApprovalPayload(view.tool, payload, findings);
    if (DNS_TOOL.test(view.tool)) judgeRecordPayload(view.tool, payload, findings);
  }
}
