/** Recipients at a domain that imitates the sender's own or another recipient's (`acme.com` -> `acrne.com`,
 * `acme.co`, `acme-corp.com`): the business e-mail compromise shape of a reply or invoice sent to an impostor. */

import type { Findings } from "./findings.ts";
import { editDistance } from "./package_lookalikes.ts";

/** Letters drawn alike: folded before comparing (`rn` looks like `m`, `vv` like `w`, `0` like `o`). */
function folded(label: string): string {
  return label.replace(/rn/g, "m").replace(/vv/g, "w").replace(/0/g, "o").replace(/[1l|]/g, "i")
    .replace(/5/g, "s");
}

function domainOf(address: string): string | undefined {
  return /@([a-z0-9.-]+\.[a-z]{2,})\s*>?\s*$/i.exec(address.trim())?.[1]?.toLowerCase();
}

/** The registrable label of a domain (`mail.acme.co.uk` -> `acme`) and the rest after it. */
function labelOf(domain: string): { label: string; suffix: string } {
  const parts = domain.split(".");
  const short = parts.length >= 3 && parts[parts.length - 2].length <= 3 &&
    parts[parts.length - 1].length === 2;
  const index = parts.length - (short ? 3 : 2);
  return { label: parts[Math.max(0, index)], suffix: parts.slice(Math.max(0, index) + 1).join(".") };
}

/** Whether `candidate` imitates `genuine` (different domains, one made to pass for the other). */
export function imitatesDomain(candidate: string, genuine: string): boolean {
  if (candidate === genuine || candidate.endsWith(`.${genuine}`) || genuine.endsWith(`.${candidate}`)) {
    return false;
  }
  const fake = labelOf(candidate);
  const real = labelOf(genuine);
  if (real.label.length < 4) return false;
  if (fake.label === real.label) return fake.suffix !== real.suffix;
  const a = folded(fake.label);
  const b = folded(real.label);
  if (a === b) return true;
  if (fake.suffix === real.suffix && a.startsWith(`${b}-`) && a.length - b.length <= 6) return true;
  const limit = b.length >= 8 ? 2 : 1;
  return fake.suffix === real.suffix && editDistance(a, b, limit) <= limit;
}

/** Escalates a message whose recipients include a domain imitating the sender's or another recipient's. */
export function judgeLookalikeRecipients(
  tool: string,
  senders: string[],
  recipients: string[],
  findings: Findings,
): void {
  if (recipients.length === 0 || recipients.length > 64) return;
  const recipientDomains = [...new Set(recipients.map(domainOf).filter((domain) => domain !== undefined))];
  const genuine = [
    ...new Set([...senders.map(domainOf).filter((domain) => domain !== undefined), ...recipientDomains]),
  ];
  if (genuine.length < 2) return;
  for (const candidate of recipientDomains) {
    const original = genuine.find((domain) => imitatesDomain(candidate, domain));
    if (original === undefined) continue;
    findings.escalate("message", `"${tool}" writes to "${candidate}", which imitates "${original}"`);
    return;
  }
}
