/** Calendars and mailboxes opened to outsiders by an open-world tool's arguments (round 72): Exchange's calendar
 * processing told to process meeting messages from outside the organisation (`process_external_meeting_messages:
 * true`, often beside `automate_processing: "AutoAccept"`), tenant-wide automatic forwarding switched on
 * (`auto_forward_enabled: true` on a remote domain, `AutoForwardingMode: "On"` on the outbound spam policy), a
 * calendar set to add invitations from everyone. Each lets outside senders put events -- and the instructions an
 * agent later reads in them -- into the calendar, or lets mail leave the tenant unasked. The command forms are read by
 * `exfiltration.mail_forwarding` and the forwarding settings check. A room that auto-accepts inside bookings, or the
 * flags set false or off, pass. Sources: Microsoft Set-CalendarProcessing (ProcessExternalMeetingMessages),
 * Set-RemoteDomain (AutoForwardEnabled), the Defender outbound spam policy; SafeBreach's "Invitation Is All You Need"
 * (calendar promptware); MITRE ATT&CK T1114.003. */

import type { Findings } from "./findings.ts";

const TOOL_GATE =
  /calendar|mail|exchange|booking|room|resource|outlook|graph|tenant|domain|spam|policy|invit/i;
/** Normalised keys (lower case, letters and digits only) and whether a value opens. */
const OPENING_KEY =
  /^(?:processexternal(?:meeting)?(?:messages|requests|invitations)?|allowexternal(?:meetings?|invitations?|organizers?|senders?)|acceptexternal(?:meetings?|invitations?)|autoforward(?:ing)?(?:enabled|mode)|(?:allow)?externalautoforward(?:ing)?|autoaddinvitations?)$/;
const OPEN_VALUE = /^(?:true|on|enabled?|yes|everyone|anyone|all|automatic)$/i;

export function judgeExternalInvitations(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!TOOL_GATE.test(tool)) return;
  let seen = 0;
  const visit = (value: unknown, depth: number): string | undefined => {
    if (depth > 2 || value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    for (const [key, inner] of Object.entries(value as Record<string, unknown>).slice(0, 32)) {
      if (++seen > 64) return undefined;
      const opens = inner === true || (typeof inner === "string" && OPEN_VALUE.test(inner.trim()));
      if (opens && OPENING_KEY.test(key.toLowerCase().replace(/[^a-z0-9]/g, ""))) return key;
      const found = visit(inner, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  const key = visit(payload, 0);
  if (key) {
    findings.escalate("message", `"${tool}" opens the calendar or mailbox to outside senders ("${key}")`);
  }
}
