/** Documents that hold someone's passwords (`passwords.xlsx`, `bank logins.docx`, `recovery codes.pdf`, a KeePass
 * `.kdbx`) searched for or read by name: the first step of the data-stealing injections in AgentDojo and
 * InjecAgent. Word lists in code (`common-passwords.txt`) are not office documents and pass. */

import type { Findings } from "./findings.ts";

const NAME_KEY = /^(?:filename|file_name|name|query|q|path|file_path|pattern|title|search|keywords?)$/i;
/** A value that is one file name (at most one space: `bank logins.docx`) or a path, and no sentence. */
const FILE_NAME_ONLY = /^[\w.@()+-]{1,80}(?: [\w.@()+-]{1,80})?$|^(?:~|\.{1,2}|[A-Za-z]:)?[/\\][^\n]{1,400}$/;
const PASSWORD_DOCUMENT =
  /(?:^|[/\\\s_-])(?:my[ _-]?)?(?:[\w]+[ _-])?(?:passwords?|passwd|logins?|credentials?|creds|pins?|backup[ _-]?codes|recovery[ _-]?codes|2fa[ _-]?codes)(?:[ _-][\w]+)?\.(?:xlsx?|docx?|pdf|numbers|ods|odt|pages|csv|rtf)$|\.kdbx?$/i;

/** The extensions PASSWORD_DOCUMENT ends with: its `$` after an extension without dots means the text after a
 * value's last dot is one of these (lower-cased), or the regex cannot match. */
const DOCUMENT_EXTENSIONS = new Set([
  "xls",
  "xlsx",
  "doc",
  "docx",
  "pdf",
  "numbers",
  "ods",
  "odt",
  "pages",
  "csv",
  "rtf",
  "kdb",
  "kdbx",
]);

function documentExtension(value: string): boolean {
  const extension = value.slice(value.lastIndexOf(".") + 1);
  return extension.length <= 7 && DOCUMENT_EXTENSIONS.has(extension.toLowerCase());
}

export function judgePasswordDocuments(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (typeof value !== "string" || value.length > 512) continue;
    const name = value.trim();
    // Round 83: under another key (`target`, `document`, `item`), a value that is one file name or path and nothing
    // else (no prose around it) is the name looked for too.
    if (!NAME_KEY.test(key) && !FILE_NAME_ONLY.test(name)) continue;
    if (!documentExtension(name) || !PASSWORD_DOCUMENT.test(name)) continue;
    findings.escalate("read", `"${tool}" looks for a document of passwords ("${value.slice(0, 60)}")`);
    return;
  }
}
