/** Messaging egress: who receives (known contacts, outsiders, lists, many people, the public) and what leaves
 * (sensitive data, attachments, whole threads). Credential material is left to the Tier 1 token rules. */

import type { ShieldEnvironment } from "../environment.ts";
import { globToRegExp } from "../glob.ts";
import type { Findings } from "./findings.ts";
import { sensitiveFindings } from "./sensitive_data.ts";

const LIST_ADDRESS = /^(?:all|everyone|list|lists|allhands|all-hands)@|@lists?\.|^lists?\.|\.csv$/i;
const PUBLIC_AUDIENCE = /\b(?:public|external|partners?|guests?|shared|community|everyone)\b/i;
const BRANDS =
  /(microsoft|m365|office365|outlook|teams|google|gmail|apple|icloud|paypal|amazon|aws|slack|github|zoom|okta|docusign|dropbox|netflix|bank)/;
const BRAND_DOMAINS =
  /(?:^|\.)(?:microsoft\.com|microsoftonline\.com|office\.com|live\.com|outlook\.com|teams\.microsoft\.com|google\.com|gmail\.com|apple\.com|icloud\.com|paypal\.com|amazon\.com|amazonaws\.com|slack\.com|github\.com|zoom\.us|okta\.com|docusign\.net|dropbox\.com|netflix\.com)$/;

const contactPatterns = new Map<string, RegExp[]>();

export function isContact(recipient: string, environment: ShieldEnvironment): boolean {
  if (environment.contacts.length === 0) return false;
  const key = environment.contacts.join("\n");
  let patterns = contactPatterns.get(key);
  if (!patterns) {
    patterns = environment.contacts.map((glob) => globToRegExp(glob.toLowerCase()));
    if (contactPatterns.size < 16) contactPatterns.set(key, patterns);
  }
  const address = recipient.trim().replace(/^.*<([^>]+)>.*$/, "$1").toLowerCase();
  return patterns.some((pattern) => pattern.test(address));
}

/** Hosts in links that wear a brand's name on someone else's domain (`teams-meet.acme-hr.co`). */
export function brandLookalikes(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\bhttps?:\/\/([a-z0-9.-]+)/gi)) {
    const host = match[1].toLowerCase();
    if (BRANDS.test(host) && !BRAND_DOMAINS.test(host)) found.push(host);
  }
  return found;
}

export interface MessageInput {
  tool: string;
  recipients: string[];
  /** Text that leaves: bodies, subjects, descriptions, typed text. */
  texts: string[];
  /** Files that leave with it (attachments, uploads). */
  attachments: number;
  /** Whole threads, mailboxes or "all" items forwarded. */
  wholesale: boolean;
}

export function judgeMessage(input: MessageInput, environment: ShieldEnvironment, findings: Findings): void {
  const outsiders = input.recipients.filter((recipient) => !isContact(recipient, environment));
  const joined = input.texts.join("\n");
  const allKnown = input.recipients.length > 0 && outsiders.length === 0;
  for (const finding of sensitiveFindings(joined)) {
    if (allKnown && (finding.kind === "confidential" || finding.kind === "personal data")) continue;
    findings.escalate("message", `"${input.tool}" sends ${finding.evidence}`);
  }
  for (const host of brandLookalikes(joined)) {
    findings.escalate(
      "message",
      `"${input.tool}" sends a link to "${host}", which imitates a well-known brand`,
    );
  }
  if (input.recipients.length > 10 || input.recipients.some((recipient) => LIST_ADDRESS.test(recipient))) {
    findings.escalate("message", `"${input.tool}" writes to a list or many recipients`);
  }
  if (input.attachments > 0 && !allKnown) {
    findings.escalate("message", `"${input.tool}" sends files to a recipient who is not a known contact`);
  }
  if (input.wholesale && !allKnown) {
    findings.escalate("message", `"${input.tool}" forwards whole threads or mailboxes`);
  }
  if (
    input.recipients.some((recipient) => PUBLIC_AUDIENCE.test(recipient)) &&
    sensitiveFindings(joined).length > 0
  ) {
    findings.escalate("message", `"${input.tool}" posts sensitive details where outsiders read them`);
  }
}
