/** Round 44's open-world checks, called once from round 36's entry: company data copied between two remote stores
 * of different names by a tool call (rclone remotes, buckets), and a child's whereabouts and looks sent or
 * invited out (any tool), and confidential files sent to a recipient taken from an unverified message. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { judgeRemoteCopies } from "./remote_copies.ts";
import { judgeChildWhereabouts } from "./child_whereabouts.ts";
import { judgeUnverifiedRecipients } from "./unverified_recipients.ts";
import { textsOf } from "./egress_effects.ts";

export function judgeRound44(
  view: ActionView,
  openWorld: OpenWorldReading | undefined,
  sends: boolean,
  recipients: readonly string[],
  words: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  // An invitation's attendees receive it as a message's recipients do.
  const invited = recipients.length > 0 ? recipients : openWorld?.recipients ?? [];
  if (sends || invited.length > 0) {
    judgeChildWhereabouts(view.tool, view.payload, invited, environment, findings);
  }
  judgeUnverifiedRecipients(view.tool, textsOf(view, "task", "outbound", "content"), findings);
  if (openWorld) judgeRemoteCopies(view.tool, [...words, ...openWorld.words.words], view.payload, findings);
}
