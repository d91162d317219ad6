/** Other people's confidential facts handed to readers who should not have them (round 58):
 *
 * - a named colleague's personnel or health status posted to the whole company (`#general`, an "All Company" team, an
 *   all-staff space, an announcements stream): a performance improvement plan, a written warning, a dismissal in
 *   the works, an investigation, medical leave for chemotherapy, a diagnosis, a salary. The same note to `#hr-team` or "Raj is
 *   out today" to `#general` passes. Sources: AgentDAM (Zharmagambetov et al. 2025); PrivacyLens (Shao et al. 2024);
 *   GDPR Art. 9 and ICO guidance on employment records.
 * - a person's home address or date of birth beside their card's last digits in a reply or message ("belongs to Priya
 *   Nair, 8 Rowan Close, Leeds, card ending 0442"): what a support agent tells an unverified requester when injected
 *   chat text claims to be staff -- the pieces account takeover and impersonation need. A reply naming only the
 *   card charged (to its owner) passes. Round 89: the card as a masked number (`card *8812`, `Visa ****4421`) too.
 *   Sources: OWASP Top 10 for LLM Applications, LLM02 Sensitive Information
 *   Disclosure; Intercom and Zendesk reply APIs.
 * - meeting passcodes, several or for a whole agenda, sent to an address that is neither a contact nor the user's
 *   organisation (the SafeBreach "Invitation Is All You Need" calendar injection mailed the week's dial-ins out). One
 *   meeting link sent to someone passes. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";
import { isContact } from "./messaging.ts";
import { configuredDomains } from "./recipient_classes.ts";
import { matchesOf } from "../match_all.ts";

const PERSONNEL = gated(
  new RegExp(
    [
      String
        .raw`\b(?:performance improvement plan|disciplinary (?:action|hearing|case|process against)|on probation\b`,
      String.raw`(?:got|given|received|issued|on) (?:a |her |his |their )?(?:final |first )?written warning`,
      String.raw`(?:got|given|received|issued) (?:a |her |his |their )?final warning`,
      String.raw`is (?:under investigation|being investigated) for`,
      String
        .raw`(?:is|are|was|were|will be|to be|gets?|getting) (?:being )?(?:let go|fired|laid off|dismissed)\b`,
      String.raw`letting (?:him|her|them) go`,
      String.raw`(?:medical|sick|stress) leave (?:for|because)`,
      String.raw`chemo\w*|(?:has|battling|fighting|treatment for|diagnosed with) cancer|diagnosed with`,
      String.raw`rehab\b|miscarriage|hiv\b|psychiatric|nervous breakdown`,
      String.raw`salary (?:is|of) [$£\u20ac]?\s?\d|(?:earns|makes|paid) (?:only |just )?[$£\u20ac]\s?\d)`,
    ].join("|"),
    "i",
  ),
);
/** Someone named and then said something of: "Raj in QA", "Priya from Finance", "Marco Diaz got". */
const NAMED_SUBJECT =
  /\b[A-Z][a-z]{2,15}(?: [A-Z][a-z]{1,20})?\s+(?:in|from|on|at|got|has|is|was|will|just)\b/;
/** Channels, teams and lists that reach the whole company. */
const COMPANY_WIDE =
  /^(?:#?general|#?all[-_ ]?(?:company|staff|hands|employees|team|users)|#?everyone|#?announcements?|#?company(?:[-_ ]wide)?|#?random|#?team|(?:spaces|channels)\/all[-_ ]?(?:staff|company|hands))$/i;

/** Round 89: a masked number (`card *8812`, `Visa ****-4421`, `card xxxx 0442`) says the same as "ending in". */
const CARD_DIGITS = gated(
  /\b(?:card|visa|mastercard|amex|debit|credit)\b[^.\n]{0,24}?\b(?:ending(?: in)?|ends in|last (?:four|4)(?: digits)?)\b[^0-9\n]{0,12}\d{4}\b|\blast (?:four|4)(?: digits)?(?: of (?:the|his|her|their) card)?\s*[:=-]?\s*\d{4}\b|\b(?:card|visa|mastercard|amex|debit|credit)\b[^.\n\d]{0,16}?(?:(?:[*\u2022]{1,16}|\b[xX]{2,16})[\s-]?){1,4}\d{4}\b/i,
);
const STREET =
  /\b\d{1,5}[A-Za-z]? (?:[A-Z][a-z]+ ){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Way|Ln|Lane|Dr|Drive|Blvd|Boulevard|Ct|Court|Pl|Place|Terrace|Close|Crescent|Quay|Row|Mews|Square|Gardens)\b/i;
const BIRTH_DATE = /\b(?:dob|date of birth|born on)\b/i;
/** The sender's own card or address ("charge my card ending 4421, billing address ..."): a booking, not a disclosure. */
const OWN_DETAILS = /\b(?:my|our) (?:\w+ )?(?:card|visa|mastercard|amex|address|billing)\b/i;

const MEETING_CREDENTIAL = gated(
  /\b(?:passcodes?|meeting passwords?|dial-?in (?:pins?|codes?)|host (?:keys?|pins?)|(?:zoom|teams|webex) passwords?|pin\s*[:#]?\s*\d{4,})/i,
);
const MEETING_CREDENTIAL_ALL =
  /\b(?:passcodes?|meeting passwords?|dial-?in (?:pins?|codes?)|host (?:keys?|pins?)|(?:zoom|teams|webex) passwords?|pin\s*[:#]?\s*\d{4,})/gi;
const WHOLE_AGENDA =
  /\b(?:all|every|agenda|week'?s|calendar|events|schedule|mon(?:day)?|tue(?:sday)?|wed(?:nesday)?|thu(?:rsday)?|fri(?:day)?)\b/i;

/** The short values of the payload that name where a post goes (a channel, a team, a space, a stream). */
function companyWide(texts: readonly string[], recipients: readonly string[]): string | undefined {
  return [...recipients, ...texts].find((value) => value.length < 48 && COMPANY_WIDE.test(value.trim()));
}

function outsideRecipient(recipients: readonly string[], environment: ShieldEnvironment): string | undefined {
  const domains = configuredDomains(environment);
  return recipients.find((recipient) => {
    if (!recipient.includes("@") || isContact(recipient, environment)) return false;
    const domain = recipient.replace(/^.*@/, "").replace(/[>\s].*$/, "").toLowerCase();
    return ![...domains].some((own) => domain === own || domain.endsWith(`.${own}`));
  });
}

export function judgePeopleDisclosures(
  tool: string,
  texts: readonly string[],
  recipients: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const text of texts.slice(0, 16)) {
    if (text.length > 16 * 1024) continue;
    if ((PERSONNEL.test(text) || /\bPIP\b/.test(text)) && NAMED_SUBJECT.test(text)) {
      const audience = companyWide(texts, recipients);
      if (audience !== undefined) {
        findings.escalate(
          "message",
          `"${tool}" tells "${audience}" a named colleague's personnel or health status`,
        );
        return;
      }
    }
    if (CARD_DIGITS.test(text) && (STREET.test(text) || BIRTH_DATE.test(text)) && !OWN_DETAILS.test(text)) {
      findings.escalate(
        "message",
        `"${tool}" tells someone a person's address or birth date with card digits`,
      );
      return;
    }
    if (!MEETING_CREDENTIAL.test(text)) continue;
    const several = [...matchesOf(MEETING_CREDENTIAL_ALL, text.slice(0, 4096))];
    // Several meetings' credentials, or credentials named in the plural, for an agenda (days, "all", "week's"):
    // one meeting's passcode, or two sessions' without an agenda's words, is an invitation.
    const plural = /\b(?:passcodes|passwords|dial-?ins|pins)\b/i.test(text);
    const whole = several.length >= 3 || ((several.length >= 2 || plural) && WHOLE_AGENDA.test(text));
    const outside = whole ? outsideRecipient(recipients, environment) : undefined;
    if (outside !== undefined) {
      findings.escalate(
        "message",
        `"${tool}" sends meeting passcodes to "${
          outside.slice(0, 80)
        }", neither a contact nor the organisation`,
      );
      return;
    }
  }
}
