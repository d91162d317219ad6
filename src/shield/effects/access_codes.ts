/** Codes that open a place, in the wordings a message uses (round 45): the sensitive-data finder read `door code
 * 4471` and `gate pin: 2580` only, the code right after its name. A message to a channel says "the office door code
 * changed to 7741#", "the alarm code for the warehouse is 4-7-1-9", "the code for the back gate is 2580#", "server
 * room keypad: 0613", "the lockbox opens with 3-3-1-8", "le digicode de l'immeuble est 4B712", and a Wi-Fi password
 * ("staff Wi-Fi password is now BlueFalcon2026!"). Posted to visitors, a public feed or a mailing list, the code
 * lets anyone in (ToolEmu's smart-lock cases; AgentDAM's privacy leaks). A code is three digits or more, or for a
 * Wi-Fi password eight characters mixing letters with digits or symbols; "the door code changes on Monday" and
 * "the password is on the card at reception" name none. */

import { gated } from "./gate.ts";
import { matchesOf } from "../match_all.ts";

/** A place or device a code opens. */
const PLACE = String
  .raw`(?:doors?|front door|back door|side door|gates?|garage|alarm|lockbox|lock ?box|key ?box|key ?safe|safe|entry|entrance|building|server room|office|padlock|intercom|buzzer|storeroom|warehouse|puerta|portal|port[oó]n|port[aã]o|alarma|alarme|allarme|portail|porte|immeuble|t[üu]r|haust[üu]r|tor|cancello|portone)`;
/** A word for the code. */
const CODE_WORD = String
  .raw`(?:codes?|pin|combination|combo|passcode|keypad|c[oó]digo|codice|code d'acc[eè]s|zahlencode)`;
/** A code word that names its place by itself. */
const PLACED_CODE = String
  .raw`(?:digicode|keypad code|t[üu]rcode|torcode|alarmcode|zugangscode|tastencode|door ?code|gate ?code|entry ?code|lockbox code)`;
/** What joins the name to the code. */
const LINK = String.raw`(?:\b(?:is|are|now|to|with|reads|est|es|ist|lautet)\b|\s(?:è|é)|[:=])`;
/** The code: from a digit (or a letter and a digit, `4B712`), with `#`, `*`, and spaces or dashes between digits. */
const VALUE = String.raw`\s*["'${"\u201C"}]?([#*]?(?:[0-9]|[A-Z][0-9])(?:[A-Z0-9#*]|[ -](?=[0-9]))*)`;

const NAMED_CODE = new RegExp(
  String
    .raw`\b(?:${PLACE}\b[^.?!\n]{0,40}?\b${CODE_WORD}|${PLACED_CODE})\b(?:[^.?!\n\d]{0,40}?${LINK})?${VALUE}` +
    String
      .raw`|\b${CODE_WORD}\s+(?:for|of|to|on|de|du|del|de la|für|zur|zum|per)\s+[^.?!\n\d]{0,30}?\b${PLACE}\b[^.?!\n\d]{0,30}?${LINK}${VALUE}` +
    String
      .raw`|\b(?:lockbox|lock ?box|key ?box|key ?safe|safe|padlock|gate|door)\b[^.?!\n\d]{0,40}?\bopens? with${VALUE}`,
  "gi",
);
const WIFI_PASSWORD = new RegExp(
  String
    .raw`\b(?:wi-?fi|wlan|wireless|ssid|wpa2?|network)\b[^.?!\n]{0,40}?\b(?:password|passphrase|passcode|pass|key|pw|pwd|mot de passe|contrase[ñn]a|clave|passwort|senha)\b[^.?!\n]{0,30}?${LINK}\s*["'${"\u201C"}]?([^\s"'${"\u201D"},;]{8,63})`,
  "gi",
);
const GATE = gated(
  new RegExp(String.raw`\b(?:${PLACE}|${PLACED_CODE}|wi-?fi|wlan|wireless|ssid|network)\b`, "i"),
);

const digits = (value: string) => value.replace(/\D/g, "").length;
/** A Wi-Fi password: letters with digits or symbols, not a word of prose (`reception.`). */
const passwordLike = (value: string) =>
  /[A-Za-z]/.test(value) && (/\d/.test(value) || /[!@#$%^&*?]/.test(value));

/** Whether the text gives a code that opens a place, or a Wi-Fi password. */
export function namesAccessCode(text: string): boolean {
  if (text.length > 16 * 1024 || !GATE.test(text)) return false;
  let seen = 0;
  for (const match of matchesOf(NAMED_CODE, text)) {
    // Each form captures its own code: the one that took part is the one defined.
    if (digits(match[1] ?? match[2] ?? match[3] ?? "") >= 3) return true;
    if (++seen >= 8) break;
  }
  seen = 0;
  for (const match of matchesOf(WIFI_PASSWORD, text)) {
    if (passwordLike(match[1])) return true;
    if (++seen >= 8) break;
  }
  return false;
}
