/** Public pages and files that offer a download dressed as a business document (round 38): a page or file made
 * public (`share: anyone_with_link`, `public: true`, `anonymous_access`, an open shared link) whose text links a
 * direct download (Google Drive's `uc?export=download`, Dropbox's `dl=1`, OneDrive's `/download`, a shortener, an
 * executable or archive) under the words of an invoice, statement, remittance, contract, receipt or voicemail -- the
 * lure page staged on a trusted host (MITRE ATT&CK T1608.005). A public page linking slides to view, or a release
 * page linking the project's downloads, passes.
 * Sources: MITRE ATT&CK T1608.005 (stage capabilities: link target); Proofpoint and Microsoft reports on lures
 * hosted on Google Drive, Dropbox and OneDrive; the Box, Notion and Confluence sharing APIs. */

import type { Findings } from "./findings.ts";
import { payloadScalars } from "./payload_strings.ts";

const PUBLIC_KEY = /share|sharing|visib|access|public|anonymous|anyone|audience|link|published/i;
const PUBLIC_VALUE =
  /^(?:anyone(?:[ _-]with[ _-](?:the[ _-])?link)?|public|open|everyone|anonymous|unlisted|world)$/i;
const SELF_PUBLIC_KEY =
  /^(?:public|is_?public|anonymous_?access|anyone_?can_?view|published|public_?access)$/i;
/** A link that downloads rather than shows. */
const DOWNLOAD_LINK =
  /https?:\/\/[^\s"'<>)]*(?:[?&](?:export=download|dl=1|download=1)\b|\/download\b|\/uc\?)|https?:\/\/(?:bit\.ly|tinyurl\.com|t\.co|is\.gd|cutt\.ly|rb\.gy|shorturl\.at)\/|https?:\/\/[^\s"'<>)]+\.(?:exe|scr|msi|iso|img|zip|rar|7z|hta|vbs|lnk|jar)(?=[?"'\s)<]|$)/i;
const DOCUMENT_WORDS =
  /\b(?:invoices?|statements?|remittance|payments?|receipts?|contracts?|purchase orders?|quotes?|bills?|tax|w-?2|payroll|voicemail|fax|shipping|delivery notes?|signed)\b/i;

function madePublic(payload: Record<string, unknown>): boolean {
  return payloadScalars(payload).slice(0, 64).some(({ key, value }) =>
    (SELF_PUBLIC_KEY.test(key) && value === true) ||
    (PUBLIC_KEY.test(key) && typeof value === "string" && PUBLIC_VALUE.test(value.trim()))
  );
}

export function judgeLurePages(
  tool: string,
  payload: Record<string, unknown>,
  texts: readonly string[],
  findings: Findings,
): void {
  const lure = texts.slice(0, 16).some((text) =>
    text.length <= 64 * 1024 && text.includes("://") && DOWNLOAD_LINK.test(text) && DOCUMENT_WORDS.test(text)
  );
  if (!lure || !madePublic(payload)) return;
  findings.escalate("access", `"${tool}" makes public a page that offers a download dressed as a document`);
}
