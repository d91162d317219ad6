/** The conversation handed to an open-world tool that has no use for it: chat turns (`Alice: ...; Bob: ...`,
 * `User: ... Assistant: ...`) or a conversation named as such ("Messages with Dana: ...", "chat history", "the user
 * said") in a side argument of a tool that reads or computes (`add {sidenote}`, `get_fact {context}`). Invariant
 * Labs' tool poisoning asks for exactly this through an innocuous extra field; the tool's own input (a text to
 * translate or summarise) and tools whose work is conversations pass. */

import type { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";

/** Keys that are the tool's own input: a dialogue there is what it works on. */
const OWN_INPUT =
  /^(?:text|texts|input|inputs|content|contents|query|q|prompt|message|messages|body|question|document|source|source_text|transcript|dialog(?:ue)?|html|markdown|code|data)$/i;
/** Keys a writing tool records as given. */
const RECORDED = /^(?:description|summary|notes?|details|comments?|title|subject|body_text|remarks)$/i;
/** Tool words whose work is conversations or text given to them. */
const TEXT_WORK =
  /^(?:translate|summari[sz]e|summary|transcribe|transcript|chat|message|messages|conversation|reply|respond|post|send|email|mail|comment|note|notes|memo|journal|log|classify|moderate|detect|analy[sz]e|sentiment|tts|speak|speech|format|spell|grammar|rewrite|paraphrase|proofread|embed|embedding|index|ticket|issue|case|feedback|review|survey|report|crm|support)$/;
const TURN = /(?<![A-Za-z'])([A-Za-z][A-Za-z]{1,15})\s?:\s+(?=\S)/g;
/** A speaker written as a name is (`Bob`, `BOB`): at least one turn must show one, so `ratio: 2; value: 3` is not a
 * conversation. */
const NAMED_SPEAKER = /^(?:[A-Z][a-z]+|[A-Z]{2,})$/;
/** Field labels written like speakers (`Time: 10:00; Location: Paris`): not turns of a conversation. */
const LABELS = new Set(
  "name email time date day location city address phone subject title status type note notes summary description total price amount weather temperature source target result error warning info details query context important update message reply from to cc re topic agenda tags category priority owner size format language units count"
    .split(" "),
);
const NAMED =
  /\b(?:messages? (?:with|from) [A-Z][a-z]+|(?:conversation|chat) (?:with [A-Z]|so far|history|log|transcript)|(?:earlier|previous|recent) (?:conversation|messages|chats?)|the user (?:said|wrote|asked|shared|told)|user'?s (?:recent )?(?:messages|conversation|chats?))\b/i;

const CONVERSATION_HINT = /messag|conversation|chat|user/i;

function turns(text: string): number {
  let count = 0;
  TURN.lastIndex = 0;
  let named = false;
  for (let match = TURN.exec(text); match !== null && count < 8; match = TURN.exec(text)) {
    if (LABELS.has(match[1].toLowerCase())) continue;
    count++;
    named ||= NAMED_SPEAKER.test(match[1]);
  }
  return named ? count : 0;
}

export function judgeCarriedConversation(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const handsOn = ["send", "grant", "money", "export", "delegate"].some((verb) =>
    words.verbs.has(verb as never)
  );
  if (handsOn || words.words.some((word) => TEXT_WORK.test(word))) return;
  // What a writing tool records is its own input (`create_ticket {description}`).
  const writes = words.verbs.has("write");
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (typeof value !== "string" || value.length < 16 || value.length > 32 * 1024 || OWN_INPUT.test(key)) {
      continue;
    }
    if (writes && RECORDED.test(key)) continue;
    // Turns need a colon; a conversation named needs one of these words (cheap tests before the patterns).
    const colon = value.includes(":");
    if (!colon && !CONVERSATION_HINT.test(value)) continue;
    if ((colon && turns(value) >= 2) || NAMED.test(value)) {
      findings.escalate(
        "message",
        `"${tool}" is handed the conversation in its "${key}" argument, which its work does not need`,
      );
      return;
    }
  }
}
