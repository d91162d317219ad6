/** People's private details written into a folder others read (round 44): a table or records whose columns or keys
 * name home addresses, dates of birth, national identity, passport or tax numbers, salaries, bank accounts, health
 * details, personal phones or emergency contacts, written under `public/`, `shared/`, a web root (`www`, `htdocs`,
 * `static`) or a synced folder (Dropbox, OneDrive, Google Drive, iCloud, Nextcloud). A public list of shops' addresses
 * and phones, or a team page's names, roles and work emails, names none of them and passes; so does the same table
 * written anywhere else (a test fixture, a report for the user). Sources: ICO guidance on personal data breaches
 * (data published online in error); GDPR Art. 9 and 32; OWASP Top 10 for LLM Applications, LLM02 Sensitive
 * Information Disclosure. */

import type { Findings } from "./findings.ts";

const PUBLIC_FOLDER =
  /(?:^|\/)(?:shared|share|public|public_html|www|htdocs|static|dropbox|onedrive|google ?drive|gdrive|icloud ?drive|nextcloud)\//;
/** A column or key naming a private detail of a person, after normalising (`home_address` -> `home address`). */
const PRIVATE_FIELD =
  /^(?:home|home address|residential address|personal address|private address|dob|date of birth|birth ?date|birthday|ssn|social security(?: number| no)?|sin|national (?:id|insurance)(?: number| no)?|ni (?:number|no)|nino|passport(?: number| no)?|tax id|tin|(?:driver s|drivers) licen[cs]e(?: number| no)?|salary|wage|compensation|bank account|account number|iban|sort code|diagnosis|condition|medical(?: notes| history)?|medication|allergies|disability|personal (?:phone|mobile|email)|home phone|private phone|emergency contact|next of kin)$/;
/** A column naming the people the rows are about. */
const PERSON_FIELD =
  /^(?:name|full name|first name|last name|surname|employee|patient|tenant|customer|student|member|staff|child|guest|person|resident|client|new starter)$/;
const MAX_TEXT = 64 * 1024;
const MAX_LINES = 24;

function normalised(cell: string): string {
  return cell.replace(/<[^>]{0,40}>/g, " ").replace(/[^a-z0-9]+/gi, " ").trim().toLowerCase();
}

/** Whether a header's cells name a private detail of the people a table lists. */
function privateHeader(cells: readonly string[]): boolean {
  const names = cells.map(normalised).filter((cell) => cell !== "");
  const privateCount = names.filter((cell) => PRIVATE_FIELD.test(cell)).length;
  return privateCount >= 2 || (privateCount === 1 && names.some((cell) => PERSON_FIELD.test(cell)));
}

/** A CSV, TSV, pipe or HTML table whose header names private details, with a row under it. */
function privateTable(text: string): boolean {
  const lines = text.slice(0, 8 * 1024).split("\n", MAX_LINES);
  for (let index = 0; index < lines.length - 1; index++) {
    const line = lines[index];
    if (line.includes("<th")) {
      const cells = [...line.matchAll(/<th[^>]{0,40}>([^<]{1,40})<\/th>/gi)].map((match) => match[1]);
      if (privateHeader(cells) && /<td/i.test(text)) return true;
      continue;
    }
    const separator = ["\t", "|", ",", ";"].find((mark) => line.split(mark).length >= 3);
    // A row within the next three lines (a note or a wrapped cell may come between).
    if (!separator || !lines.slice(index + 1, index + 4).some((next) => next.includes(separator))) continue;
    if (privateHeader(line.split(separator))) return true;
  }
  return false;
}

/** Records (JSON or YAML) keyed by private details of a named person (`{"name": ..., "dob": ...}`, `home_address: ...`);
 * a key opening an object or a list (a schema's `"dob": {"type": ...}`) is no value. */
function privateRecords(text: string): boolean {
  const keys = [...text.slice(0, 8 * 1024).matchAll(/["']?([A-Za-z][\w -]{1,30})["']?\s*:[ \t]*[^\s{[]/g)]
    .slice(0, 64).map((match) => match[1]);
  return keys.length >= 2 && privateHeader(keys);
}

export function judgePublicPeopleData(
  tool: string,
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  if (!paths.some((path) => PUBLIC_FOLDER.test(path))) return;
  if (!contents.some((text) => text.length <= MAX_TEXT && (privateTable(text) || privateRecords(text)))) {
    return;
  }
  findings.escalate("write", `"${tool}" writes people's private details into a folder others read`);
}
