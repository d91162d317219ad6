/** Texts and calls to premium-rate numbers (round 49): every message to one is billed to the sender at the number
 * owner's rate, the toll fraud of SMS malware and "reply STOP" scams (MITRE ATT&CK for Mobile T1448 Carrier Billing
 * Fraud; FTC and Ofcom on premium-rate scams). A recipient in a national premium-rate range asks: North America's
 * 900 and 976, the UK's 09, Germany's 0900 and 0137, France's 089, Australia's 1900, Spain's 803-807 and 905-907,
 * Italy's 89, the Netherlands' 0900/0906/0909. Toll-free numbers (800, 0800, 1800) and ordinary mobiles pass.
 * Sources: ITU-T E.164 national numbering plans, NANPA (900 and 976 service codes), Ofcom numbering. */

import type { Findings } from "./findings.ts";

/** Premium-rate ranges by country code, on the digits of an international number (no `+`). */
const PREMIUM = /^(?:1(?:900|976)|449|49(?:900|137)|3389|6119|34(?:80[3-7]|90[5-7])|3989|31(?:900|906|909))/;

/** The digits of a phone number written internationally (`+1 (900) 555-0111`, `0044 9...`), else undefined. */
function internationalDigits(recipient: string): string | undefined {
  const trimmed = recipient.trim();
  if (!/^(?:\+|00)[1-9][\d\s().-]{6,20}$/.test(trimmed)) return undefined;
  return trimmed.replace(/^00/, "").replace(/\D/g, "");
}

export function judgePremiumNumbers(tool: string, recipients: readonly string[], findings: Findings): void {
  const premium = recipients.find((recipient) => PREMIUM.test(internationalDigits(recipient) ?? ""));
  if (premium === undefined) return;
  findings.escalate(
    "message",
    `"${tool}" reaches "${premium.slice(0, 32)}", a premium-rate number billed to the sender`,
  );
}
