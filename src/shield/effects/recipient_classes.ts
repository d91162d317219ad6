/** Who a message reaches, classed once for every kind of address (round 12): a known contact, the user's own
 * organisation, someone outside it, or unknown (a bare name or id the tool resolves). Phone numbers, chat handles,
 * free-mail mailboxes and webhook URLs are personal or anonymous endpoints no organisation stands behind, so they
 * are outside unless a contact names them; an address at another organisation is outside only when config says
 * which organisation is the user's (a `*@domain` contact or the sender's own address). */

import type { ShieldEnvironment } from "../environment.ts";
import { isContact } from "./messaging.ts";
import { isPersonalMailbox } from "./personal_mailboxes.ts";

export type RecipientClass = "contact" | "organisation" | "outside" | "unknown";

export interface ClassedRecipient {
  recipient: string;
  kind: "mailbox" | "address" | "phone" | "handle" | "webhook" | "name";
  standing: RecipientClass;
}

/** A phone number as people write it: E.164 (`+447700900123`), spaced or dashed international (`+49 151 2345...`),
 * national with a leading zero (`07700 900123`), a North American number with its separators (`(202) 555-0143`,
 * `202-555-0143`; NANP), or a WhatsApp JID (`4915123456789@c.us`, `...@s.whatsapp.net`, in any case: round 83, a
 * domain is read without case); 7 to 15 digits (ITU-T E.164). A bare run of digits stays a chat id. */
const PHONE =
  /^(?:\+|00)[1-9][\d\s().-]{6,20}$|^0[1-9][\d\s().-]{6,16}$|^\(?[2-9]\d{2}\)?[\s.-]\s?\d{3}[\s.-]\d{4}$|^\d{7,15}@(?:c\.us|s\.whatsapp\.net)$/i;
const HANDLE = /^@[\w.-]{2,64}$/;
/** A username as chat services mint them: lowercase, with digits (`markb2134`, `j_doe_88`); a capitalised name
 * (`Alice`), a channel id (`C0TEAM`) or a numeric chat id is not one. */
const USERNAME = /^(?=[a-z0-9_.-]*\d)(?=[a-z0-9_.-]*[a-z]{3})[a-z][a-z0-9_.-]{3,31}$/;
const WEBHOOK = /^https?:\/\//i;
const ADDRESS = /@([a-z0-9.-]+\.[a-z]{2,})\s*>?\s*$/i;

function digits(value: string): string {
  const number = value.replace(/@.*$/, "").replace(/[^\d+]/g, "").replace(/^00/, "+");
  return /@(?:c\.us|s\.whatsapp\.net)$/i.test(value) ? `+${number}` : number;
}

/** A phone number matches a contact spelled with other spacing (`+44 7700 900456` and `+447700900456`). */
function isPhoneContact(phone: string, environment: ShieldEnvironment): boolean {
  const number = digits(phone);
  return environment.contacts.some((contact) => PHONE.test(contact.trim()) && digits(contact) === number);
}

/** The user's organisations as config names them: the domains of `*@domain` contacts. Only config can vouch for
 * a domain; the action's own fields cannot. */
export function configuredDomains(environment: ShieldEnvironment): Set<string> {
  const domains = new Set<string>();
  for (const contact of environment.contacts) {
    const match = /^\*@([a-z0-9.-]+\.[a-z]{2,})$/i.exec(contact.trim());
    if (match) domains.add(match[1].toLowerCase());
  }
  return domains;
}

/** The user's organisations for classing recipients: config's `*@domain` contacts; without any, the domains of the
 * sender's own addresses. A sender is the agent's word, so it never overrides config (`from: me@drop.example` must
 * not make `drop.example` a colleague's domain once config says which is the user's); without config it can only
 * turn other organisations' addresses from unknown into outside, and its own domain's from unknown into colleague,
 * which config-less judgement did not escalate anyway. */
export function ownDomains(environment: ShieldEnvironment, senders: readonly string[]): Set<string> {
  const domains = configuredDomains(environment);
  if (domains.size > 0) return domains;
  for (const sender of senders) {
    const domain = ADDRESS.exec(sender)?.[1];
    if (domain) domains.add(domain.toLowerCase());
  }
  return domains;
}

export function classRecipient(
  recipient: string,
  environment: ShieldEnvironment,
  organisations: ReadonlySet<string>,
): ClassedRecipient {
  const value = recipient.trim();
  const known = isContact(value, environment) || isContact(value.replace(/^@/, ""), environment);
  if (PHONE.test(value)) {
    const standing = known || isPhoneContact(value, environment) ? "contact" : "outside";
    return { recipient: value, kind: "phone", standing };
  }
  if (HANDLE.test(value) || USERNAME.test(value)) {
    return { recipient: value, kind: "handle", standing: known ? "contact" : "outside" };
  }
  if (WEBHOOK.test(value)) {
    return { recipient: value, kind: "webhook", standing: known ? "contact" : "outside" };
  }
  const domain = ADDRESS.exec(value)?.[1]?.toLowerCase();
  if (domain === undefined) {
    return { recipient: value, kind: "name", standing: known ? "contact" : "unknown" };
  }
  if (known) return { recipient: value, kind: "address", standing: "contact" };
  if (isPersonalMailbox(value)) return { recipient: value, kind: "mailbox", standing: "outside" };
  if ([...organisations].some((own) => domain === own || domain.endsWith(`.${own}`))) {
    return { recipient: value, kind: "address", standing: "organisation" };
  }
  return { recipient: value, kind: "address", standing: organisations.size > 0 ? "outside" : "unknown" };
}

/** Keys that name who receives, in the vocabularies the open-world reader does not list (`to_phone_numbers`,
 * `username`, `handle`, `phone_numbers`, `recipient_phone`). */
const RECIPIENT_KEY =
  /^(?:to|recipients?|(?:to_|recipient_)?phone(?:_numbers?|s)?|(?:to_)?numbers?|handles?|usernames?|user_?names?|users?|chat_?id|to_phone_numbers|mobile|msisdn|whatsapp|webhook(?:_url)?|receivers?|target|address(?:es)?|chat)$/i;

/** Recipient-like strings of the payload's top level (bounded). */
export function payloadRecipients(payload: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (!RECIPIENT_KEY.test(key)) continue;
    const items = Array.isArray(value) ? value.slice(0, 32) : [value];
    for (const item of items) {
      if (typeof item === "string" && item.length <= 320) found.push(...item.split(/[,;]\s*/));
    }
  }
  return found.map((item) => item.trim()).filter(Boolean);
}
