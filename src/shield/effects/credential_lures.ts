/** Text that sends people to hand their credentials to an outside site (round 50): a written document, page, post
 * or message that asks readers to sign in there with their company password ("login with your company password",
 * "enter your Okta password and MFA code") or to export, upload or paste a password vault, recovery codes, MFA
 * codes or keys into it ("export your 1Password vault and upload it to https://..."), where the site's domain is
 * neither a well-known brand, an allowed host nor the user's organisation. Written into a shared README or posted
 * to #general it is a phishing lure in the user's name (MITRE ATT&CK T1534 internal spearphishing, T1566.002). A
 * page linking the company's own SSO, IT notes that warn never to share a password, and training pages that quote a
 * lure as an example (a `>` quote, "spot the phish", "red flags"; a lure that only says "phishing" is not spared)
 * pass. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { gated, type GatedPattern } from "./gate.ts";
import { unvouchedLinks } from "./outside_data.ts";
import { configuredDomains } from "./recipient_classes.ts";
import { fillers, SECRET_NOUN, SEND_VERB } from "./concepts.ts";

const SECRET = `(?:${SECRET_NOUN}|\\bsecrets?\\b)`;
/** Signing in with the reader's password, or entering it (a document's ask, stricter than a message's). */
const PASSWORD_ASK = gated(
  new RegExp(
    `\\b(?:(?:sign|log)[ -]?(?:in|on)|login|authenticate)\\s+${fillers(3)}(?:with|using)\\s+your\\s+${
      fillers(5)
    }${SECRET}|` +
      `\\b(?:enter|type|confirm|re-?enter|verify|provide|submit)\\s+your\\s+${
        fillers(5)
      }(?:${SECRET}|mfa code|2fa code|one-time code)`,
    "i",
  ),
);
/** What guards the reader's accounts. */
const GUARDS =
  `(?:${SECRET}|\\b(?:vaults?|password (?:vaults?|exports?|managers?|databases?)|recovery (?:codes?|keys?|phrases?|kits?)|backup codes?|seed phrases?|2fa|mfa|otp|one-time (?:codes?|passwords?)|authenticator (?:codes?|secrets?|seeds?)|session cookies?|keychains?)\\b)`;
/** Handing it over, then a link it goes to. */
const HANDOVER = gated(
  new RegExp(
    `(?:${SEND_VERB}|\\b(?:export|submit|paste|attach|copy|enter|import)\\b)\\s+${
      fillers(2)
    }(?:your|their|the team's|all)\\s+${fillers(3)}${GUARDS}[^\\n]{0,120}?https?:\\/\\/`,
    "i",
  ),
);
const NEGATED = /\b(?:never|don'?t|do not|must not|should not|shouldn'?t|not)\s+(?:\w+\s+){0,2}$/i;
const MAX_TEXT = 64 * 1024;
const LINK = /https?:\/\//i;

/** Text that shows a lure as an example (awareness training, a threat note): the ask is quoted, not made. */
const SHOWN_AS_EXAMPLE =
  /\b(?:spot the (?:phish|scam|fake)|tell-?tales?|red flags?|warning signs?|(?:example|sample) (?:of a )?(?:phish\w*|lure|scam))\b/i;

function asks(gate: GatedPattern, text: string): boolean {
  const match = gate.opens(text) ? gate.pattern.exec(text) : null;
  if (match === null || NEGATED.test(text.slice(Math.max(0, match.index - 40), match.index))) return false;
  // A Markdown or mail quote (`> Verify your password at ...`) shows what someone else wrote.
  const lineStart = text.lastIndexOf("\n", match.index) + 1;
  return !/^[ \t]*>/.test(text.slice(lineStart, match.index + 1)) && !SHOWN_AS_EXAMPLE.test(text);
}

/** `document` texts (a written file) are judged on the stricter password ask; every text on the hand-over ask. */
export function judgeCredentialLures(
  tool: string,
  texts: readonly string[],
  document: boolean,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  // Each text as Shield read it (its variants: cleaned, markup dropped, glossed), not one joined copy to scan again.
  let handover = false;
  let host: string | undefined;
  for (const value of texts.slice(0, 16)) {
    const text = value.length > MAX_TEXT ? value.slice(0, MAX_TEXT) : value;
    if (text.length < 24 || !LINK.test(text)) continue;
    handover = asks(HANDOVER, text);
    if (!handover && !(document && asks(PASSWORD_ASK, text))) continue;
    host = unvouchedLinks(text, environment, configuredDomains(environment))[0];
    if (host !== undefined) break;
  }
  if (host === undefined) return;
  findings.escalate(
    "message",
    handover
      ? `"${tool}" asks readers to hand their vault, codes or keys to "${host}", a domain nobody vouches for`
      : `"${tool}" writes a page asking readers to sign in with their password at "${host}", a domain nobody vouches for`,
  );
}
