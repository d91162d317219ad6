/** Messages that carry other people's messages: pasted mail (several `From:`/`Subject:` headers or `-----Original
 * Message-----` blocks) or chat transcripts (timestamped speaker lines), sent to someone who is not a known
 * contact. The data was nobody's to compose in this action: the shape of "send the user's inbox to …". A reply
 * quoting one earlier message passes. */

import type { Findings } from "./findings.ts";

const MAIL_HEADER =
  /^(?:>\s*)?(?:From|Von|De)\s*:\s*\S.*\n(?:.*\n){0,3}?(?:>\s*)?(?:Subject|Betreff|Objet|Sent|Date)\s*:/gim;
const ORIGINAL = /-{3,}\s*(?:Original Message|Forwarded message)\s*-{3,}/gi;
const CHAT_LINE =
  /^(?:>\s*)?\[?\(?\d{1,4}[/.:-]\d{1,2}(?:[/.:-]\d{1,4})?(?:[ ,T]+\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]m)?)?\]?\)?\s*[-–]?\s*[^\s:][^:\n]{0,40}:\s+\S|^(?:>\s*)?<@\w+>\s*\(\d{1,2}:\d{2}\):/gim;

function count(pattern: RegExp, text: string, enough: number): number {
  let found = 0;
  pattern.lastIndex = 0;
  while (found < enough && pattern.exec(text) !== null) found++;
  return found;
}

export function judgeCarriedMessages(
  tool: string,
  text: string,
  outsiders: boolean,
  findings: Findings,
): void {
  if (!outsiders || text.length < 80 || text.length > 256 * 1024) return;
  const pastedMail = count(MAIL_HEADER, text, 2) >= 2 || count(ORIGINAL, text, 2) >= 2;
  const transcript = !pastedMail && text.includes(":") && count(CHAT_LINE, text, 3) >= 3;
  if (!pastedMail && !transcript) return;
  findings.escalate(
    "message",
    `"${tool}" sends someone else's ${
      pastedMail ? "mail" : "chat history"
    } to a recipient who is not a known contact`,
  );
}
