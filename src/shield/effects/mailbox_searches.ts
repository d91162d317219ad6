/** A browser steered into the user's own mailbox to find reset links and codes (round 36): a hostile page tells an
 * agentic browser to open webmail and search it for "password reset", "verification code" or "one-time code",
 * and the next step reads the code back to the page. The navigation is a GET to the user's own mail; its search
 * words are what shows the takeover. Searches for anything else (an invoice, a thread) pass.
 * Sources: Brave, "Agentic browser security: indirect prompt injection in Perplexity Comet" (2025); Guardio Labs,
 * "Scamlexity" (2025); Gmail, Outlook and Yahoo search URL formats. */

import type { Findings } from "./findings.ts";

const WEBMAIL =
  /^(?:mail\.google\.com|inbox\.google\.com|outlook\.(?:live|office|office365)\.com|mail\.yahoo\.com|mail\.proton\.me|mail\.protonmail\.com|app\.fastmail\.com|(?:www\.)?icloud\.com|mail\.aol\.com|mail\.zoho\.(?:com|eu)|mail\.yandex\.[a-z]+|e\.mail\.ru|mail\.gmx\.(?:com|net|de)|navigator-[a-z]+\.gmx\.(?:com|net))$/;
/** A cheap pre-test on the URL text before parsing it. */
const WEBMAIL_LITERAL = /mail|outlook|icloud/i;
const TAKEOVER_TERMS =
  /\b(?:passwords?|reset|verification|verify|one[- ]?time|otp|2fa|mfa|two[- ]?factor|magic[- ]?link|recovery|passcode|authenticator|(?:security|login|sign[- ]?in|confirmation|auth(?:entication)?|access|sms|your|\d[- ]?digit) codes?)\b/i;

function readable(text: string): string {
  let decoded = text.replace(/\+/g, " ");
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // Kept as written: a stray % is not worth failing on.
  }
  return decoded;
}

/** The webmail URL among these that searches for reset links or codes, if any. */
function mailboxSearch(urls: readonly string[]): string | undefined {
  for (const url of urls.slice(0, 16)) {
    if (url.length > 4096 || !WEBMAIL_LITERAL.test(url)) continue;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      continue;
    }
    if (!WEBMAIL.test(parsed.hostname.toLowerCase().replace(/\.$/, ""))) continue;
    const rest = readable(`${parsed.pathname} ${parsed.search} ${parsed.hash}`);
    if (/search|query|keyword|[?&#]q=|\bq=/i.test(rest) && TAKEOVER_TERMS.test(rest)) return url;
  }
  return undefined;
}

export function judgeMailboxSearches(tool: string, urls: readonly string[], findings: Findings): void {
  const url = mailboxSearch(urls);
  if (url) {
    findings.escalate(
      "access",
      `"${tool}" searches the user's mailbox for reset links or codes ("${url.slice(0, 80)}")`,
    );
  }
}
