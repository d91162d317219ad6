/** Which attendees are outside: an address whose domain is not one of the user's own (its subdomains count as
 * inside). With no own domain known, everyone is outside. */
import { domainOf } from "../email/mail_addresses.ts";

export function outsideAttendees(attendees: string[], ownDomains: string[]): string[] {
  const own = ownDomains.map((domain) => domain.toLowerCase().replace(/^@/, "")).filter(Boolean);
  return attendees.filter((address) => {
    const domain = domainOf(address);
    return !own.some((inside) => domain === inside || domain.endsWith(`.${inside}`));
  });
}

/** The domains of the addresses given (config values that may or may not be addresses). */
export function domainsOf(values: (string | undefined)[]): string[] {
  const domains = values.filter((value): value is string => typeof value === "string" && value.includes("@"))
    .map((value) => domainOf(value));
  return [...new Set(domains)];
}
