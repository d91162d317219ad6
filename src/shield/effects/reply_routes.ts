/** Replies routed to a lookalike of the recipients' own organisation: a `reply_to` on `acme-payables.example`
 * for mail to `ap@acme.com` sends every answer (remittance details, approvals) to whoever holds the lookalike
 * (business e-mail compromise). A reply address at a free-mail provider that is not a contact does the same (round
 * 14: `reply_to: finance.desk.acme@gmail.com`). A reply address at the recipients' or sender's own domain passes. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { isContact } from "./messaging.ts";
import { editDistance } from "./package_lookalikes.ts";
import { isPersonalMailbox } from "./personal_mailboxes.ts";

const REPLY_KEY = /^(?:reply_?to|reply-to|replyto|reply_?to_?address(?:es)?)$/i;

function domainOf(address: string): string | undefined {
  return /@([\w.-]+)\s*>?\s*$/.exec(address)?.[1]?.toLowerCase();
}

function replyAddresses(payload: Record<string, unknown>): string[] {
  const found: string[] = [];
  const visit = (key: string, value: unknown, depth: number) => {
    if (depth > 3 || found.length > 8) return;
    if (typeof value === "string" && REPLY_KEY.test(key)) found.push(...value.split(/[,;]\s*/));
    else if (Array.isArray(value)) value.slice(0, 16).forEach((item) => visit(key, item, depth + 1));
    else if (value && typeof value === "object") {
      for (const [inner, item] of Object.entries(value).slice(0, 32)) {
        visit(REPLY_KEY.test(key) ? key : inner, item, depth + 1);
      }
    }
  };
  for (const [key, value] of Object.entries(payload).slice(0, 64)) visit(key, value, 0);
  return found.map((address) => address.trim()).filter(Boolean);
}

/** Whether `domain` imitates `own`: its first label holds the other's, or is one or two edits from it. */
function imitates(domain: string, own: string): boolean {
  const name = domain.split(".")[0];
  const ownName = own.split(".")[0];
  if (name === ownName || ownName.length < 3) return false;
  return name.includes(ownName) || (ownName.length >= 5 && editDistance(name, ownName, 2) <= 2);
}

export function judgeReplyRoute(
  tool: string,
  payload: Record<string, unknown>,
  recipients: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const replies = replyAddresses(payload);
  if (replies.length === 0) return;
  const own = new Set(
    [...recipients, ...[payload.from, payload.sender].filter((value) => typeof value === "string")]
      .map((address) => domainOf(String(address))).filter((domain): domain is string => domain !== undefined),
  );
  for (const reply of replies) {
    const domain = domainOf(reply);
    if (!domain || own.has(domain) || isContact(reply, environment)) continue;
    if (isPersonalMailbox(reply)) {
      findings.escalate(
        "message",
        `"${tool}" routes replies to "${reply}", a personal mailbox that is not a contact`,
      );
      return;
    }
    if ([...own].some((ownDomain) => imitates(domain, ownDomain))) {
      findings.escalate(
        "message",
        `"${tool}" routes replies to "${reply}", a lookalike of the recipients' domain`,
      );
      return;
    }
  }
}
