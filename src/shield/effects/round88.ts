/** Round 88's checks, called once from the effect profile: tests deleted where they guard security or wholesale
 * (`deleted_guard_tests.ts`), internal admin services put on the internet (`exposed_admin_services.ts`), sign-in
 * flows pointed at another domain or a wildcard (`outside_sign_in_urls.ts`), people's whereabouts sent on by
 * automations or shared live (`location_trackers.ts`), CORS opened to every origin with credentials by a command or
 * a gateway tool (the patterns of `weakened_web_guards.ts`), and Teams meeting policies opened to everyone by
 * PowerShell. Round 88's other readings sit where they are read: meeting spaces opened to anyone
 * (`meeting_protections.ts`) and a CI test step made non-blocking (`stubbed_tests.ts`). Each check is gated by the
 * programs of the command, the tool's words or a literal test of the payload before its regexes run. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { identifierWords } from "./words.ts";
import { payloadStrings } from "./payload_strings.ts";
import { judgeDeletedGuardTests } from "./deleted_guard_tests.ts";
import { judgeExposedAdminServices } from "./exposed_admin_services.ts";
import { judgeSignInCommands, judgeSignInPayload } from "./outside_sign_in_urls.ts";
import { judgeLocationTrackers } from "./location_trackers.ts";
import { opensCredentialedOrigins } from "./weakened_web_guards.ts";

const SHELL_PROGRAMS = new Set([
  "kubectl",
  "oc",
  "helm",
  "docker",
  "podman",
  "nerdctl",
  "az",
  "aws",
  "auth0",
  "okta",
  "gcloud",
  "kcadm",
  "kcadm.sh",
]);
const CORS_HINT = /cors|AllowOrigins|Access-Control-Allow/i;
/** Teams meeting policies that let everyone past the lobby or let anonymous users in. */
const TEAMS_POLICY_OPENED =
  /Set-CsTeamsMeeting(?:Policy|Configuration)\b[^\n]*?(?:-AutoAdmittedUsers\s+["']?Everyone\b|-AllowAnonymousUsersToJoinMeeting\s+\\?\$?true\b|-DisableAnonymousJoin\s+\\?\$?false\b|-AllowPSTNUsersToBypassLobby\s+\\?\$?true\b)/i;
const MAX_TEXT = 64 * 1024;

export function judgeRound88(view: ActionView, findings: Findings): void {
  const shell = view.texts.get("shell") ?? [];
  const words = identifierWords(view.tool);
  judgeDeletedGuardTests(
    view.tool,
    view.segments,
    words,
    view.paths.map((path) => path.relative ?? path.absolute),
    () => payloadStrings(view.calledPayload).map((entry) => entry.value).join("\n"),
    findings,
  );
  if (view.segments.some((segment) => SHELL_PROGRAMS.has(segment.program.toLowerCase()))) {
    judgeExposedAdminServices(view.tool, view.segments, [], findings);
    judgeSignInCommands(view.tool, view.segments, findings);
  }
  for (const text of shell.slice(0, 8)) {
    if (text.length > MAX_TEXT) continue;
    if (CORS_HINT.test(text) && opensCredentialedOrigins(text)) {
      findings.escalate("security", `"${view.tool}" lets every origin make credentialed requests (CORS)`);
    }
    if (text.includes("Set-CsTeams") && TEAMS_POLICY_OPENED.test(text)) {
      findings.escalate("security", `"${view.tool}" lets everyone past the Teams meeting lobby`);
    }
  }
  if (view.type === "execute_command" || shell.length > 0) return;
  // A tool's own payload: its JSON (structure) and its strings (a manifest's lines), bounded.
  const json = JSON.stringify(view.calledPayload) ?? "";
  if (json.length > MAX_TEXT) return;
  const strings = payloadStrings(view.calledPayload).map((entry) => entry.value).slice(0, 32);
  judgeExposedAdminServices(view.tool, [], [json, ...strings], findings);
  judgeSignInPayload(view.tool, words, view.calledPayload, findings);
  judgeLocationTrackers(view.tool, words, view.calledPayload, strings, findings);
  if (words.includes("cors") && opensCredentialedOrigins(json)) {
    findings.escalate("security", `"${view.tool}" lets every origin make credentialed requests (CORS)`);
  }
}
