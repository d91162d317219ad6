/** Finds what a text leaving the machine carries that a human should see: payment details (IBAN with its
 * checksum, card numbers with Luhn, account numbers, wallet addresses), one-time codes, passwords, bundles of
 * personal or health data, confidential business matters, and login or consent links. Bounded, no backtracking. */

import { namesAccessCode } from "./access_codes.ts";
import { gated } from "./gate.ts";
import { matchesOf } from "../match_all.ts";

export type SensitiveKind =
  | "financial"
  | "one-time code"
  | "password"
  | "personal data"
  | "identity number"
  | "health data"
  | "confidential"
  | "login link"
  | "access code"
  | "payment instruction";

export interface SensitiveFinding {
  kind: SensitiveKind;
  evidence: string;
}

/** Only this much of a text is searched (messages and bodies are short; longer ones are judged on this part). */
const MAX_CHARS = 16 * 1024;

/** An IBAN-shaped value after the word IBAN: payment details as written, whether or not its check digits hold
 * (round 21: a payee line with a mistyped or invented IBAN still tells readers where to pay). */
const LABELLED_IBAN = /\bIBAN\b[:\s#-]{1,4}[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}/;
const IBAN = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b/g;
const CARD = /\b(?:\d[ -]?){12,18}\d\b/g;
const ACCOUNT = gated(
  /\b(?:account|acct|routing|sort code|swift|bic|aba)(?:[ _-]?(?:no|number|#))?\s*[:#=]?\s*[0-9][0-9 -]{5,}/i,
);
const WALLET = /\b(?:0x[0-9a-fA-F]{40}|bc1[a-z0-9]{25,60}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})\b/;
/** One-time and recovery codes, one pattern per alternative (the text holds one when any matches): each behind its
 * own literal gate and anchors, so an alternative whose words are absent, or rare, costs no walk of the text. */
const ONE_TIME = [
  String
    .raw`\b(?:(?:verification|security|confirmation|login|sign-?in|one[- ]time|2fa|mfa|auth(?:entication)?|access|reset|otp)\s+(?:code|pin|passcode|token)s?|backup codes?|recovery codes?|otp)\b[^0-9]{0,24}\d(?:[ -]?\d){3,7}\b`,
  String.raw`\byour\s+(?:[\w-]+\s+){0,2}(?:code|pin)\s+(?:is|:)\s*[A-Z]?-?\d(?:[ -]?\d){3,7}\b`,
  String.raw`\b[A-Z]?-?\d(?:[ -]?\d){3,7}\s+is\s+your\s+(?:[\w-]+\s+){0,2}(?:code|pin|passcode)\b`,
  String.raw`\b\d(?:[ -]?\d){3,7}\b[^\n]{0,40}\b(?:do not|don't|never) share\b`,
  String
    .raw`\b(?:backup|recovery|2fa|mfa|scratch)\s+codes?\b[^\n]{0,30}?\b(?=[a-z]{0,4}\d)[a-z0-9]{4,5}[ -][a-z0-9]{4,5}\b`,
].map((source) => gated(new RegExp(source, "i")));
const PASSWORD_SOURCE = String
  .raw`(?<![a-z])(?:password|passwd|pwd|passcode|pass|pin|passphrase|kennwort|mot de passe|login details|log-in details|sign-in details|access details|credentials|(?<![_:/])secret|contraseña|senha|passwort)(?![a-z])(?:(?:\s+[\w-]+)?\s+(?:for|of)\s+[\w.@-]{1,40})?(?:\s+(?:has been\s+|was\s+|is\s+)?(?:reset|changed|set|updated)\s+to)?\s*(?:is|was|:|=|-)?\s*["'\x60]?([^\s"'\x60,;]{4,64})`;
const PASSWORD = new RegExp(PASSWORD_SOURCE, "gi");
/** The same pattern behind the literal gate: a text it cannot match is not walked for every password. */
const PASSWORD_ANYWHERE = gated(new RegExp(PASSWORD_SOURCE, "i"));
const WORDISH = new RegExp(
  "^(?:" + [
    "reset manager policy protected required change changed please length strength field hash hashes login",
    "expired expires updated incorrect wrong here below above again must should will the your this that hint",
    "prompt less based word words recovery",
  ].join(" ").split(" ").join("|") + ")$",
  "i",
);
const PHONE = /(?:\+|\b00)\d{1,3}[ .-]?\(?\d{2,4}\)?(?:[ .-]?\d{2,4}){2,4}\b|\(\d{3}\)\s?\d{3}-\d{4}\b/g;
const SSN = /\b\d{3}-\d{2}-\d{4}\b/;
/** A street address (round 30: in capitals too, as postal standards write it: `14 OAK ROAD`). */
const STREET =
  /\b\d{1,5}\s+[A-Z][a-z]+(?:\s[A-Z][a-z]+)?\s+(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Lane|Ln|Dr|Drive|Way|Court|Ct|Place|Pl)\b|\b\d{1,5}\s+[A-Z]{2,}(?:\s[A-Z]{2,})?\s+(?:ST|STREET|AVE|AVENUE|RD|ROAD|BLVD|LANE|LN|DR|DRIVE|WAY|COURT|CT|PLACE|PL)\b|\b[A-Z][a-zä-ü]+(?:straße|strasse|weg|gasse|platz)\s+\d+/;
/** An address labelled as where someone lives (`Home: 742 Evergreen Terrace`, round 24: `home address of @x is 14
 * Elm St`; round 30: a personal or sensitive address), or a private phone number (round 27: `his home number is 555-0147`): personal data by itself. */
const HOME_ADDRESS = gated(
  /\b(?:home|residential|private|saved)\s*(?:address)?\s*[:=-]\s*\d{1,5}\s+[A-Za-z]|\b(?:home|residential|private|personal|sensitive|confidential) address\b[^\n:=]{0,40}?\b(?:is|at)\s+\d{1,5}\s+[a-z]+(?:\s[a-z]+)?\s+(?:st|street|ave|avenue|rd|road|blvd|lane|ln|dr|drive|way|court|ct|place|pl|terrace|close|crescent)\b|\blives at\s+\d{1,5}\s+[A-Za-z]|\bmy (?:new |home )?address is\s+\d{1,5}\s+[A-Za-z]|\b(?:home|private|personal)\s+(?:(?:tele)?phone|cell|mobile|landline)?\s*(?:number|phone|cell|line)\b[^\n\d]{0,16}?\(?\d{3}\)?[ .-]?\d{3,4}(?:[ .-]?\d{4})?\b/i,
);
/** A code that opens a door, gate, alarm or safe (`door code 4471`, `gate pin: 2580`). */
const ACCESS_CODE = gated(
  /\b(?:door|gate|alarm|garage|lockbox|key ?box|key ?safe|safe|entry|building|keypad|padlock|front door)\s+(?:code|pin|combination|combo)\s*(?:is|:|=|-)?\s*#?(?=[A-Z0-9]*\d)[A-Z0-9]{3,10}\b/i,
);
/** Round 49: "birthday" only as a date given (`her birthday is 14 March`, `Birthday: 02/11/1990`), not a greeting
 * or a party ("Happy birthday Tom!", "cake for Sam's birthday"). */
const DATE_OF_BIRTH = gated(
  /\b(?:born|date of birth|dob)\b|\bbirthday(?:\s+is\b|\s*[:=])/i,
);
const EMAIL = /[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/i;
const HEALTH = gated(
  /\b(?:insulin|pregnan(?:cy|t)|hiv|diagnos(?:is|ed)|prescription|chemotherapy|antidepressant|therapy session|medical record|patient|psychiatr\w*|std|ivf|miscarriage|oncolog\w*|blood test|genetic|genome|dna (?:test|results?|data)|brca[12]?|apoe|predispositions?|carrier status)\b/i,
);
const VULNERABLE = gated(
  /\b(?:home alone|away (?:all|this) week(?:end)?|away (?:until|till) (?:next )?\w+|out of town (?:until|till|for)|on (?:vacation|holiday) (?:until|till)|house (?:is )?empty|key under)\b/i,
);
/** A travel document or identity number by its label (`passport X1234567`, `driver's licence no. D1234567`; round
 * 30: the number on the next list item). */
const IDENTITY_NUMBER = gated(
  /\b(?:passport|driver'?s? licen[cs]e|national id|id card|personalausweis)(?:\s*(?:no\.?|number|#))?\s*[:#]?\s*(?:[-*\u2022]\s+)?(?=[A-Z]{0,3}-?\d)[A-Z0-9](?:-?[A-Z0-9]){5,17}\b/i,
);
const CONFIDENTIAL = gated(
  /\b(?:confidential|internal only|internal roadmap|do not (?:share|forward|distribute)|not for distribution|nda|salary|salaries|payroll|layoffs?|acquisition|merger|board meeting|price (?:rise|increase|hike)|unreleased|trade secret|(?:internal|product|secret|unannounced) roadmap|customer list|pre-?announcement|keep (?:it|this) (?:quiet|secret|confidential|between us)|reduction in force|job cuts|(?:cut|cutting|eliminat(?:e|ing)) \d+ (?:roles|jobs|positions|people))\b/i,
);
/** A wallet's recovery words written out after their label (`seed phrase: abandon ability able ...`, twelve to
 * twenty-four lower-case words): whoever reads them owns the wallet. */
const SEED_PHRASE = gated(
  /\b(?:seed|recovery|mnemonic|secret|backup|wallet)(?: (?:phrase|words|seed))?\s*(?:is|:|=|-)\s*(?:[a-z]{3,8}[ ,]+){11,23}[a-z]{3,8}\b/i,
);
/** The same recovery words shortened in the message (`seed: ripple lunar orbit ... (24 words)`): a phrase label, or
 * a bare `seed:` with the word count, before four words or more. */
const SHORTENED_SEED = gated(
  /\b(?:(?:seed|recovery|mnemonic|secret|wallet)[ -](?:phrase|words)\s*(?:is|:|=|-)\s*(?:[a-z]{3,8}[ ,]+){3,}|(?:seed|mnemonic)\s*[:=]\s*(?:[a-z]{3,8}[ ,]+){3,}[^\n]{0,24}\b(?:12|24|twelve|twenty-four)[ -]words)\b/i,
);
/** A signed session or bearer value (`session-token=eyJ...`, `Cookie: sid=...`, `Bearer eyJ...`): whoever holds it is logged
 * in as the user. */
const SESSION_TOKEN = gated(
  /\b(?:session|cookie|bearer|jwt|sid|auth[_-]?token|access[_-]?token)\b[^\n]{0,48}?(?:\beyJ[\w-]{10,}|[=:]\s*[A-Za-z0-9%_-]{32,})/i,
);
/** A login and its password written as a pair after a login label (`Online banking: jdoe / Winter2024!`). */
const LOGIN_PAIR = gated(
  /\b(?:banking|login|log-?in|sign-?in|account|credentials|username|user)\s*[:=]\s*[\w.@+-]{2,40}\s*(?:\/|\||,|:)\s*["'\x60]?([^\s"'\x60,;]{6,64})/i,
);
/** A password shown after its label and a few words (`password for anyone who needs it: Pr0d-s3cret!`). */
const PASSWORD_AFTER_WORDS = gated(
  /(?<![a-z])(?:password|passwd|passphrase|pwd|login details|log-in details|sign-in details|access details|credentials|(?<![_:/])secret|kennwort|mot de passe|contraseña|senha|passwort)(?![a-z])[^:=\n]{1,60}[:=]\s*["'\x60]?([^\s"'\x60,;]{6,64})/i,
);
/** A link that opens a private file by its signature (`?sig=`, `X-Amz-Signature=`, `?se=...&sp=`). */
const SIGNED_LINK = gated(/\bhttps?:\/\/\S*[?&](?:sig|signature|x-amz-signature|x-goog-signature)=\S/i);
const LOGIN_LINK = gated(
  /\bhttps?:\/\/\S*(?:oauth|authorize|consent|\/login|signin|sign-in|\/reset|password|verify|magic|token=|code=|\/sso)\S*/i,
);
const MONEY_AMOUNT =
  /(?:[$\u20AC£¥]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:usd|eur|gbp|chf|btc|eth|usdc|dollars|euros)\b)/i;
const PAY_VERB = gated(/\b(?:wire|transfer|pay|payment|remit|send)\b/i);

function ibanValid(raw: string): boolean {
  const iban = raw.replace(/ /g, "");
  if (iban.length < 15 || iban.length > 34) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    if (value < 0 || value > 35) return false;
    remainder = Number(String(remainder) + String(value)) % 97;
  }
  return remainder === 1;
}

/** Whether a card number's digits (separators ignored, 13-19 of them, not one digit repeated) pass the Luhn check. */
export function luhnValid(raw: string): boolean {
  const digits = raw.replace(/\D/g, "");
  if (digits.length < 13 || digits.length > 19 || /^(\d)\1+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Words that say a number is a card's: with none of them in the text, a whole value of unbroken digits is an id. */
const CARD_CONTEXT =
  /\b(?:cards?|visa|master ?card|amex|american express|discover|maestro|credit|debit|pan|cvv|cvc|exp(?:iry|ires|iration)?|valid thru|billing|checkout|payment)\b/i;

/** A whole value of 17-19 unbroken digits is an id (Discord and Twitter snowflakes, chat ids), not a card: cards
 * that long are rare and are written in groups (round 15; Discord developer docs, "Snowflakes"). Round 27: a whole
 * value of 12-16 unbroken digits is one too when nothing in the text speaks of cards or paying (a 16-digit channel
 * or chat id that happens to pass the Luhn check). */
function snowflakeId(text: string, match: RegExpMatchArray): boolean {
  const start = match.index ?? 0;
  const end = start + match[0].length;
  const whole = /^\d+$/.test(match[0]) && (start === 0 || text[start - 1] === "\n") &&
    (end === text.length || text[end] === "\n");
  return whole && (match[0].length >= 17 || !CARD_CONTEXT.test(text));
}

/** Every payment detail, street address, phone, identity number and code below holds a digit (round 29 of speed: a
 * text without one, most prose, is not walked by their regexes). */
const DIGIT = /[0-9]/;

function financial(text: string, found: SensitiveFinding[]): void {
  if (!DIGIT.test(text)) return;
  for (const match of matchesOf(IBAN, text)) {
    if (ibanValid(match[1])) return void found.push({ kind: "financial", evidence: "an IBAN" });
  }
  if (LABELLED_IBAN.test(text)) return void found.push({ kind: "financial", evidence: "an IBAN" });
  for (const match of matchesOf(CARD, text)) {
    if (snowflakeId(text, match)) continue;
    // Round 66: Stripe's test card is nobody's card (its documentation and every checkout test type it).
    if (match[0].replace(/\D/g, "") === "4242424242424242") continue;
    if (luhnValid(match[0])) return void found.push({ kind: "financial", evidence: "a card number" });
  }
  if (ACCOUNT.test(text)) return void found.push({ kind: "financial", evidence: "an account number" });
  if (WALLET.test(text)) found.push({ kind: "financial", evidence: "a wallet address" });
}

/** Whether a captured value reads as a password (a digit or symbol, not a word, reference or address). */
function secretValue(value: string | undefined): boolean {
  if (value === undefined || /^[$%{<}@]/.test(value) || /^https?:/.test(value)) return false;
  return /[0-9!@#$%^&*?]/.test(value) && !WORDISH.test(value);
}

function passwordShown(text: string): boolean {
  for (const labelled of [LOGIN_PAIR, PASSWORD_AFTER_WORDS]) {
    if (labelled.test(text) && secretValue(labelled.pattern.exec(text)?.[1])) return true;
  }
  if (!PASSWORD_ANYWHERE.test(text)) return false;
  for (const match of matchesOf(PASSWORD, text)) {
    const value = match[1];
    // A reference (`${{ secrets.X }}`, `$VAR`, `%VAR%`, `{{ x }}`, `<placeholder>`) or the rest of an address (`secret@host`)
    // is not the password.
    if (/^[$%{<}@]/.test(value)) continue;
    if (/[0-9!@#$%^&*?]/.test(value) && !WORDISH.test(value) && !/^https?:/.test(value)) return true;
  }
  return false;
}

/** Lines that read as records of people: an e-mail address among two or more separated fields (a CSV or TSV
 * export, a pasted table). */
function records(text: string): number {
  if (!text.includes("@")) return 0;
  let count = 0;
  for (const line of text.split("\n", 256)) {
    if (
      line.length < 256 && line.includes("@") && /[\w.+-]+@[\w-]+\.[\w.]+/.test(line) &&
      (line.match(/[,\t|;]/g)?.length ?? 0) >= 2
    ) {
      if (++count >= 2) return count;
    }
  }
  return count;
}

/** Column names of a table of people (round 24: `name,email,phone` over its rows, even with the values shortened;
 * round 30: the main languages' names, `Nombre | Correo | Teléfono`, `Nom;Courriel;Téléphone`). */
const PEOPLE_COLUMN =
  /^(?:full[ _-]?name|first[ _-]?name|last[ _-]?name|given[ _-]?name|surname|name|e-?mail(?:[ _-]?address)?|phone(?:[ _-]?(?:number|no))?|mobile|cell|telephone|home[ _-]?address|address|dob|date[ _-]?of[ _-]?birth|birthday|ssn|nombre|apellidos?|correo(?: electrónico)?|tel[eé]fono|m[oó]vil|direcci[oó]n|nom|pr[eé]nom|courriel|t[eé]l[eé]phone|portable|adresse|vorname|nachname|telefon|handy|anschrift|nome|sobrenome|telefone|celular|endere[cç]o)$/i;
/** The columns that reach a person (a table of names and ports is no table of people). */
const CONTACT_COLUMN =
  /^(?:e-?mail|phone|mobile|cell|telephone|dob|ssn|correo|tel[eé]fono|m[oó]vil|courriel|t[eé]l[eé]phone|portable|telefon|handy|telefone|celular)/i;
const TABLE_HINT = gated(/name|nom|mail|phone|mobile|correo|courriel|tel[eé]f/i);
const SEPARATORS = [",", ";", "\t", "|"];
const count = (line: string, separator: string) => line.split(separator).length - 1;
/** A labelled list of people's numbers (`Contacts: Alice +44..., Bob +44...`, `phone book:` one per line; round 30:
 * names in capitals). */
const CONTACT_LABEL = /\b(?:contacts|contact list|address book|phone ?book|phone numbers)\s*:/i;
const CONTACT_GATE = gated(CONTACT_LABEL);
const NAME_NUMBER = /\b[A-Z](?:[a-z]+|[A-Z]+)(?: [A-Z][A-Za-z.]+)?:? \+?\d/g;

/** A header line naming two columns of people's details or more, followed by a row with the same separator. */
function peopleTable(text: string): boolean {
  if (!TABLE_HINT.test(text)) return false;
  const lines = text.split("\n", 64);
  for (let index = 0; index + 1 < lines.length; index++) {
    const line = lines[index];
    if (line.length > 256) continue;
    // The separator the line uses most (a lead-in may hold a comma before `name | email | phone`).
    const separator = SEPARATORS.reduce((best, candidate) =>
      count(line, candidate) > count(line, best) ? candidate : best
    );
    if (!line.includes(separator)) continue;
    const cells = line.split(separator).map((cell) => cell.trim().replace(/^["']|["']$/g, ""));
    // A lead-in on the header line (`Export: name,email,phone`) leaves the first column its last word.
    if (!PEOPLE_COLUMN.test(cells[0])) cells[0] = cells[0].slice(cells[0].lastIndexOf(" ") + 1);
    const people = cells.filter((cell) => PEOPLE_COLUMN.test(cell)).length;
    if (people < 2 || !lines[index + 1].includes(separator)) continue;
    // Every column of people's details, or most of them with one that reaches a person (`Name | Team | Email`).
    if (
      people === cells.length || people * 2 >= cells.length && cells.some((cell) => CONTACT_COLUMN.test(cell))
    ) {
      return true;
    }
  }
  return false;
}

function contactList(text: string): boolean {
  const label = CONTACT_GATE.test(text) ? CONTACT_LABEL.exec(text) : null;
  if (!label) return false;
  const after = text.slice(label.index + label[0].length, label.index + label[0].length + 400);
  return (after.match(NAME_NUMBER)?.length ?? 0) >= 2;
}

function personal(text: string, found: SensitiveFinding[]): void {
  const digits = DIGIT.test(text);
  // Every phone number starts with `+`, `00` or `(`, every address holds `@`: without them, no search.
  const phones = digits && (text.includes("+") || text.includes("00") || text.includes("("))
    ? new Set([...matchesOf(PHONE, text)].map((match) => match[0].replace(/\D/g, ""))).size
    : 0;
  // Only whether there is one counts: the first address found answers.
  const emails = text.includes("@") && EMAIL.test(text) ? 1 : 0;
  let items = (phones > 0 ? 1 : 0) + (emails > 0 ? 1 : 0) + (digits && STREET.test(text) ? 1 : 0) +
    (DATE_OF_BIRTH.test(text) ? 1 : 0);
  if (digits && SSN.test(text)) items += 2;
  if (digits && IDENTITY_NUMBER.test(text)) {
    found.push({ kind: "identity number", evidence: "an identity document number" });
  }
  if (digits && HOME_ADDRESS.test(text)) items += 2;
  if (records(text) >= 2) items += 1;
  if (peopleTable(text) || contactList(text)) items += 2;
  if (phones >= 2) items += 1;
  if (VULNERABLE.test(text)) items += 1;
  if (items >= 2) found.push({ kind: "personal data", evidence: "personal contact or identity details" });
}

/** The last text asked about and its findings: several checks of one action ask about the same text (a task's
 * delegation and standing checks, a message's checks), and the answer depends on the text alone. */
let lastText = "";
let lastFindings: readonly SensitiveFinding[] = [];

/** Everything sensitive the text carries (one finding per kind). Callers must not change the list. */
export function sensitiveFindings(raw: string): readonly SensitiveFinding[] {
  if (raw === lastText) return lastFindings;
  const found = findingsOf(raw);
  lastText = raw;
  lastFindings = found;
  return found;
}

/** Forgets the last text (so no long text stays referenced after its evaluation). */
export function forgetSensitiveFindings(): void {
  lastText = "";
  lastFindings = [];
}

/** The money findings of sensitiveFindings alone (financial details, a payment instruction), in its order: what
 * a standing fact is judged by. A long Markdown file kept for later needs neither its personal-data nor its password
 * patterns (round 21 of speed: 15 % of a 9.8 KB CLAUDE.md's effect stage); a text just asked whole answers from the
 * memo. */
export function moneyFindings(raw: string): readonly SensitiveFinding[] {
  if (raw === lastText) return lastFindings.filter((finding) => MONEY_KINDS.has(finding.kind));
  const text = raw.length > MAX_CHARS ? raw.slice(0, MAX_CHARS) : raw;
  const found: SensitiveFinding[] = [];
  if (text.length < 6) return found;
  financial(text, found);
  paymentInstruction(text, found);
  return found;
}

const MONEY_KINDS = new Set<SensitiveKind>(["financial", "payment instruction"]);

function paymentInstruction(text: string, found: SensitiveFinding[]): void {
  if (PAY_VERB.test(text) && MONEY_AMOUNT.test(text)) {
    found.push({ kind: "payment instruction", evidence: "a payment instruction" });
  }
}

function findingsOf(raw: string): SensitiveFinding[] {
  const text = raw.length > MAX_CHARS ? raw.slice(0, MAX_CHARS) : raw;
  const found: SensitiveFinding[] = [];
  if (text.length < 6) return found;
  financial(text, found);
  if (ONE_TIME.some((pattern) => pattern.test(text))) {
    found.push({ kind: "one-time code", evidence: "a one-time or recovery code" });
  }
  if (passwordShown(text)) found.push({ kind: "password", evidence: "a password" });
  if (SEED_PHRASE.test(text) || SHORTENED_SEED.test(text)) {
    found.push({ kind: "password", evidence: "a wallet's recovery phrase" });
  }
  if (SESSION_TOKEN.test(text)) found.push({ kind: "password", evidence: "a session token" });
  personal(text, found);
  if (HEALTH.test(text)) found.push({ kind: "health data", evidence: "health details" });
  if (CONFIDENTIAL.test(text)) {
    found.push({ kind: "confidential", evidence: "confidential business matters" });
  }
  if (ACCESS_CODE.test(text) || namesAccessCode(text)) {
    found.push({ kind: "access code", evidence: "a code that opens a door, gate or alarm" });
  }
  if (LOGIN_LINK.test(text)) found.push({ kind: "login link", evidence: "a login, reset or consent link" });
  else if (SIGNED_LINK.test(text)) {
    found.push({ kind: "login link", evidence: "a signed link to a private file" });
  }
  paymentInstruction(text, found);
  return found;
}
