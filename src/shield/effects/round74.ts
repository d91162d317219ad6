/** Round 74's checks, called once from the effect profile: scripts that delete every event, reminder, note, contact
 * or message of an application (`scripted_bulk_deletes.ts`), events fixed by others moved in the user's calendar
 * (`moved_events.ts`), meeting and calendar powers handed out with the notices off (`silent_cohosts.ts`), keys and
 * codes to locks given to someone (`lock_access_grants.ts`), and private channels made open
 * (`channel_privacy.ts`). The CLI-named sends (`cli_named_sends.ts`) are read where the effect profile asks whether
 * a tool runs something hidden. Each check is gated by its tool's name or a literal before it walks arguments. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeScriptedBulkDeletes } from "./scripted_bulk_deletes.ts";
import { judgeMovedEvents } from "./moved_events.ts";
import { judgeSilentCohosts } from "./silent_cohosts.ts";
import { judgeLockAccessGrants } from "./lock_access_grants.ts";
import { judgeChannelPrivacy } from "./channel_privacy.ts";
import { HINTS, SCRIPTED_DELETES } from "./round_hints.ts";
import { GATE as SCRIPTED_DELETE_GATE } from "./scripted_bulk_deletes.ts";
import { CODE, commandNeeds } from "./round_plan.ts";

export { cliNamedSend } from "./cli_named_sends.ts";

/** A literal gate over a tool's name for the tool-call checks (events, meetings, calendars, channels). */
const TOOL_GATE =
  /event|meeting|appointment|calendar|caldav|webinar|invitee|attendee|acl|delegate|host|organi[sz]er|zoom|webex|teams|channel|room|group|stream|conversation|space|permission|overwrite|privacy/i;

/** What the round reads of a command (speed round 37, `round_plan.ts`): scripted deletes in its line, code. */
export const ON_COMMAND = commandNeeds({ words: [SCRIPTED_DELETE_GATE], facts: CODE });

export function judgeRound74(view: ActionView, environment: ShieldEnvironment, findings: Findings): void {
  const shell = view.texts.get("shell") ?? [];
  const code = view.texts.get("code") ?? [];
  if (HINTS.reached(shell, code) & SCRIPTED_DELETES) {
    judgeScriptedBulkDeletes(view.tool, [...shell, ...code], findings);
  }
  if (view.type === "execute_command") return;
  const called = view.calledPayload;
  // A lock code may be set through a generic service call (`call_service`, `smartthings_execute_command`).
  judgeLockAccessGrants(view.tool, called, findings);
  if (!TOOL_GATE.test(view.tool)) return;
  judgeMovedEvents(view.tool, called, findings);
  judgeSilentCohosts(view.tool, called, environment, findings);
  judgeChannelPrivacy(view.tool, called, findings);
}
