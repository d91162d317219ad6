/** Messages sent in the name of an executive or a trusted function (`from: ceo@acme.com`, `send_as:
 * payroll@...`): the CEO-fraud and fake-IT shape of business e-mail compromise. A sender field naming a person's own
 * address passes; Shield does not know whose mailbox the user has, so only role addresses are judged. */

import type { Findings } from "./findings.ts";

const SENDER_KEYS =
  /^(?:from|sender|from_address|from_email|send_as|sendas|send_as_email|sendasemail|reply_as|on_behalf_of|display_from)$/i;
const ROLE_MAILBOX =
  /^(?:ceo|cfo|coo|cto|ciso|president|chairman|founder|owner|director|finance|accounting|accounts|payroll|billing|treasury|hr|it|helpdesk|it-?support|security|admin|administrator|legal|compliance|bank|support)(?:[._-]office)?@/i;

export function senders(payload: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(payload).slice(0, 64)) {
    if (!SENDER_KEYS.test(key)) continue;
    if (typeof value === "string") found.push(value);
    else if (value && typeof value === "object") {
      const inner = (value as Record<string, unknown>).address ?? (value as Record<string, unknown>).email ??
        ((value as Record<string, unknown>).emailAddress as Record<string, unknown> | undefined)?.address;
      if (typeof inner === "string") found.push(inner);
    }
  }
  return found;
}

export function judgeSenderRoles(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  for (const sender of senders(payload)) {
    const address = sender.trim().replace(/^.*<([^>]+)>.*$/, "$1");
    if (ROLE_MAILBOX.test(address)) {
      findings.escalate("message", `"${tool}" sends in the name of "${address.slice(0, 60)}"`);
      return;
    }
  }
}
