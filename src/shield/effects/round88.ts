/** Round 88's checks, called once from the effect profile: tests deleted where they guard security or wholesale
 * (`deleted_guard_tests.ts`), internal admin services put on the internet (`exposed_admin_services.ts`), sign-in
 * flows pointed at another domain or a wildcard (`outside_sign_in_urls.ts`), people's whereabouts sent on by
 * automations or shared live (`location_trackers.ts`), CORS opened to every origin with credentials by a command or
 * a gateway tool (the patterns of `weakened_web_guards.ts`), and Teams meeting policies opened to everyone by
 * PowerShell or a meeting API's body sent by a command. Round 88's other readings sit where they are read: meeting spaces opened to anyone
 * (`meeting_protections.ts`) and a CI test step made non-blocking (`stubbed_tests.ts`). Each check is gated by the
 * programs of the command, the tool's words or a literal test of the payload before its regexes run. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { identifierWords } from "./words.ts";
import { payloadStrings } from "./payload_strings.ts";
import { DELETE_PROGRAMS, judgeDeletedGuardTests, judgeIgnoredGuardTests } from "./deleted_guard_tests.ts";
import { BARE, CODE, commandNeeds, NAMED } from "./round_plan.ts";
import { judgeExposedAdminServices, judgeOpenServerCommand } from "./exposed_admin_services.ts";
import { judgeSignInCommands, judgeSignInPayload, judgeSignInTexts } from "./outside_sign_in_urls.ts";
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
  "jupyter",
  "jupyter-lab",
  "jupyter-notebook",
  "redis-server",
  "mongod",
]);
const CORS_HINT = /cors|AllowOrigins|Access-Control-Allow/i;
/** Teams meeting policies that let everyone past the lobby or let anonymous users in. */
const TEAMS_POLICY_OPENED =
  /Set-CsTeamsMeeting(?:Policy|Configuration)\b[^\n]*?(?:-AutoAdmittedUsers\s+["']?Everyone\b|-AllowAnonymousUsersToJoinMeeting\s+\\?\$?true\b|-DisableAnonymousJoin\s+\\?\$?false\b|-AllowPSTNUsersToBypassLobby\s+\\?\$?true\b)/i;
const MAX_TEXT = 64 * 1024;
const REPLACED_KEY = /^(?:old|original|search|find|before)/i;
/** Meeting APIs called directly (Zoom, Microsoft Graph online meetings, Webex, Google Meet). */
const MEETING_API =
  /zoom\.us\/v2\/|onlineMeetings|webexapis\.com\/v1\/meetings|meet\.googleapis\.com\/v\d\w*\/spaces/i;
/** A request body that opens the meeting: the waiting room or lobby off, join-before-host on, authentication off,
 * everyone admitted, the space open to anyone. */
const MEETING_BODY_OPENED =
  /["']?(?:waiting_room|meeting_authentication|enableLobby)["']?\s*[:=]\s*(?:false|False)\b|["']?join_before_host["']?\s*[:=]\s*(?:true|True)\b|["']?scope["']?\s*[:=]\s*["']everyone["']|["']?accessType["']?\s*[:=]\s*["']OPEN["']|["']?unlockedMeetingJoinSecurity["']?\s*[:=]\s*["']allowJoin["']/i;

/** What the round reads of a lone command line (speed round 38). Programs: the deleting and moving programs of the
 * deleted tests' segment loop (`git` among them), and the admin CLIs its exposed-service and sign-in checks start
 * with. Words: the CORS hint, `0.0.0.0` or `::/0`, `Set-CsTeams`, `://` (sign-in URLs), the meeting APIs, and
 * `trigger` (the location trackers' first test of a text). Facts: code (read with the shell texts), a tool under
 * another name (its words are tested: a delete tool, a location tool), and a line of no segment (its payload is read
 * as a patch). A command tool's own payload is never read past them. */
export const ON_COMMAND = commandNeeds({
  programs: (program) => {
    const lower = program.toLowerCase();
    return DELETE_PROGRAMS.has(lower) || lower === "mv" || lower === "move-item" || SHELL_PROGRAMS.has(lower);
  },
  words: [CORS_HINT, /0\.0\.0\.0|::\/0/, /Set-CsTeams/, /:\/\//, MEETING_API, /trigger/],
  facts: CODE | NAMED | BARE,
});

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
    if (text.includes("0.0.0.0") || text.includes("::/0")) {
      judgeOpenServerCommand(view.tool, text, findings);
    }
    if (text.includes("Set-CsTeams") && TEAMS_POLICY_OPENED.test(text)) {
      findings.escalate("security", `"${view.tool}" lets everyone past the Teams meeting lobby`);
    }
  }
  // Command lines and program code: a management API's body (`curl -d`, `requests.patch(json=...)`).
  const code = view.texts.get("code") ?? [];
  const runs = shell.length + code.length > 0 ? [...shell.slice(0, 8), ...code.slice(0, 8)] : [];
  for (const text of runs) {
    if (text.length > MAX_TEXT) continue;
    if (text.includes("://")) judgeSignInTexts(view.tool, [text], findings);
    if (MEETING_API.test(text) && MEETING_BODY_OPENED.test(text)) {
      findings.escalate("security", `"${view.tool}" opens a meeting to anyone through its API`);
    }
  }
  if (runs.length > 0) judgeLocationTrackers(view.tool, [], {}, runs, findings);
  if (view.type === "execute_command" || shell.length > 0) return;
  // A tool's own payload: its JSON (structure) and its strings (a manifest's lines), bounded.
  const json = JSON.stringify(view.calledPayload) ?? "";
  if (json.length > MAX_TEXT) return;
  const keyed = payloadStrings(view.calledPayload).slice(0, 32);
  const strings = keyed.map((entry) => entry.value);
  if (view.writePaths.length > 0) {
    // An edit's old text is what it replaces: a directive already there is not added.
    const removed = keyed.filter((entry) => REPLACED_KEY.test(entry.key)).map((entry) => entry.value).join(
      "\n",
    );
    const written = keyed.filter((entry) => !REPLACED_KEY.test(entry.key)).map((entry) => entry.value);
    judgeIgnoredGuardTests(
      view.tool,
      view.writePaths.map((path) => path.relative ?? path.absolute),
      written,
      removed,
      findings,
    );
  }
  judgeExposedAdminServices(view.tool, [], [json, ...strings], findings);
  judgeSignInPayload(view.tool, words, view.calledPayload, findings);
  judgeLocationTrackers(view.tool, words, view.calledPayload, strings, findings);
  judgeSignInTexts(view.tool, strings, findings);
  if (words.includes("cors") && opensCredentialedOrigins(json)) {
    findings.escalate("security", `"${view.tool}" lets every origin make credentialed requests (CORS)`);
  }
}
