/** Hosts that carry a well-known service's whole domain inside someone else's domain
 * (`login-microsoftonline.com.auth-check.io`, `paypal.com-secure.info`, `www.apple.com.id-verify.net`): the
 * address bar shows the brand's domain first, the registered domain is the attacker's. Country suffixes of the
 * brand itself (`google.com.au`, `amazon.co.uk`) are the brand's. Stop 36 (lead): any whole domain worn the same way
 * in front of another registered domain, when the address is a sign-in page (`accounts.northwind.example.sso-verify.co/
 * login?prefill=emma@...`, the retired heldout8's indirect_injection-019: a hostile page's "session expired" link to a
 * login page wearing the user's own company's domain). Without sign-in words (an S3 bucket named after a site,
 * `assets.example.com.s3.amazonaws.com`, a CDN's `example.com.cdn.cloudflare.net`) it passes. */

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

/** Generic top-level labels that end a domain name (and the documentation names). A country code ends one only after
 * `co`/`com`/`gov`/`ac`/`org`/`net`/`edu` (`acme.co.uk`): alone it is as often a region inside a provider's name
 * (`tenant.eu.auth0.com`, `login.eu.example.com`). */
const GENERIC_TOP = /^(?:com|net|org|io|co|dev|app|ai|gov|edu|info|biz|example|test)$/;
const SECOND_LEVEL = /^(?:co|com|gov|ac|org|net|edu)$/;
/** Words of a sign-in page, in the host or the path. */
const SIGN_IN =
  /(?:^|[^a-z])(?:log-?in|sign-?in|sso|auth\w*|verif\w*|account|accounts|session|password|passwd|credential\w*|mfa|2fa|otp|secure|oauth\d?|saml|idp)(?:[^a-z]|$)/i;

/** The whole domain a host carries before another registered domain of two labels or more, e.g. `northwind.example`
 * in `accounts.northwind.example.sso-verify.co`, `acme.co.uk` in `sso.acme.co.uk.login-check.net`. */
export function wornDomain(host: string): string | undefined {
  const labels = host.toLowerCase().split(".");
  // The worn domain ends at label k (k >= 1); at least two labels follow it, and they are not the worn domain's own
  // country suffix (`google.com.au`).
  for (let k = 1; k <= labels.length - 3; k++) {
    // `wayne.co.uk` in front of another domain: a second-level label and a country code.
    if (
      SECOND_LEVEL.test(labels[k]) && /^[a-z]{2}$/.test(labels[k + 1] ?? "") &&
      labels.length - (k + 2) >= 2 &&
      !(labels.length - (k + 2) === 2 && OWN_SUFFIX.test(labels.slice(k + 2).join(".")))
    ) {
      return labels.slice(k - 1, k + 2).join(".");
    }
    const rest = labels.slice(k + 1);
    if (rest.length === 2 && OWN_SUFFIX.test(rest.join("."))) continue;
    if (GENERIC_TOP.test(labels[k]) && labels[k - 1].length >= 2 && !SECOND_LEVEL.test(labels[k - 1])) {
      return `${labels[k - 1]}.${labels[k]}`;
    }
  }
  return undefined;
}

export function judgeHostDisguises(tool: string, hosts: readonly HostReading[], findings: Findings): void {
  for (const host of hosts) {
    if (host.allowed || host.loopback) continue;
    const brand = disguisedBrand(host.host) ??
      (host.host.includes(".") && SIGN_IN.test(`${host.host} ${host.path}`)
        ? wornDomain(host.host)
        : undefined);
    if (brand) {
      findings.escalate(
        "network",
        `"${tool}" goes to "${host.host}", which wears "${brand}" inside another domain`,
      );
      return;
    }
  }
}
