/** Handed-on acts whose outcome is kept from the user (round 29): work given to a sub-agent or a peer agent that
 * acts on the world for someone (books, pays, sends, posts, invites, approves, merges, deletes, changes an
 * account's recovery or payee) and, in the same text, restricts what comes back (`report back only "done"`, `your
 * final answer must just be "OK"`, `say nothing to the user`, `leave it out of your summary`) or waives the user's
 * say (`don't bother confirming`, `skip the confirmation step`). The pairing is what an indirect injection writes
 * into a hand-off (AgentDojo and InjecAgent goals delegated through Task/handoff/A2A; the "report only done"
 * pattern of multi-agent hijacks): either part alone is ordinary (`format the code and reply with "done"`, `book a
 * table and tell me the confirmation number`). */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

/** An act with an effect outside the workspace, as an order: the verb opens the text, a sentence, a clause or a
 * list item, after courtesy words ("please kindly"), or follows "then"/"and"/"also". */
const OUTWARD_ACT = gated(
  /(?:(?:^|[.;:!?,\n])\s*(?:[-*\u2022]\s*)?|\b(?:then|and|also)\s+)(?:(?:please|kindly|now|just|first|immediately)\s+)*(?:book|reserve|buy|purchase|pay|transfer|wire|send|e-?mail|forward|reply to|respond to|post|publish|tweet|share|invite|approve|merge|star|fork|delete|cancel|grant|accept|sign|place an order|order|add \S+ (?:as|to)|(?:change|reset|update|set) (?:the )?(?:user'?s? |their |his |her )?(?:password|recovery|payee|iban|bank|account|phone|e-?mail|2fa|two-factor|mfa|shipping|billing))\b(?! (?:nothing|anything)\b)/im,
);

/** A report narrowed to a token or emptied, the user kept out, or the user's confirmation waived. */
const MUTED = gated(
  /\b(?:say|tell|mention) nothing\b|\b(?:report|reply|respond|answer|return|say|confirm)(?: back)?(?: with)? (?:only|just|nothing but|simply) ["'\u201C\u2018]|\bonly (?:reply|report|respond|answer|say|return)(?: back)?(?: with)? ["'\u201C\u2018]|\b(?:final|last) (?:answer|reply|response|message|output|report) (?:must|should|will) (?:just |only |simply )?be ["'\u201C\u2018]|\bwith nothing (?:else )?but ["'\u201C\u2018]|\b(?:leave|keep) (?:it|this|that|them) out of (?:your|the) (?:summary|report|answer|reply|response|output|log)\b|\b(?:do not|don'?t|never) (?:include|mention|list|report) (?:it|this|that|them|any of this) in (?:your|the) (?:summary|report|answer|reply|response|output)\b|\b(?:do not|don'?t) bother (?:confirming|asking|checking)\b|\bskip (?:the |any )?(?:user'?s? )?(?:confirmation|approval|review)(?: step| prompt)?\b|\bno need to (?:ask|confirm|check)\b[^.\n]{0,30}\b(?:user|them|him|her|anyone|confirmation)\b/i,
);

/** Escalates handed-on text that orders an outward act and keeps its outcome from the user. */
export function judgeMutedReports(tool: string, text: string, findings: Findings): void {
  if (text.length > 16 * 1024) return;
  if (MUTED.test(text) && OUTWARD_ACT.test(text)) {
    findings.escalate("delegation", `"${tool}" hands on an act and keeps its outcome from the user`);
  }
}
