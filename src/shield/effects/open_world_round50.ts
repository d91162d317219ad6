/** Round 50's checks, called once from round 36's entry: a fetch told to carry out what the page says, messages that
 * threaten or lure someone's child, documents and posts that send readers to hand credentials to an outside site,
 * files moved into places outside the organisation (also by a vendor's tool Shield reads as a write), and -- for
 * tools Shield has no executor model for -- calendar feeds merged from outside hosts, room power given to another
 * server's account, and a human's approval written into a workflow's state. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { textsOf } from "./egress_effects.ts";
import { judgeFetchedAuthority } from "./fetched_authority.ts";
import { judgeChildThreats } from "./child_threats.ts";
import { judgeCredentialLures } from "./credential_lures.ts";
import { judgeCalendarFeeds } from "./calendar_feeds.ts";
import { judgeMovedFiles } from "./moved_files.ts";
import { judgeOutsideAdmins } from "./outside_admins.ts";
import { judgeForgedApprovals } from "./forged_approvals.ts";

/** Written files read as prose by people (a README, a wiki page), where a sign-in request is a lure; a login form's
 * own code says "enter your password" to its users. */
const PROSE_FILE = /(?:^|\/)[^/.]+$|\.(?:md|mdx|markdown|txt|rst|adoc|org|wiki)$/i;

export function judgeRound50(
  view: ActionView,
  openWorld: OpenWorldReading | undefined,
  sends: boolean,
  words: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  judgeFetchedAuthority(
    view.tool,
    words,
    view.calledPayload,
    () => textsOf(view, "task", "query", "outbound", "content"),
    findings,
  );
  const prose = view.writePaths.length > 0 && view.writePaths.every((path) => PROSE_FILE.test(path.absolute));
  if (sends || openWorld || prose) {
    const texts = textsOf(view, "outbound", "content");
    if (sends) judgeChildThreats(view.tool, texts, findings);
    judgeCredentialLures(view.tool, texts, !sends, environment, findings);
  }
  // A vendor's file tool read in our vocabulary (`gdrive_update_file` as a write) still moves what its arguments say.
  if (openWorld || view.tool !== view.type) {
    judgeMovedFiles(
      view.tool,
      [...words, ...openWorld?.words.words ?? []],
      view.calledPayload,
      environment,
      findings,
    );
  }
  if (!openWorld) return;
  const all = [...words, ...openWorld.words.words];
  judgeCalendarFeeds(view.tool, all, view.payload, environment, findings);
  judgeOutsideAdmins(view.tool, view.payload, findings);
  judgeForgedApprovals(view.tool, all, view.calledPayload, findings);
}
