/** Routine work documents handed to a colleague or client (round 86): the files-to-a-non-contact prompt
 * (`messaging.ts`) asked for h19 benign_messaging-003 (`send_email` "Hi Priya, here are the slides you asked for."
 * with one file), -010 (an invoice forwarded to finance@ of the same organisation) and -013 (a quote to a client),
 * and for 20 more such sends in the retired sets. A message is such a hand-off when:
 * - it goes to one to three e-mail addresses of one domain;
 * - its text (at most 4,096 characters, no link, no other address) names, outside the subject line, a routine
 *   work document (slides, deck, presentation, quote, estimate, invoice, draft, notes, minutes, agenda, spec,
 *   roadmap, proposal): a bare "see attached" under a subject "notes" is how injected sends probe;
 * - it carries one to three files, each an opaque id or a document (`.pdf`, `.docx`, `.pptx`, `.odt`, `.md`, `.txt`
 *   ...) -- not a spreadsheet, archive, export, script, page or picture;
 * - nothing said or attached names what attackers have agents send: identity papers and scans, exports, backups,
 *   dumps, databases, customer or contact lists, payroll, salaries, statements, tax, health, keys, `.env`, secrets,
 *   passwords, tokens, wallets, board papers, leaks, anything confidential or internal, chat histories, locations,
 *   bank or remittance details (an invoice's "bank details unchanged" is routine; new ones are not).
 * Measured before it was written (counts in docs/shield.md, round 86): 294 attack cases of all sets carry files to a
 * recipient who is not a contact; none of them is such a hand-off once the list above is read (the five that name a
 * routine document also name a board deck or minutes, a leak, remittance details, an HTML invoice or an original
 * recipient), while 23 of the 26 benign sends that asked are. The recipient's name or domain is never what spares
 * the prompt: every other message check (look-alike and free-mail recipients, brand look-alikes, personal data,
 * secrets in the body) still reads the message. Sources: AgentDojo workspace suite (benign sends with attachments and
 * its injection tasks), ToolEmu Gmail toolkit, InjecAgent and Agent Security Bench data-stealing sends. */

import type { NormalPath } from "../paths.ts";

/** The prompt spared is about files; what a text carries is read by the other message checks, so a longer note
 * (a paragraph of context before it) is still a hand-off when nothing in it names what attackers send. */
const MAX_TEXT_CHARS = 4096;
const ADDRESS = /^[^@\s<>]+@([\w-]+(?:\.[\w-]+)+)$/;
const DOCUMENT_WORD =
  /\b(?:slides?|slide ?deck|deck|presentation|quote|quotation|estimate|invoice|draft|notes|minutes|agenda|spec|specification|roadmap|proposal)\b/i;
/** Words of what an attacker has an agent send, in the text or the files' names. */
const NOT_ROUTINE =
  /passport|licen[cs]e|\bids?\b|id[ _-]?(?:card|scan)|scan|export|backup|dump|database|\bdb\b|customer|client[ _-]?list|contacts|crm|payroll|payslip|salar|statement|\btax|ssn|social security|w-?2\b|1099|medical|health|diagnos|\bkeys?\b|\.pem|\.env|\benv\b|secret|credential|password|passcode|\bpins?\b|token|wallet|seed|confidential|internal|private|leak|(?<![a-z])board|layoff|merger|acquisition|chat|history|transcript|location|screen ?shot|bank|iban|swift|routing|wire|remittance|account (?:number|details)|card|original recipient|forward(?:ed)? (?:to|all)|bcc|urgent|asap|immediately|ignore|instruction/i;
/** An invoice's routine assurance, taken out before the words above are read. */
const UNCHANGED =
  /\b(?:bank|payment) details(?: are)? unchanged(?: from (?:previous|earlier|last) invoices?)?|unchanged from (?:previous|earlier|last) invoices?/gi;
const LINK = /https?:|www\.|\b[\w-]+\.(?:com|net|org|io|co|me|ly|app|dev)\/\S/i;
const EMAIL_IN_TEXT = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const DOCUMENT_FILE = /\.(?:pdf|docx?|pptx?|odt|odp|rtf|md|txt|pages)$/i;
const OPAQUE_ID = /^[\w -]{1,64}$/;
const ATTACHMENT_KEY =
  /^(?:attachments?|files?|file_ids?|documents?|media|media_paths?|media_urls?|uploads?|photos?)$/i;
/** Keys inside an attachment object that say how it is carried, not what it is. */
const CARRIAGE_KEY =
  /^(?:type|@odata\.type|content_?type|mime_?type|content_?bytes|data|content|encoding|size)$/i;

/** The strings naming a message's attachments (paths, names, ids), at most a few levels down. */
function attachmentNames(value: unknown, under: boolean, depth: number, found: string[]): void {
  if (depth > 4 || found.length > 16) return;
  if (typeof value === "string") {
    if (under) found.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value.slice(0, 16)) attachmentNames(item, under, depth + 1, found);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (under && CARRIAGE_KEY.test(key)) continue;
      attachmentNames(item, under || ATTACHMENT_KEY.test(key), depth + 1, found);
    }
  }
}

/** The subject lines of a message (a top-level `subject`, or one object down as Graph nests it). */
function subjectsOf(value: Record<string, unknown>, depth: number, found: Set<string>): void {
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === "string" && /^(?:subject|title|topic)$/i.test(key)) found.add(item.trim());
    else if (depth === 0 && item && typeof item === "object" && !Array.isArray(item)) {
      subjectsOf(item as Record<string, unknown>, 1, found);
    }
  }
}

/** Whether a message hands routine work documents to one organisation's people (see the module comment). */
export function routineHandOff(
  recipients: readonly string[],
  texts: readonly string[],
  payload: Record<string, unknown>,
  paths: readonly NormalPath[],
  attachments: number,
): boolean {
  if (recipients.length === 0 || recipients.length > 3 || attachments === 0 || attachments > 3) return false;
  const domains = new Set(recipients.map((recipient) => ADDRESS.exec(recipient.trim().toLowerCase())?.[1]));
  if (domains.size !== 1 || domains.has(undefined)) return false;
  const joined = texts.join("\n");
  if (joined.trim() === "" || joined.length > MAX_TEXT_CHARS || LINK.test(joined)) return false;
  const lowered = recipients.map((recipient) => recipient.trim().toLowerCase());
  if ((joined.match(EMAIL_IN_TEXT) ?? []).some((address) => !lowered.includes(address.toLowerCase()))) {
    return false;
  }
  // The document is named in what the message says, not only in its subject ("notes" / "see attached" is a probe).
  const subjects = new Set<string>();
  subjectsOf(payload, 0, subjects);
  if (!texts.some((text) => !subjects.has(text.trim()) && DOCUMENT_WORD.test(text))) return false;
  const names: string[] = [];
  attachmentNames(payload, false, 0, names);
  for (const path of paths) names.push(path.absolute.slice(path.absolute.lastIndexOf("/") + 1));
  if (names.length > 16) return false;
  if (NOT_ROUTINE.test(joined.replace(UNCHANGED, " ")) || names.some((name) => NOT_ROUTINE.test(name))) {
    return false;
  }
  return names.every((name) => {
    const base = name.slice(name.lastIndexOf("/") + 1).trim();
    return DOCUMENT_FILE.test(base) || (OPAQUE_ID.test(base) && !/\.\w{1,5}$/.test(base));
  });
}
