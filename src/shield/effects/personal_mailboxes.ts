/** Messages and invitations to personal mailboxes at free-mail providers (`mark.black-2134@gmail.com`) that are
 * not known contacts: an address no organisation stands behind, where injected orders send the user's data. A
 * colleague's work address passes; a contact in config, or an "allow from now on" answer, stops the prompt; so does
 * (round 67) an everyday note to a named person with no attachment, link or record (`everyday_notes.ts`). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { isContact } from "./messaging.ts";

const FREE_MAIL =
  /@(?:gmail|googlemail|outlook|hotmail|live|msn|yahoo|ymail|aol|icloud|me|mac|proton|protonmail|pm|gmx|web|mail|email|mailbox|posteo|runbox|hey|duck|simplelogin|anonaddy|startmail|yandex|zoho|tutanota|tuta|fastmail|hushmail|mailfence|qq|163|126|rediffmail|inbox|seznam|libero|laposte|orange|wanadoo|t-online|freenet|rambler|ukr|naver|daum|hanmail|bigpond|btinternet|sky|virginmedia|comcast|verizon|att|sbcglobal|earthlink|disroot|riseup|guerrillamail|mailinator|temp-mail|tempmail|10minutemail|sharklasers|yopmail)\.[a-z]{2,3}(?:\.[a-z]{2})?\s*>?\s*$/i;

/** An address at a free-mail provider. */
export function isPersonalMailbox(address: string): boolean {
  return address.includes("@") && FREE_MAIL.test(address);
}

export function judgePersonalMailboxes(
  tool: string,
  recipients: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const recipient of recipients.slice(0, 64)) {
    if (!recipient.includes("@") || !FREE_MAIL.test(recipient) || isContact(recipient, environment)) continue;
    findings.escalate(
      "message",
      `"${tool}" writes to "${recipient.slice(0, 80)}", a personal mailbox that is not a known contact`,
    );
    return;
  }
}
