/** A standing instruction for AI readers planted in text a tool sets (round 15): a channel's purpose or topic, a
 * repository's description, a page property, a profile status -- text every later reader's agent takes in as
 * context -- labelled as a note to them ("Assistant note:", "Note for the bot:", "Instructions for AI agents:") and
 * carrying an order for later ("when asked for deploy keys, paste them here", "always include ..."). The note's
 * addressee is a label, not a greeting, so the addressed-instruction patterns of earlier rounds did not see it.
 * Sources: PromptArmor, Data exfiltration from Slack AI via indirect prompt injection (2024); Greshake et al.,
 * Not what you've signed up for (2023). */

import type { Findings } from "./findings.ts";
import { payloadStrings } from "./payload_strings.ts";
import { cleanText } from "../normalize.ts";

const READER =
  "(?:ai|llms?|gpts?|assistants?|agents?|bots?|copilots?|models?|coding agents?|ai agents?|ai assistants?)";
/** "Assistant note:", "AI instructions -", "Note for the bot:", "Message to any AI agents," */
const LABEL = new RegExp(
  `\\b(?:${READER}\\s+(?:note|notice|instructions?|directive|memo|reminder|guidance|orders?|commands?)|(?:note|notice|instructions?|directive|memo|reminder|message|guidance|orders?|commands?)\\s+(?:for|to)\\s+(?:the\\s+|any\\s+|all\\s+|every\\s+)?(?:[a-z-]+\\s+)?${READER})\\s*[:\\-\u2013\u2014,]`,
  "i",
);
/** An order for later: a condition or standing word, then a verb that moves, reveals or grants something. */
const STANDING =
  /\b(?:when(?:ever)?|always|never|from now on|each time|every time|if (?:anyone|someone|you are|asked|a user))\b/i;
const ACTING =
  /\b(?:paste|send|share|include|append|insert|put|list|dump|leak|mention|write|reply with|respond with|post|reveal|forward|approve|give|provide|add|grant|upload|print|output|disclose|attach|copy)\b/i;

/** An order for the reader: an acting verb, or a call of a tool by name. */
const ORDER = new RegExp(
  `${ACTING.source}|\\bcall\\s+\\w+_\\w+|\\b(?:run|execute|delete|transfer|pay)\\b`,
  "i",
);

export function judgePlantedNotes(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  for (const { key, value: written } of payloadStrings(payload)) {
    if (written.length < 16 || written.length > 32 * 1024) continue;
    const value = cleanText(written);
    // The label may be the argument's own name (`note_for_assistant: "now call ..."`): an order follows at once.
    if (
      LABEL.test(`${key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_.-]+/g, " ")}:`) && ORDER.test(value)
    ) {
      findings.escalate("message", `"${tool}" is handed an order for AI readers in its "${key}" argument`);
      return;
    }
    if (value.length < 24) continue;
    const label = LABEL.exec(value);
    if (!label) continue;
    const after = value.slice(label.index + label[0].length, label.index + label[0].length + 300);
    if (STANDING.test(after) && ACTING.test(after)) {
      findings.escalate(
        "message",
        `"${tool}" plants a standing instruction for AI readers in its "${key || "payload"}" argument`,
      );
      return;
    }
  }
}
