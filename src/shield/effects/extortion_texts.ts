/** Round 27: extortion written or sent by the user's tools -- a ransom note dropped into a drive or folder ("All
 * your files are encrypted. Send 0.5 BTC to bc1q... to recover."), a data-theft threat, a sextortion mail ("we have
 * recordings of you ... pay ... or we send them to your contacts"). A claim that the reader's files, data or images are
 * held (encrypted, stolen, copied, recorded) followed within a few sentences by a demand for payment (crypto, a
 * ransom, a decryption key for sale). Advice about ransomware ("if your files are encrypted, restore from backup;
 * never pay") states the claim as a condition and passes. Sources: CISA #StopRansomware advisories (ransom note
 * texts), FBI IC3 sextortion PSAs. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

/** "your files are encrypted", "all of your documents have been copied", "we have recordings of you". */
const HELD_CLAIM = gated(
  /\b(?:your|all (?:of )?your|the company's)\s+(?:[\w-]+\s+){0,2}?(?:files?|data|documents?|network|systems?|servers?|databases?|computers?|devices?|photos?|videos?|pictures?|emails?)\s+(?:are|is|have been|has been|were|was)\s+(?:now\s+|all\s+)?(?:encrypted|locked|stolen|copied|exfiltrated|downloaded|leaked|compromised|recorded|held)\b|\b(?:we|i)\s+(?:have|hold|obtained|recorded|possess)\s+(?:[\w-]+\s+){0,3}?(?:recordings?|videos?|photos?|pictures?|footage|copies|your (?:files|data|passwords?|browsing history|contacts))\b/i,
);
/** The demand: crypto or a ransom, a decryption key for sale. */
const DEMAND =
  /\b(?:pay|send|transfer|deposit|wire)\b[^!?]{0,80}?\b(?:btc|bitcoin|monero|xmr|usdt|eth(?:ereum)?|crypto(?:currency)?|ransom|wallet|gift ?cards?)\b|\bbc1[a-z0-9]{20,}|\bransom\b|\bdecrypt(?:ion|or)?\s+(?:key|tool|software|program)\b/i;
/** The claim put as a condition or a warning ("if your files are encrypted", "when your data has been stolen"). */
const CONDITION = /\b(?:if|when|whenever|in case|should|once|unless|what to do if|never pay)\b[^.\n]{0,24}$/i;

/** Whether the text holds an extortion note: a claim that the reader's things are held, and a demand after it. */
export function extortionNote(text: string): boolean {
  if (text.length < 24 || text.length > 64 * 1024 || !HELD_CLAIM.test(text)) return false;
  const claim = HELD_CLAIM.pattern.exec(text);
  if (!claim || CONDITION.test(text.slice(Math.max(0, claim.index - 40), claim.index))) return false;
  return DEMAND.test(text.slice(claim.index, claim.index + claim[0].length + 600));
}

export function judgeExtortion(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 16)) {
    if (extortionNote(text)) {
      findings.escalate("message", `"${tool}" writes an extortion or ransom note`);
      return;
    }
  }
}
