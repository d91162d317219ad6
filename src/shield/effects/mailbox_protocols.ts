/** A whole mailbox opened to outside mail clients (round 77): POP or IMAP switched on for a mailbox (Gmail's
 * `updatePop {accessWindow: "allMail"}`, `updateImap {enabled: true}`, GAM's `imap on`/`pop on`, Exchange's
 * `Set-CASMailbox -PopEnabled $true -ImapEnabled $true`, ActiveSync, EWS or MAPI set on by a CAS tool), and SMTP
 * client authentication switched back on for the tenant (`Set-TransportConfig -SmtpClientAuthenticationDisabled
 * $false`). Any client holding the password (or an app password) then downloads every message, outside the tenant's
 * sign-in policies and logs: the mailbox is one setting away from a copy elsewhere (MITRE ATT&CK T1114.002). ESCALATE.
 * Delegates and full-access grants were already read.
 *
 * What passes: the protocols switched off (`accessWindow: "disabled"`, `-PopEnabled $false`, `enabled: false`),
 * reads of the settings (`getPop`, `Get-CASMailbox`). Sources: Gmail API users.settings.updatePop/updateImap;
 * GAM(ADV-XTD3) user settings; Exchange Online PowerShell Set-CASMailbox and Set-TransportConfig; Microsoft's
 * guidance on disabling POP, IMAP and SMTP AUTH. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

export const CAS_ON = gated(
  /\bset-casmailbox(?:plan)?\b[^\n]{0,400}?-(?:pop|imap|activesync|ews|mapi)enabled(?::|\s+)\$?true\b|\bset-transportconfig\b[^\n]{0,300}?-smtpclientauthenticationdisabled(?::|\s+)\$?false\b/i,
);
export const GAM_ON = gated(/\bgam\b[^\n]{0,200}?\b(?:imap|pop)\s+(?:on|true|enable)\b/i);

export function judgeMailboxProtocolTexts(texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 12)) {
    if (text.length > 64 * 1024) continue;
    if (CAS_ON.test(text) || GAM_ON.test(text)) {
      findings.escalate(
        "read",
        "opens a whole mailbox to outside mail clients (POP, IMAP or the like switched on)",
      );
      return;
    }
  }
}

const TOOL_GATE = /pop|imap|cas_?mailbox|casmailbox|activesync|mail_?protocol|smtp_?auth|mailbox_?access/i;
const PROTOCOL_KEY = /^(?:pop|imap|activesync|ews|mapi|smtp_?client_?auth\w*)_?enabled$/i;

/** `gmail_settings_update_pop {accessWindow: "allMail"}`, `gmail_update_imap {enabled: true}`,
 * `exchange_set_cas_mailbox {imapEnabled: true}` (two levels). */
export function judgeMailboxProtocolCall(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!TOOL_GATE.test(tool)) return;
  const named = /pop|imap/i.test(tool) && !/get|read|list|describe/i.test(tool);
  let found: string | undefined;
  const visit = (value: unknown, depth: number): void => {
    if (found || depth > 1 || value === null || typeof value !== "object" || Array.isArray(value)) return;
    for (const [key, inner] of Object.entries(value as Record<string, unknown>).slice(0, 32)) {
      const on = inner === true || (typeof inner === "string" && /^(?:true|on|enabled?)$/i.test(inner));
      if (
        /^access_?window$/i.test(key) && typeof inner === "string" && /^(?:allmail|fromnowon)$/i.test(inner)
      ) {
        found = `${key}: ${inner}`;
      } else if (on && (PROTOCOL_KEY.test(key) || (named && /^enabled?$/i.test(key)))) {
        found = `${key}: ${inner}`;
      } else visit(inner, depth + 1);
      if (found) return;
    }
  };
  visit(payload, 0);
  if (found) {
    findings.escalate(
      "read",
      `"${tool}" opens a whole mailbox to outside mail clients (${found.slice(0, 40)})`,
    );
  }
}
