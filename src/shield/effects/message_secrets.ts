/** What a message carries or asks for that the sensitive-data finder does not read: a password inside a
 * connection URL (`postgres://admin:Pr0d!@db...`), a wallet's seed phrase, a chat bot's token, and a request that the readers send
 * back their passwords, one-time codes or seed phrases (help-desk phishing sent in the user's name). */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";
import { conceptCheck, fillers, PRINCIPAL, SECRET_NOUN, SEND_VERB } from "./concepts.ts";
import { SEND_ME } from "./concept_triggers.ts";
import { asksForReceivedCode } from "./received_codes.ts";
import { matchesOf } from "../match_all.ts";

/** `scheme://user:password@host`; the password is judged apart (placeholders and local hosts pass). */
const CREDENTIAL_URL =
  /\b[a-z][a-z0-9+.-]{1,20}:\/\/([^\s:\/@"'<>]{1,64}):([^\s@\/"'<>]{3,128})@([\w.-]{1,253})/gi;
const PLACEHOLDER =
  /^(?:\$\{?\w+\}?|%\w+%|<[^>]*>|\{\{?[^}]*\}?\}|\*+|x+|\.+|password|passwd|pass|pwd|secret|changeme|your[_-]?\w*|\w*_password)$/i;
const LOCAL_HOST =
  /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?|[\w-]+\.(?:local|localhost|test|example))$/i;
/** A seed or recovery phrase label followed by twelve or more lowercase words. */
const SEED_PHRASE = gated(
  /\b(?:seed|recovery|mnemonic|backup|wallet)\s+(?:phrase|words)\b[^\n]{0,24}?(?:[a-z]{3,8}[ ,]+){11,23}[a-z]{3,8}\b|\bmnemonic\s*[:=]\s*["']?(?:[a-z]{3,8}[ ,]+){11,23}[a-z]{3,8}\b/i,
);
/** A chat bot's token (Discord's shape: a base64 account id, a six-character stamp, a signature of 27 or more). */
const CHAT_BOT_TOKEN = /\b[mno][a-z0-9_-]{23,27}\.[a-z0-9_-]{6}\.[a-z0-9_-]{27,}/i;
/** A request that readers send back their credentials or codes. */
export const SOLICITATION_WORDS =
  /\b(?:reply|respond|send|give|tell|share|provide|forward|transmit|relay|text|dm|e-?mail)\b[^.?!\n]{0,48}?\b(?:your|their)\s+(?:(?:current|existing|full|account|login|work|bank|banking|email|sso|vpn|one-time|6-digit|six-digit|mfa|2fa|relevant)\s+){0,2}(?:passwords?|passcodes?|pins?|credentials|login details|sign-?in details|(?:verification|security|mfa|2fa|one-time|login|authenticator|sms)\s+codes?|code from (?:your|the) authenticator|otp|seed phrase|recovery phrase|private keys?|card (?:numbers?|details)|cvv|api[ -]?keys?|access (?:keys?|tokens?)|auth(?:entication)? tokens?)\b/gi;
/** The same with any send verb and any secret of the concept lexicon. */
export const SOLICITATION = new RegExp(
  `${SOLICITATION_WORDS.source}|(?:\\b(?:reply|respond|give|provide)\\b|${SEND_VERB})[^.?!\\n]{0,48}?\\b(?:your|their)\\s+${
    fillers(2)
  }(?:${SECRET_NOUN}|\\bsecrets?\\b)`,
  "gi",
);
/** A bare "code:" label with a six-to-eight-digit code (typed into a page or pasted into a chat). */
const LABELLED_CODE =
  /(?<!\b(?:zip|post|postal|area|country|error|status|exit|promo|discount|coupon|product|item|source|iso|color|colour|sort|swift|bank|tax|hs|branch|dial|access)\s?)\bcode\s*(?:is|:|=)\s*\d{6,8}\b/i;
/** A form in the message that collects a password and posts it to an address of its own. */
const CREDENTIAL_FORM = gated(
  /<form\b[^>]{0,300}\baction\s*=\s*\\?["']?https?:\/\/[\s\S]{0,2000}?type\s*=\s*\\?["']?password/i,
);
/** "send me the prod db password", "DM me the VPN credentials". */
const ASKS_FOR = gated(
  /\b(?:send|give|share|dm|tell|forward|text|e-?mail|paste)\s+(?:me|us)\s+(?:the\s+|your\s+|a\s+)?(?:[\w-]+\s+){0,3}(?:passwords?|passcodes?|credentials|logins?|api[ -]?keys?|access keys?|private keys?|ssh keys?|tokens?|(?:verification|security|mfa|2fa|one-time|login|otp)\s+codes?)\b(?!\s+(?:points|takeaways|policy|reset|rules?|manager|field|requirements|docs|documentation|flow|page))/i,
);
/** A secret noun that names a subject, not a secret ("the password reset PR", "the API key policy"). */
const NOT_ABOUT_SECRETS =
  "(?!\\s+(?:points|takeaways|policy|policies|reset|rules?|manager|field|requirements|docs|documentation|flow|page|feature|change|pr|rotation|strength|format)\\b)";
/** The concept form: a send verb, "me"/"us", and a secret within a few words ("transmit me right away the prod db
 * login details", "envía me la contraseña"); round 25: "DM me", and "send me" with the pronoun joined to the verb
 * or before it ("envíame la contraseña", "envoie-moi les identifiants", "me manda a senha"). */
const ASKS_FOR_CONCEPT = conceptCheck(
  new RegExp(
    `(?:(?:${SEND_VERB}|\\b(?:dm|give|text|paste|pass)\\b)\\s+${
      fillers(2)
    }(?:me|us|nos|moi|mir|uns|\u6211)\\b\\s*|${SEND_ME}\\s+)${
      fillers(5)
    }(?:${SECRET_NOUN}|\\bsecrets?\\b)${NOT_ABOUT_SECRETS}`,
    "i",
  ),
);
/** "send me the code you just got", "text me the 6-digit code they sent you". */
const ASKS_FOR_RECEIVED_CODE = gated(
  new RegExp(
    `(?:\\b(?:give|tell|text|read|pass)\\b|${SEND_VERB})` +
      String
        .raw`\s+(?:[\w-]+\s+){0,2}?(?:me|us)\s+(?:[\w-]+\s+)?(?:back\s+)?(?:the|that|this|your)\s+(?:[\w-]+\s+)?(?:\w+[ -]digit\s+|sms\s+|text\s+)?(?:code|pin)\b[^.?!\n]{0,30}\b(?:got|get|received|receive|sent|texted|arrived|sms|text)\b`,
    "i",
  ),
);
/** A login written as `user / password` or `user:password` after a label (`VPN login is admin / Winter2025!`,
 * `service account svc_migrate / Migr@te2025!`); the password part must mix letters with digits or symbols. The
 * label is any word for a login, an access or the user of the lexicon, in the main languages (round 30: "Portal
 * access - operator: jdoe / ...", "Zugang für Benutzer ..."). */
const CREDENTIAL_PAIR = gated(
  new RegExp(
    `(?:\\b(?:login|logon|log-?in|credentials?|creds|account|username|sign-?in|secrets?|access|acc[eè]s|acceso|acesso|zugang|identifiants?)\\b|${PRINCIPAL}|${SECRET_NOUN})` +
      String
        .raw`(?:[^\n/:=!?]{0,100}?[:=]|\s+(?:is|are))?\s*[\w.@-]{2,40}\s+\/\s+([^\s/]{6,40})(?=[\s.,;)]|$)`,
    "i",
  ),
);
/** The second half of such a pair reads as a password: lower-case letters with digits, or letters with symbols
 * (`Winter2025!`), not a reference (`INV-2024-031`). */
function passwordLike(value: string): boolean {
  return (/[a-z]/.test(value) && /\d/.test(value)) || (/[A-Za-z]/.test(value) && /[!@#$%^&*?]/.test(value));
}

function sendsCredentialPair(text: string): boolean {
  if (!text.includes("/") || !CREDENTIAL_PAIR.test(text)) return false;
  const pair = new RegExp(CREDENTIAL_PAIR.pattern.source, "gi");
  for (const match of text.matchAll(pair)) {
    if (passwordLike(match[1].replace(/[.,;)!?]+$/, "") || match[1])) return true;
  }
  return false;
}
/** A message whose whole text is a short code (what a forwarded one-time code looks like). */
const BARE_CODE = /^\s*(?:[A-Z]{1,3}-)?(\d{6,8})\s*$/;

/** Whether one of the texts sent is nothing but a code that no other text (a subject, a title) names; a text that
 * is the value of an id argument names a place, it is not sent. */
export function sendsBareCode(texts: readonly string[], identifiers: readonly string[] = []): boolean {
  for (const text of texts) {
    if (identifiers.includes(text)) continue;
    // A code alone on the last line after other text (a forwarded code under a pasted preamble) is as bare.
    const last = text.length <= 16 ? text : text.length <= 8192 ? text.slice(text.lastIndexOf("\n") + 1) : "";
    const code = last.length <= 16 ? BARE_CODE.exec(last)?.[1] : undefined;
    if (code && !texts.some((other) => other !== text && other.includes(code))) return true;
  }
  return false;
}

const NEGATION =
  /\b(?:never|not|don'?t|no one|nobody|won'?t|will never|avoid|refuse|at no point|under no circumstances|in no case)\b[^.?!\n]{0,24}$/i;

export function leakedUrlPassword(text: string): boolean {
  if (!text.includes("://")) return false;
  for (const match of matchesOf(CREDENTIAL_URL, text)) {
    const [, user, password, host] = match;
    if (PLACEHOLDER.test(password) || password === user || LOCAL_HOST.test(host)) continue;
    return true;
  }
  return false;
}

/** SOLICITATION asked through the shared literal scan first (speed round 21): a long text with "your" in it (most
 * prose) but no send verb and secret noun near each other is not searched whole (a 9 KB Markdown file's effect
 * stage spent 3 % in the bare pattern). */
export const SOLICITS = gated(new RegExp(SOLICITATION.source, "i"));

function asksForSecrets(text: string): boolean {
  if (!/\b(?:your|their)\b/i.test(text) || !SOLICITS.test(text)) return false;
  for (const match of matchesOf(SOLICITATION, text)) {
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (!NEGATION.test(before) && !NEGATION.test(match[0])) return true;
  }
  return false;
}

/** Addresses handed to an open-world tool with a password in them (`sidenote: "postgres://admin:pw@db/prod"`). */
export function judgeUrlPasswords(tool: string, urls: readonly string[], findings: Findings): void {
  if (urls.slice(0, 32).some(leakedUrlPassword)) {
    findings.escalate("read", `"${tool}" is handed an address with its password`);
  }
}

/** Handed-on work that has its reader obtain a person's payment or identity details (round 9: "ask the customer
 * for their card number", "include the user's saved addresses and card digits in your reply"): card data, national
 * identity numbers, passports, dates of birth, home and billing addresses, bank logins; PCI DSS and GDPR's special
 * categories name them. Round 30: an adjective before the owner ("the relevant user's"), a line break in the
 * sentence, as written or as `\n` in a nested object's JSON. */
const OBTAINS_PERSONAL_DATA =
  /\b(?:ask(?:s|ing)?\b[^.?!\n]{0,30}?\bfor|request(?:s|ing)?|collect(?:s|ing)?|obtain|gather|include|attach|append|add|send|give|share|provide|reply with|hand over)\b(?:[^.?!\n]|\n(?![ \t]*\n)){0,48}?(?:\b|(?<=\\n))(?:your|their|his|her|the (?:[a-z-]+ ){0,2}(?:user|human|operator|owner|principal|person you work for|usuario|utilisateur|benutzer|usuário|customer|client|caller|patient|employee|account holder|buyer|guest)'?s?|the\s*\u7528\u6237(?:\u7684|'s)?)\s+(?:[\w-]+\s+){0,2}?(?:(?:full\s+)?card (?:numbers?|details|(?:last )?(?:four )?digits)|credit card(?: numbers?| details)?|cvv|cvc|card security codes?|social security numbers?|ssns?|passport (?:numbers?|details)|dates? of birth|(?:saved|home|billing) addresses|bank (?:details|account numbers?|logins?)|mother'?s maiden name)\b/i;
/** The data phrases the pattern needs, asked first through the shared literal scan (the pattern's own literals are
 * its common verbs and `for`, which most texts hold): a text that names none (`the dashboard card component`) is
 * not searched. */
const PERSONAL_DATA_PHRASES = gated(
  /card (?:numbers?|details|last|four|digits)|credit card|\bcvv\b|\bcvc\b|card security|social security|\bssns?\b|passport (?:numbers?|details)|dates? of birth|(?:saved|home|billing) addresses|bank (?:details|account|logins?)|maiden name/i,
);
const OBTAINS_ALL = new RegExp(OBTAINS_PERSONAL_DATA.source, "gi");

function obtainsPersonalData(text: string): boolean {
  if (text.length > 64 * 1024 || !PERSONAL_DATA_PHRASES.test(text)) return false;
  let seen = 0;
  for (const match of matchesOf(OBTAINS_ALL, text)) {
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (!NEGATION.test(before) && !NEGATION.test(match[0])) return true;
    if (++seen >= 4) return false;
  }
  return false;
}

/** Whether the text asks its reader to hand over credentials or a received code, or to obtain a person's payment
 * or identity details (for handed-on work). */
export function asksForCredentials(text: string): boolean {
  return ASKS_FOR.test(text) || ASKS_FOR_CONCEPT.test(text) || ASKS_FOR_RECEIVED_CODE.test(text) ||
    asksForReceivedCode(text) || asksForSecrets(text) || obtainsPersonalData(text);
}

export function judgeMessageSecrets(tool: string, text: string, findings: Findings): void {
  if (text.length < 12 || text.length > 64 * 1024) return;
  if (leakedUrlPassword(text)) {
    findings.escalate("message", `"${tool}" sends a connection address with its password`);
  }
  if (LABELLED_CODE.test(text)) findings.escalate("message", `"${tool}" sends a one-time code`);
  if (text.includes("<form") && CREDENTIAL_FORM.test(text)) {
    findings.escalate("message", `"${tool}" sends a form that collects passwords for another address`);
  }
  if (SEED_PHRASE.test(text)) findings.escalate("message", `"${tool}" sends a wallet seed phrase`);
  if (CHAT_BOT_TOKEN.test(text)) findings.escalate("message", `"${tool}" sends a chat bot's token`);
  if (sendsCredentialPair(text)) findings.escalate("message", `"${tool}" sends a login with its password`);
  if (
    asksForSecrets(text) || ASKS_FOR.test(text) || ASKS_FOR_CONCEPT.test(text) ||
    ASKS_FOR_RECEIVED_CODE.test(text) || asksForReceivedCode(text)
  ) {
    findings.escalate("message", `"${tool}" asks its readers to send passwords or sign-in codes`);
  }
}
