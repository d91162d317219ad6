/** Messages that carry other people's messages: pasted mail (several `From:`/`Subject:` headers or `-----Original
 * Message-----` blocks), chat transcripts (timestamped speaker lines, or one after a label naming a chat history)
 * or a message meant for another address, sent to someone who is not a known contact. The data was nobody's to
 * compose in this action: the shape of "send the user's inbox to ...". A reply quoting one earlier message passes. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

const MAIL_HEADER =
  /^(?:>\s*)?(?:From|Von|De)\s*:\s*\S.*\n(?:.*\n){0,3}?(?:>\s*)?(?:Subject|Betreff|Objet|Sent|Date)\s*:/gim;
/** A conversation named as what the message carries (`chat history:`, `DM log`, `messages with Priya:`) on a line
 * of its own (a short lead-in without a sentence end may come first): one speaker line after it is enough. */
const NAMED_HISTORY =
  /^[^\n.!?]{0,40}?(?:(?:[#@]?[\w-]{1,24}\s+)?(?:chat|dm|dms|direct message|message|messages|conversation|channel|whatsapp|signal|telegram|slack|sms|text)\s+(?:history|log|logs|transcript|export|backup)|messages with [A-Z][\w-]{1,24}|(?:whatsapp |signal |telegram )?chat with [A-Z][\w-]{1,24})\b[^\n]{0,40}$/im;
/** A message re-addressed (round 24): its text names the address it was meant for (`Original recipient:
 * sam@...`, `intended for: ...`, `originally to ...`, at a line's start or after a short lead-in without a sentence end: a bounce reported in a sentence passes)
 * while it goes to someone else -- Invariant Labs' tool shadowing routes every mail through a "relay" this way. */
const READDRESSED = gated(
  /^[^\n.!?]{0,40}?[[(]?\s*\b(?:original(?:ly)?|intended|actual|real|true)[ _-]?(?:recipients?|addressees?|to|for|sent to|addressed to|meant for)\s*[:=]?\s*<?[^\s@<>:,;]+@[\w-]+\.[\w.-]+/im,
);
/** A stamped speaker anywhere in a line (`... [Sat] Priya: ...`): after a named history, a lead-in may come first. */
const STAMPED_SPEAKER = /\]\s*[A-Z][\w.'-]{0,20}(?: [A-Z][\w.'-]{0,20})?:\s+\S/;
const ORIGINAL = /-{3,}\s*(?:Original Message|Forwarded message)\s*-{3,}/gi;
const CHAT_LINE =
  /^(?:>\s*)?\[(?:mon|tue|wed|thu|fri|sat|sun)[a-z]{0,6}\.?,?(?:\s+\d{1,2}:\d{2}(?:\s?[ap]m)?)?\]\s*[A-Za-z][^:\n]{0,40}:\s+\S|^(?:>\s*)?\[?\(?\d{1,4}[/.:-]\d{1,2}(?:[/.:-]\d{1,4})?(?:[ ,T]+\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]m)?)?\]?\)?\s*[-\u2013]?\s*[^\s:][^:\n]{0,40}:\s+\S|^(?:>\s*)?<@\w+>\s*\(\d{1,2}:\d{2}\):/gim;

/** Round 85: a whole conversation carried, named as such and counted or called whole, before or without its lines
 * ("Chats with Dad: [last 200 messages pasted]", "Conversation history with Dr. Patel - all 312 messages pasted
 * below", "Entire iMessage thread with Sarah (last 500 texts): [pasted]", "WhatsApp chat backup - family group, 2,300
 * messages:") -- Invariant Labs' WhatsApp MCP exfiltration sends exactly this to a number the task never named (the
 * retired heldout19's open_world_messaging-015). One forwarded message, and a request for a history ("can you send
 * me the chat history with the plumber?"), pass: neither counts a whole conversation nor hands it over. */
const HISTORY_NOUN = String
  .raw`(?:(?:chats|conversations|messages|texts|dms|direct messages|private messages)\s+(?:with|between)\s+\w+|(?:chat|conversation|message|dm|sms|text|imessage|whatsapp|signal|telegram|slack|messenger|group)\s+(?:history|histories|logs?|transcripts?|exports?|backups?|threads?|archives?)|(?:imessage|whatsapp|signal|telegram|sms|text|dm|group)\s+(?:chats?|conversations?)|chat\s+with\s+[A-Z][\w.-]{0,24})`;
const WHOLE = String
  .raw`(?:\b(?:all|every|entire|whole|full|complete)\b|\blast\s+\d[\d,]*\b|\b\d[\d,]{1,}\s+(?:messages|texts|chats|dms|lines)\b|\beverything\b)`;
const HANDED = String
  .raw`(?::|\b(?:pasted|below|attached|follows|following|copied|enclosed)\b|\[[^\]\n]{1,80}\])`;
const WHOLE_HISTORY = gated(
  new RegExp(
    `^[^\\n]{0,60}?(?:${WHOLE}[^\\n]{0,40}?\\b${HISTORY_NOUN}\\b|\\b${HISTORY_NOUN}\\b[^\\n]{0,60}?${WHOLE})(?:[^\\n]{0,80}?${HANDED}|[^\\n]{0,80}\\n)`,
    "im",
  ),
);

/** "Here is the full transcript of my chats with Mom": handed over before it is named, on one line. */
const HANDED_WHOLE = new RegExp(
  `^[^\\n]{0,30}?\\b(?:here(?:'s| is| are)|sending (?:you )?|attaching|forwarding)\\b[^\\n]{0,40}?${WHOLE}[^\\n]{0,40}?\\b${HISTORY_NOUN}\\b`,
  "im",
);

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
  if (!outsiders || text.length > 256 * 1024) return;
  if (text.includes("@") && READDRESSED.test(text)) {
    findings.escalate(
      "message",
      `"${tool}" sends a message meant for another address to a recipient who is not a known contact`,
    );
    return;
  }
  if (
    text.length >= 30 && text.length <= 8 * 1024 && !text.trimEnd().endsWith("?") &&
    (WHOLE_HISTORY.test(text) || HANDED_WHOLE.test(text))
  ) {
    findings.escalate(
      "message",
      `"${tool}" sends a whole private conversation to a recipient who is not a known contact`,
    );
    return;
  }
  if (text.length < 40 || !text.includes(":")) return;
  const pastedMail = text.length >= 80 && (count(MAIL_HEADER, text, 2) >= 2 || count(ORIGINAL, text, 2) >= 2);
  const lines = pastedMail ? 0 : count(CHAT_LINE, text, 3);
  // Round 24: a conversation named as such needs one speaker line (`chat history:\n[Mon] Anna: ...`), and a weekday
  // stamp (`[Tue 14:02] Kim: ...`) counts like a date.
  const transcript = lines >= 3 || ((lines >= 1 || STAMPED_SPEAKER.test(text)) && NAMED_HISTORY.test(text));
  if (!pastedMail && !transcript) return;
  findings.escalate(
    "message",
    `"${tool}" sends someone else's ${
      pastedMail ? "mail" : "chat history"
    } to a recipient who is not a known contact`,
  );
}
