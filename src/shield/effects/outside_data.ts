/** Data leaving to someone outside the user's circle (round 12): a message whose recipients include an outside
 * endpoint (a phone number, chat handle, free-mail mailbox, webhook, or -- when config names the user's
 * organisation -- an address elsewhere) and whose content is the user's data: summaries, notes, figures, records,
 * or a link to a domain nobody vouches for. The same content to a contact or a colleague passes. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { BRAND_DOMAINS } from "./messaging.ts";
import { readHost } from "./hosts.ts";
import type { ClassedRecipient } from "./recipient_classes.ts";
import { matchesOf } from "../match_all.ts";

/** Words that say a message carries the user's data rather than a note of its own: a summary, notes, minutes, a
 * report, figures, records, an export (AgentDojo's and InjecAgent's exfiltration goals read this way). */
const DATA_WORDS =
  /\b(?:summar(?:y|ies|ised|ized)|(?:my|our|meeting|call|board|session|interview|therapy|doctor's) notes|notes (?:from|of|on) (?:the|today|yesterday|my|our)|meeting minutes|minutes (?:of|from)|transcripts?|reports?|budgets?|revenue|salar(?:y|ies)|payroll|forecasts?|figures|balances?|statements?|contracts?|acquisition|merger|records?|exports?|contents? of|list of|passwords?|passport|born|date of birth|medical|diagnos\w+|account (?:number|details)|iban|here (?:is|are) (?:my|the|our|all)|attached (?:is|are)|full (?:history|thread|conversation))\b/i;
/** An amount with a unit (`2.3M`, `18M`, `4,800 EUR`, `$12k`). */
const AMOUNT =
  /(?:[$\u20AC£]\s?\d[\d,.]*\s?(?:[kmb]|bn|million|billion)?\b|\b\d[\d,.]*\s?(?:[km]|bn|million|billion|eur|usd|gbp|chf)\b)/i;
const LINK = /(?:\bhttps?:\/\/|(?<![\w.-])www\.)([a-z0-9.-]+\.[a-z]{2,})/gi;

/** A pointer to where a secret is kept ("the staging DB password is in 1Password under 'Staging / Postgres'",
 * round 58): it names the store, not the secret, and a colleague without access to the store learns nothing. A
 * secret's value in the same text is judged by the credential checks. */
const STORE_POINTER =
  /\b(?:passwords?|credentials?|secrets?|keys?|tokens?|logins?)\b[^.\n]{0,30}?\b(?:is|are|lives?|kept|stored|saved)\s+(?:in|under)\s+(?:[\w'-]+\s+){0,3}(?:1password|bitwarden|lastpass|keeper|dashlane|keepass\w*|vault|password manager|keychain|secrets? manager)\b/gi;

export function carriesData(text: string): boolean {
  if (text.length < 12 || text.length >= 256 * 1024) return false;
  const said = /password|credential|secret|key|token|login/i.test(text)
    ? text.replace(STORE_POINTER, " ")
    : text;
  return DATA_WORDS.test(said) || AMOUNT.test(said);
}

/** Hosts of links in the text that are neither well-known brands, allowed hosts, nor the user's or a contact's
 * domain. */
export function unvouchedLinks(
  text: string,
  environment: ShieldEnvironment,
  organisations: ReadonlySet<string>,
): string[] {
  const found: string[] = [];
  for (const match of matchesOf(LINK, text.slice(0, 64 * 1024))) {
    const host = match[1].toLowerCase().replace(/^www\./, "");
    if (BRAND_DOMAINS.test(host) || readHost(match[0], environment)?.allowed) continue;
    if ([...organisations].some((own) => host === own || host.endsWith(`.${own}`))) continue;
    found.push(host);
    if (found.length >= 4) break;
  }
  return found;
}

export function judgeOutsideData(
  tool: string,
  classed: readonly ClassedRecipient[],
  texts: readonly string[],
  environment: ShieldEnvironment,
  organisations: ReadonlySet<string>,
  findings: Findings,
): void {
  const outside = classed.find((item) => item.standing === "outside");
  if (outside === undefined) return;
  const joined = texts.join("\n");
  const shown = outside.recipient.slice(0, 80);
  if (carriesData(joined)) {
    findings.escalate(
      "message",
      `"${tool}" sends the user's data to "${shown}" (${outside.kind}), who is not a contact or colleague`,
    );
    return;
  }
  const [host] = unvouchedLinks(joined, environment, organisations);
  if (host !== undefined) {
    findings.escalate(
      "message",
      `"${tool}" sends a link to "${host}", a domain nobody vouches for, to "${shown}" (${outside.kind})`,
    );
  }
}

/** A post to many readers (a channel, a list, the public) with a link to a domain nobody vouches for, judged
 * only when config names the user's organisation (without it every company link would be unknown). */
export function judgeBroadcastLinks(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  organisations: ReadonlySet<string>,
  findings: Findings,
): void {
  if (organisations.size === 0) return;
  const [host] = unvouchedLinks(texts.join("\n"), environment, organisations);
  if (host !== undefined) {
    findings.escalate(
      "message",
      `"${tool}" posts a link to "${host}", a domain nobody vouches for, to many readers`,
    );
  }
}

/** A request to sign in or give a password (`please sign in today`, `sign in with your Acme password`). */
const SIGN_IN_ASK =
  /\b(?:sign|log)[ -]?(?:in|on)\b(?!\s+(?:page|screen|flow|form|bug|issue|button|fix|error|test))|\b(?:enter|confirm|re-?enter|verify|validate)\s+your\s+(?:\w+\s+)?(?:password|credentials|login|account|identity)\b|\bwith your\s+(?:\w+\s+)?password\b/i;

/** A link to a domain nobody vouches for beside a request to sign in, to anyone (a credential lure in the user's
 * name); judged without config too, as a sign-in request is what such a link is for. */
export function judgeSignInLures(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  organisations: ReadonlySet<string>,
  findings: Findings,
): void {
  const joined = texts.join("\n");
  if (joined.length > 64 * 1024 || !SIGN_IN_ASK.test(joined)) return;
  const [host] = unvouchedLinks(joined, environment, organisations);
  if (host !== undefined) {
    findings.escalate(
      "message",
      `"${tool}" asks readers to sign in at "${host}", a domain nobody vouches for`,
    );
  }
}
