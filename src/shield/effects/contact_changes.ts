/** Existing contacts, payees and vendors changed to a new address, number or account (`update_contact
 * {contact_id, email: ...}`): later mail or payments to a trusted name go to whoever set it (BEC vendor fraud).
 * Adding a new contact is left to the mailbox checks. */

import type { Findings } from "./findings.ts";

const RECORD_WORDS =
  /^(?:contact|contacts|payee|payees|vendor|vendors|beneficiary|beneficiaries|supplier|suppliers|recipient|recipients|customer)$/;
const CHANGE_WORDS = /^(?:update|edit|change|set|modify|patch|replace|upsert)$/;
const ROUTE_KEYS =
  /^(?:e-?mail\w*|phone\w*|mobile|iban|account\w*|routing\w*|swift|bic|bank\w*|address|remit\w*|payment\w*|wallet)$/i;

export function judgeContactChanges(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!words.some((word) => RECORD_WORDS.test(word)) || !words.some((word) => CHANGE_WORDS.test(word))) {
    return;
  }
  const changed = Object.entries(payload).slice(0, 32).find(([key, value]) =>
    ROUTE_KEYS.test(key) && typeof value === "string" && value.trim() !== ""
  );
  if (changed) {
    findings.escalate(
      "money",
      `"${tool}" changes where an existing contact's mail or payments go ("${changed[0]}")`,
    );
  }
}
