/** Hosts that carry a well-known service's whole domain inside someone else's domain
 * (`login-microsoftonline.com.auth-check.io`, `paypal.com-secure.info`, `www.apple.com.id-verify.net`): the
 * address bar shows the brand's domain first, the registered domain is the attacker's. Country suffixes of the
 * brand itself (`google.com.au`, `amazon.co.uk`) are the brand's. */

import type { Findings } from "./findings.ts";
import type { HostReading } from "./hosts.ts";

const BRAND_IN_HOST =
  /(?:^|[.-])(microsoft|microsoftonline|office365|office|outlook|live|google|gmail|apple|icloud|paypal|amazon|amazonaws|slack|github|zoom|okta|docusign|dropbox|netflix|discord|whatsapp|telegram|facebook|instagram|linkedin|coinbase|binance|metamask|stripe|adobe|chase|wellsfargo|bankofamerica)\.(com|net|org|io|us)[.-](.+)$/;
const OWN_SUFFIX = /^(?:[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

/** The brand domain a host disguises itself as, if any. */
export function disguisedBrand(host: string): string | undefined {
  const match = BRAND_IN_HOST.exec(host.toLowerCase());
  if (!match) return undefined;
  if (OWN_SUFFIX.test(match[3])) return undefined;
  return `${match[1]}.${match[2]}`;
}

export function judgeHostDisguises(tool: string, hosts: readonly HostReading[], findings: Findings): void {
  for (const host of hosts) {
    if (host.allowed || host.loopback) continue;
    const brand = disguisedBrand(host.host);
    if (brand) {
      findings.escalate(
        "network",
        `"${tool}" goes to "${host.host}", which wears "${brand}" inside another domain`,
      );
      return;
    }
  }
}
