/** A meeting's protections loosened (round 15): the waiting room or lobby opened, join-before-host switched on,
 * authentication or the passcode dropped, everyone made a presenter -- or a host's powers handed to an outside
 * address (alternative host, co-host, co-organiser); round 88 adds Google Meet's `accessType: OPEN`, Webex's
 * `unlockedMeetingJoinSecurity: allowJoin` and any-user co-hosts, and anonymous join switched on. Each is the setting teleconference hijacking needs, set through
 * an update tool whose verb is ordinary. Sources: FBI Boston, warning on teleconference hijacking (2020); Zoom docs,
 * waiting room and alternative hosts; Microsoft Teams docs, meeting lobby and presenters. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";
import { isContact } from "./messaging.ts";
import { payloadScalars } from "./payload_strings.ts";

const MEETING =
  /^(?:meetings?|meets|webinars?|conferences?|zoom|teams|webex|meet|gotomeeting|calls?|rooms?|events?|calendar)$/;
/** Settings (spelled without separators, lower case) and the value that loosens each. */
const LOOSENED: ReadonlyArray<[RegExp, (value: string | number | boolean) => boolean]> = [
  [/^(?:waitingroom|lobby|enablelobby|usewaitingroom)$/, (value) => value === false],
  [
    /^(?:joinbeforehost|enabledjoinbeforehost|allowjoinbeforehost|enableanyonejoinbeforehost)$/,
    (v) => v === true,
  ],
  [
    /^(?:meetingauthentication|requireauthentication|authenticationrequired|passcoderequired|passwordrequired|requirepassword|e2ee|encryption|endtoendencryption)$/,
    (v) => v === false,
  ],
  [/^(?:password|passcode|meetingpassword)$/, (value) => value === ""],
  [
    /^(?:scope|lobbybypassscope|allowedpresenters|whocanpresent|autoadmit|autoadmittedusers)$/,
    (value) => typeof value === "string" && /^(?:everyone|anyone|all|public)$/i.test(value),
  ],
  // Round 88: Google Meet's space open to anyone with the link, Webex's unlocked meeting joined without the lobby,
  // any attendee made co-host, anonymous users let in.
  [
    /^(?:accesstype|spaceaccesstype|meetingaccesstype)$/,
    (value) => typeof value === "string" && /^open$/i.test(value),
  ],
  [/^(?:unlockedmeetingjoinsecurity)$/, (value) => typeof value === "string" && /^allowjoin$/i.test(value)],
  [
    /^(?:allowanyusertobecohost|allowanonymoususerstojoinmeeting|allowanonymousjoin|anonymousjoin|allowanonymoususers)$/,
    (value) => value === true,
  ],
  [/^(?:disableanonymousjoin)$/, (value) => value === false],
];
const HOST_KEY = /^(?:alternativehosts?|cohosts?|coorganizers?|coorganisers?|alternatehosts?|hosts?)$/;
const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

export function judgeMeetingProtections(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!words.words.some((word) => MEETING.test(word))) return;
  for (const { key, value } of payloadScalars(payload)) {
    const setting = key.replace(/[_\s-]/g, "").toLowerCase();
    if (LOOSENED.some(([name, loosens]) => name.test(setting) && loosens(value))) {
      findings.escalate(
        "security",
        `"${tool}" loosens a meeting's protection ("${key}": ${JSON.stringify(value)})`,
      );
      return;
    }
    if (typeof value !== "string" || !HOST_KEY.test(setting)) continue;
    const outsider = (value.match(ADDRESS) ?? []).find((address) => !isContact(address, environment));
    if (outsider) {
      findings.escalate("access", `"${tool}" hands host powers to "${outsider}", who is not a known contact`);
      return;
    }
  }
}
