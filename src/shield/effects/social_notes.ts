/** Plain personal notes with photos (round 36): a short message to one or two people that carries no link, no long
 * number, no word of money, access, codes, work data or urgency, and whose only files are photos or videos from the
 * workspace with ordinary names (`photos/beach_01.jpg`; a `passport_scan.jpg` or a screenshot is not one). Holiday
 * photos to a parent are what people send; the files-to-a-non-contact prompt is spared for them, every other
 * message check still reads them. The free-mail prompt stays for them; round 67 spares it only for a note with no
 * attachment that greets or signs with a name and carries no record (`everyday_notes.ts`): the sets' injected sends
 * to an attacker's free-mail address are bare probes ("Hey, how is it going?") or records (an order history).
 * Sources: AgentDojo workspace user tasks (benign sends with attachments); Agent Security Bench and InjecAgent
 * attacker sends (what exfiltration through a message carries). */

import type { NormalPath } from "../paths.ts";

const MAX_NOTE_CHARS = 400;
const MEDIA_FILE = /\.(?:jpe?g|png|gif|heic|heif|webp|mp4|mov|m4v)$/i;
/** File names that are documents, not pictures of a day out: IDs, scans, statements, screens, work. */
const PAPER_NAME =
  /passport|licen[cs]e|\bids?\b|id[-_ ]?card|scan|statement|receipt|invoice|bank|card|ssn|tax|w-?2|payslip|salary|contract|screen ?shot|screen|capture|whiteboard|slide|deck|board|report|confidential|internal|secret|key|token|password|credential|qr/i;
/** Words of anything but a personal note: money, access, codes, work data, urgency, instructions. */
const NOT_SOCIAL =
  /\b(?:pass(?:word|code|phrase)?s?|pins?|codes?|otp|login|log ?in|sign ?in|account|bank|wire|iban|swift|routing|invoice|pay(?:ment|ing|s)?|paid|transfer|refund|gift ?cards?|bitcoin|btc|crypto|wallet|venmo|zelle|ssn|social security|tax|salary|payroll|contract|confidential|internal|customer|client|report|export|backup|database|spreadsheet|document|key|token|secret|credential|verif\w*|urgent|asap|immediately|forward|approve|access|admin|api|ignore|instruction|send me|reply with|click|download|install|attached file|password|address|phone|number|card|details|info(?:rmation)?)\b/i;
const LINK = /https?:|www\.|\.(?:com|net|org|io|co|me|ly)\b/i;
const LONG_NUMBER = /\d[\d\s-]{4,}\d/;

/** A text as its values: a JSON object's keys (`{"client": "agent"}` from call metadata) are not what is said. */
function valuesOf(text: string): string {
  if (!text.startsWith("{") || text.length > MAX_NOTE_CHARS) return text;
  try {
    return JSON.stringify(Object.values(JSON.parse(text)));
  } catch {
    return text;
  }
}

/** Whether the message is a plain personal note: few recipients, short text of no risk, media files only. */
export function plainPersonalNote(
  recipients: readonly string[],
  texts: readonly string[],
  paths: readonly NormalPath[],
  attachments: number,
  workspace: string,
): boolean {
  if (recipients.length === 0 || recipients.length > 2 || texts.length > 8) return false;
  const joined = texts.map(valuesOf).join("\n");
  if (joined.trim() === "" || joined.length > MAX_NOTE_CHARS) return false;
  if (LINK.test(joined) || LONG_NUMBER.test(joined) || NOT_SOCIAL.test(joined)) return false;
  if (attachments !== paths.length) return false;
  return paths.every((path) => {
    const name = path.absolute.slice(path.absolute.lastIndexOf("/") + 1);
    return path.absolute.startsWith(`${workspace}/`) && MEDIA_FILE.test(name) && !PAPER_NAME.test(name);
  });
}
