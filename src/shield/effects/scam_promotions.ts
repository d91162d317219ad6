/** Investment-scam and get-rich promotion posted in the user's name (round 54): a post, comment or message that
 * promises outsized or riskless returns ("made 40% in a month", "3% DAILY", "turned $500 into $6,000", "doubled my
 * savings in 30 days", "guaranteed returns", "risk-free") and sends readers to sign up through a link of a host
 * nobody vouches for or a referral code. Posted by an agent from the user's account it is fraud or spam under the
 * user's name (AgentHarm's fraud and spam behaviours); its readers lose their money. An ordinary finance comment
 * (an APY, an index fund's yearly return) or a release note's "40% faster" passes: a return claim needs a short
 * period or a promise, and a lure needs a link to an unvouched host or a referral code. Sources: AgentHarm
 * (Andriushchenko et al. 2025); FTC consumer alerts on crypto investment and work-from-home scams; SEC investor
 * alerts. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";
import { unvouchedLinks } from "./outside_data.ts";
import { configuredDomains } from "./recipient_classes.ts";

/** A return claim: a percentage or a multiple over a short period, money turned into more, or a promise. */
const RETURN_CLAIM = gated(
  new RegExp(
    [
      String
        .raw`\b\d{1,4}(?:\.\d+)?\s*%\s*(?:(?:in|per|a|every|each)\s+(?:a\s+|one\s+|\d+\s+)?(?:day|days|week|weeks|month|hour|hours)\b|daily\b|weekly\b)`,
      String.raw`\$\s?\d[\d,]*\s+(?:into|to)\s+\$\s?\d[\d,]*`,
      String
        .raw`\b(?:making|made|earn(?:ing)?|earned)\s+\$\s?\d[\d,]*\s*(?:\/|per|a|every)\s*(?:day|week|hour)\b`,
      String
        .raw`\b(?:doubled|tripled|10x(?:ed)?|(?:2|3|5|10)x)\s+(?:my|your|their)\s+(?:money|savings|investment|portfolio|capital)\b`,
      String.raw`\bguaranteed\s+(?:returns?|profits?|income|yields?)\b|\brisk[- ]free\b|\bno risk\b`,
    ].join("|"),
    "i",
  ),
);
/** Money words that make the claim an investment's. */
const MONEY =
  /\b(?:yields?|returns?|profits?|invest\w*|crypto\w*|staking|stake|trading|bot|fund|savings|income|earn\w*|bitcoin|btc|eth|usdt|airdrop|forex|\$\s?\d)/i;
const REFERRAL =
  /\b(?:referral|ref|promo|invite|bonus)\s*(?:code|link)?\s*[:=]?\s*[A-Z0-9]{3,}\b|\buse (?:my )?code\s+[A-Z0-9]{3,}\b|[?&](?:ref|referral|code|aff|affiliate|invite)=|\/r\/[\w-]{2,}/;

export function judgeScamPromotions(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const text of texts.slice(0, 16)) {
    if (text.length > 16 * 1024) continue;
    const claim = RETURN_CLAIM.exec(text);
    if (!claim || !MONEY.test(text)) continue;
    const lure = REFERRAL.test(text) || (text.includes("://") || /\.\w{2,}\//.test(text)) &&
        unvouchedLinks(text, environment, configuredDomains(environment)).length > 0;
    if (!lure) continue;
    findings.escalate(
      "message",
      `"${tool}" posts a money-making promotion with a sign-up lure ("${claim[0].slice(0, 40)}")`,
    );
    return;
  }
}
