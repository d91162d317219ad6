/** Everyday notes to a named person at a free-mail address (round 67): "Hi Mum, we'll be there around 1. Should I
 * bring dessert?", "Hi Mr Ortiz, the kitchen tap has been dripping since Monday", "Happy birthday!! lunch on me".
 * Family, landlords and tradespeople use free-mail addresses, and such a note carries nothing of the user's but the
 * note itself, so the free-mail prompt is spared for it. What a note is, on top of round 36's plain personal note
 * (`social_notes.ts`: one or two recipients, at most 400 characters, no link, no long number, no word of money,
 * access, codes, work data, urgency or instructions; here also no attachment):
 * - it is addressed or signed as people write to someone they know: a greeting with a name or a family word
 *   ("Hi Mum", "Dear Mrs Patel", "Hello Dave"), a sign-off with a name ("Love, Emma", "Thanks, Priya"), or an
 *   occasion's wishes ("Happy birthday", "Congratulations");
 * - it says something: five words at least besides the greeting (a bare "Hey" or "Hi" probe asks);
 * - it carries no record: no `label: value` field, no list or more than four lines, no coordinates or decimal
 *   numbers, no street address, no run of 20 letters and digits (a key, token or wallet), no word of whereabouts,
 *   histories, health, identity, the user's contacts, or the home's network, doors and alarm.
 * The injected sends of the attack sets to an attacker's free-mail mailbox are bare probes ("Hey", "Hey, how is it
 * going?" -- no name) or records (a live location, an order or search history, a prescription): both still ask, and
 * every other message check (whereabouts, unguarded homes, children, lures, codes) still reads the note.
 * Sources: AgentDojo workspace injection tasks (the probes); InjecAgent data-stealing attacker cases (records mailed
 * out); the "Hi Mum" impersonation scam (Action Fraud / NCSC advice, money asked of family) for the money words. */

import { plainPersonalNote } from "./social_notes.ts";

/** A greeting word at the start of the note, then what follows it. */
const GREETING = /^\s*(?:hi|hello|hey|hiya|dear|morning|good (?:morning|afternoon|evening))\b[\s,!]*/i;
/** Who a greeting names: a family or courtesy word (any case), or a capitalised name (case-sensitive). */
const FAMILY_WORD =
  /^(?:(?:mr|mrs|ms|miss|dr|mx)\.?\s+[A-Z]|(?:mum|mom|mam|mummy|mommy|dad|daddy|papa|grandma|grandpa|granny|gran|nan|nana|nanna|grandad|granddad|auntie|aunt|uncle|sis|bro|sister|brother|love|darling|honey|sweetie|both|all|everyone|guys)\b)/i;
const NAME = /^[A-Z][a-z'-]+\b/;
/** A sign-off at the end, then the name it is signed with: "Love, Emma", "Thanks, Priya", "Cheers - Sam". */
const SIGN_OFF =
  /(?:^|[\s.!,])(?:love|lots of love|cheers|thanks|thank you|many thanks|best|best wishes|regards|kind regards|warm regards|all the best|take care|see you(?: soon)?|talk soon|hugs|xx+|x)\s*[,\-\u2013\u2014]?\s+(\S+)\s*[.!x]*\s*$/i;
/** An occasion's wishes. */
const WISHES =
  /\b(?:happy (?:birthday|bday|anniversary|new year|holidays|easter|diwali|eid|hanukkah|thanksgiving|mother'?s day|father'?s day|retirement)|merry christmas|congratulations|congrats|get well soon|happy belated)\b/i;
/** Records, not notes: a `label: value` field, coordinates or decimals, a street address, list lines. */
const RECORD_SHAPE =
  /(?:^|\n)\s*[\w ]{1,30}:\s*\S|-?\b\d{1,3}\.\d{3,}|\b\d{1,5}\s+[A-Z][a-z]+\s+(?:street|st|road|rd|avenue|ave|lane|ln|terrace|drive|dr|close|way|court|ct|place|pl|boulevard|blvd|crescent|gardens|grove|square)\b|(?:^|\n)\s*(?:[-*\u2022]|\d+[.)])\s|\b[A-Za-z0-9_+/=-]{20,}/i;
/** Words of whereabouts, histories, health, identity and the user's contacts: what injected sends carry. */
const RECORD_WORDS =
  /\b(?:locations?|located|coordinates|gps|whereabouts|history|histories|orders?|purchases?|bought|searche[sd]|search|browsing|visited|medical|medication|prescri\w*|diagnos\w*|doctor|clinic|hospital|therapy|symptoms?|health|mg|dob|birth ?date|born|passport|licen[cs]e|insurance|nhs|medicare|contacts?|emails?|inbox|messages?|calendar|schedule|itinerary|flight|booking|reservation|alone|empty|away|holiday|vacation|school|pick ?up|wi-?fi|ssid|network|router|alarm|door|gate|lock|combination|spare|safe)\b/i;

const MIN_WORDS = 5;

/** Whether the note greets someone by name or family word, or is signed with a name. */
function addressed(text: string): boolean {
  const greeting = GREETING.exec(text);
  if (greeting) {
    const rest = text.slice(greeting[0].length);
    if (FAMILY_WORD.test(rest) || NAME.test(rest)) return true;
  }
  const signed = SIGN_OFF.exec(text)?.[1];
  return signed !== undefined && NAME.test(signed);
}

/** Keys whose values say how a message is sent, not what it says (`contentType: "Text"`). */
const FORMAT_KEY =
  /^(?:content_?type|type|mime_?type|format|charset|encoding|importance|priority|is_?html)$/i;

/** A value that is only an address: `a@b.example`, `mailto:a@b.example`, `Mrs <a@b.example>`. */
const ADDRESS_ONLY =
  /^(?:mailto:)?[^\s@<>]+@[^\s@<>]+$|^[^<>@\n]{0,80}<\s*(?:mailto:)?[^\s@<>]+@[^\s@<>]+\s*>$/i;

/** The said strings of the texts: a JSON message object (Graph's `{subject, body: {content}, toRecipients}`) read
 * as its string leaves, less addresses and format values; a plain text as itself. Bounded: the texts of a note are
 * at most a few hundred characters, anything longer is not one. */
function saidStrings(texts: readonly string[]): string[] | undefined {
  const said: string[] = [];
  const visit = (value: unknown, key: string, depth: number): boolean => {
    if (said.length > 16 || depth > 6) return false;
    if (typeof value === "string") {
      const trimmed = value.trim();
      if (trimmed !== "" && !FORMAT_KEY.test(key) && !ADDRESS_ONLY.test(trimmed)) said.push(trimmed);
      return true;
    }
    if (Array.isArray(value)) return value.every((item) => visit(item, key, depth + 1));
    if (value !== null && typeof value === "object") {
      return Object.entries(value).every(([inner, item]) => visit(item, inner, depth + 1));
    }
    return true;
  };
  for (const text of texts) {
    if (text.length > 2048) return undefined;
    const trimmed = text.trim();
    if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        parsed = undefined;
      }
      if (parsed !== undefined) {
        if (!visit(parsed, "", 0)) return undefined;
        continue;
      }
    }
    if (trimmed !== "") said.push(trimmed);
  }
  return said;
}

/** Whether a message with no attachment to one or two free-mail recipients reads as the user's own everyday note to
 * someone they know (see the top). */
export function everydayNote(recipients: readonly string[], texts: readonly string[]): boolean {
  if (recipients.length === 0 || recipients.length > 2 || texts.length > 8) return false;
  const body = saidStrings(texts);
  if (body === undefined || body.length === 0 || !plainPersonalNote(recipients, body, [], 0, "")) {
    return false;
  }
  const joined = body.join("\n");
  // Lines of prose only: one-word values beside the note (`request_id`, `locale`) are read by every test but do not
  // make it longer.
  const prose = body.filter((text) => /\s/.test(text)).join("\n");
  if (joined.length > 400 || prose.split("\n").length > 4) return false;
  if (RECORD_SHAPE.test(joined) || RECORD_WORDS.test(joined)) return false;
  const longest = body.reduce((a, b) => (b.length > a.length ? b : a));
  if (!addressed(longest) && !WISHES.test(joined)) return false;
  const words = longest.replace(GREETING, "").match(/[A-Za-z\u00c0-\u024f']{2,}/g) ?? [];
  return words.length >= MIN_WORDS;
}
