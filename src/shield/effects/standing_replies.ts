/** Automatic replies that send everyone who writes somewhere else (`set_auto_reply {message: "... email me at
 * j.doe.private@proton.me"}`): a standing message to every sender, so a personal mailbox that is not a known
 * contact, a phone number or a link to a host that is not allowed in its text reroutes the user's correspondents
 * (AgentDojo-style injected out-of-office replies; BEC "new contact details" notices). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { isContact } from "./messaging.ts";
import { isPersonalMailbox } from "./personal_mailboxes.ts";
import { readHost } from "./hosts.ts";

const REPLY_WORDS = /^(?:reply|replies|responder|autoreply|autoresponder|vacation|away|ooo|outofoffice)$/;
const AUTO_WORDS = /^(?:auto|automatic|vacation|responder|autoreply|autoresponder|away|ooo|outofoffice)$/;
const ADDRESS = /[^\s@<>()"'`,;:]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;
const PHONE = /(?:^|[\s(:])\+\d[\d ()-]{7,}\d/;
const LINK = /\b(?:https?:\/\/|www\.)[^\s"'<>)]+/gi;
/** Money, approval and access words an away notice has no business telling every sender (round 67). */
const STANDING_ORDER =
  /\b(?:remittance|iban|swift|sort code|routing number|bank (?:details|account)|new account|account (?:number|details)|wire|payments? (?:to|go|should)|pay (?:to|into)|approve|approval|sign[ -]off|sign off on|authori[sz]e|without (?:review|checking|approval)|door code|alarm code|gate code|access code|passcode|password|spare key|key is)\b/i;

/** What a standing reply's text routes senders to, if it is somewhere the user has not vouched for. */
function reroute(text: string, environment: ShieldEnvironment): string | undefined {
  for (const address of text.match(ADDRESS) ?? []) {
    if (isPersonalMailbox(address) && !isContact(address, environment)) return address;
  }
  const phone = PHONE.exec(text);
  if (phone) return phone[0].trim();
  for (const link of text.match(LINK) ?? []) {
    const host = readHost(link, environment);
    if (host && !host.allowed && !host.loopback) return host.host;
  }
  return undefined;
}

/** A tool whose name sets an automatic reply (`set_auto_reply`, `update_vacation_responder`). */
export function setsAutomaticReply(words: readonly string[]): boolean {
  if (words.some((word) => REPLY_WORDS.test(word)) && words.some((word) => AUTO_WORDS.test(word))) {
    return true;
  }
  // Round 67: "out of office" spelled as three words (`set_out_of_office`, `outlook_out_of_office_update`).
  const office = words.indexOf("office");
  return office >= 2 && words[office - 1] === "of" && words[office - 2] === "out";
}

export function judgeStandingReplies(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const text = texts.join("\n");
  if (text.length > 16 * 1024) return;
  // Round 67: what an automatic reply tells every sender about money, approvals or access is a standing order, the
  // BEC auto-reply's shape ("remittance now goes to account ...", "sign off any order from Kai without checking").
  const order = STANDING_ORDER.exec(text);
  if (order) {
    findings.escalate(
      "persistence",
      `"${tool}" sets an automatic reply that tells every sender "${order[0]}"`,
    );
  }
  const route = reroute(text, environment);
  if (route) {
    findings.escalate(
      "persistence",
      `"${tool}" sets an automatic reply that sends everyone who writes to "${route}"`,
    );
  }
}
