/** A mail server or mailbox set to copy or redirect mail to an outside address (round 82): the server-side forms of
 * the forwarding rule, which no inbox shows and every message passes through.
 *
 * Read: Postfix `always_bcc = addr`, `sender_bcc_maps`/`recipient_bcc_maps` (an `inline:{ ... }` map or a map file
 * written in the same action), `virtual_alias_maps` and the map files `/etc/postfix/virtual`, `sender_bcc`,
 * `recipient_bcc` whose entry sends a domain's address to an address of another domain; an Exim filter's `unseen
 * deliver addr` (or `deliver`); a Sieve `redirect` (with or without `:copy`) in a user's or Dovecot's global script;
 * a procmail recipe forwarding with `! addr`; a Google Workspace routing or compliance rule that adds recipients
 * (`add_more_recipients`, `bcc`, `journal` with an address). Exchange's transport and journal rules are
 * `admin_cmdlets.ts`'s (`-BlindCopyTo`, `-RedirectMessageTo`, `-JournalEmailAddress`).
 *
 * Outside: an address with a domain that is not local (`localhost`, a bare mailbox name, `.local`, `.lan`,
 * `.internal`, `$mydomain`) and, in a map entry, not the domain of the entry's own address (`info@corp.example
 * alice@corp.example` passes; `@corp.example copies@vault.example` does not). What passes: `postconf -e
 * 'message_size_limit = ...'`, `postconf -n` (a read), `always_bcc = archive@localhost` (a copy kept on the same
 * server), Sieve `fileinto` and `discard`.
 *
 * Sources: Postfix BCC_README, postconf(5) and virtual(5); the Exim Specification, "Exim filter files"; RFC 5228
 * (Sieve redirect) and RFC 3894 (`:copy`); Dovecot Pigeonhole `sieve_before`; procmailrc(5); Google Workspace Admin
 * Help, "Routing" and "Content compliance" (Add more recipients); MITRE ATT&CK T1114.003 (email forwarding rule). */

import type { Findings } from "./findings.ts";
import { payloadStrings } from "./payload_strings.ts";

const MAX_TEXT = 32 * 1024;

/** Cheap literal gate: one of these appears in every text the readings below can match. */
export const MAIL_COPY_HINT =
  /always_bcc|_bcc_maps|virtual_alias|\/etc\/postfix\/|deliver\s|redirect\s|procmail|^\s*!\s*\S+@|add_more_recipients|routing|compliance|journal|bcc/im;
const ADDRESS = /(?<![\w.%+-])[\w.%+-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)*)/gi;
const LOCAL_DOMAIN =
  /^(?:localhost|localdomain)$|\.(?:local|localdomain|lan|internal|home\.arpa|localhost)$/i;

/** Postfix settings that copy every message. */
const ALWAYS_BCC = /\balways_bcc\s*=\s*([^\s'"]+)/i;
/** A map setting or map file that can send an address elsewhere. */
const POSTFIX_MAP = /_bcc_maps|virtual_alias_maps|\/etc\/postfix\/\S*(?:bcc|virtual|alias)/i;
/** A map entry: a key address or `@domain`, then targets, on a line or inside an inline map. */
const MAP_ENTRY = /(?:^|[\s'"{,])([\w.%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*=?\s+([^\n'"{}]*@[^\n'"{}]*)/gim;
/** Filter and script forms that send a copy on. */
const FILTER_SEND =
  /\b(?:unseen\s+deliver|deliver)\s+"?([\w.%+-]+@[\w.-]+)|\bredirect\s+(?::copy\s+)?"([^"]+@[^"]+)"|^\s*!\s*([\w.%+-]+@[\w.-]+)/gim;
/** Tool and setting words of a mail routing or compliance rule that adds recipients. */
const ROUTING_TOOL =
  /routing_?rule|compliance_?rule|journal_?rule|transport_?rule|mail_?flow|(?:mail|admin|workspace|gsuite|exchange)\w*(?:routing|compliance|journal)/i;
/** A filter or script the sends above belong to (an Exim filter, a Sieve script, a procmail recipe). */
const FILTER_CONTEXT = /exim filter|unseen|require|sieve|^\s*:0|procmail|\.forward|;\s*}?\s*$/im;
const ADDS_RECIPIENTS =
  /add_more_recipients|add_recipients|bcc|journal|copy_to|envelope_recipient|also_deliver/i;

function outside(domain: string, own?: string): boolean {
  const lower = domain.toLowerCase();
  if (!lower.includes(".") || LOCAL_DOMAIN.test(lower)) return false;
  return own === undefined || lower !== own.toLowerCase() && !lower.endsWith(`.${own.toLowerCase()}`);
}

function outsideAddresses(text: string, own?: string): string | undefined {
  for (const match of text.matchAll(ADDRESS)) {
    if (outside(match[1], own)) return match[0];
  }
  return undefined;
}

/** The outside address a server or mailbox setting copies or redirects mail to, or undefined. */
export function copiedOutTo(text: string): string | undefined {
  const bounded = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  const always = ALWAYS_BCC.exec(bounded);
  if (always) {
    const address = outsideAddresses(always[1]);
    if (address) return address;
  }
  if (POSTFIX_MAP.test(bounded)) {
    for (const match of bounded.matchAll(MAP_ENTRY)) {
      const own = match[1].split("@")[1];
      const address = outsideAddresses(match[2], own);
      if (address) return address;
    }
  }
  if (!FILTER_CONTEXT.test(bounded)) return undefined;
  for (const match of bounded.matchAll(FILTER_SEND)) {
    const address = match[1] ?? match[2] ?? match[3];
    const domain = address.split("@")[1] ?? "";
    if (outside(domain.replace(/[^\w.-]+$/, ""))) return address;
  }
  return undefined;
}

export function judgeMailCopies(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  const strings = payloadStrings(payload);
  if (strings.length === 0) return;
  const hinted = strings.filter(({ value }) => value.length >= 8 && MAIL_COPY_HINT.test(value));
  const routing = ROUTING_TOOL.test(tool);
  if (hinted.length === 0 && !routing) return;
  for (const { value } of hinted.slice(0, 8)) {
    const address = copiedOutTo(value);
    if (address) {
      findings.escalate("message", `"${tool}" sets mail to be copied or redirected to "${address}", outside`);
      return;
    }
  }
  // A routing or compliance rule given as arguments: an action that adds recipients and an outside address.
  if (routing && strings.some(({ key, value }) => ADDS_RECIPIENTS.test(key) || ADDS_RECIPIENTS.test(value))) {
    for (const { value } of strings.slice(0, 64)) {
      const address = value.length <= 320 ? outsideAddresses(value) : undefined;
      if (address) {
        findings.escalate("message", `"${tool}" adds "${address}" to mail routed through the domain`);
        return;
      }
    }
  }
}
