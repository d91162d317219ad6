/** Standing instructions: text an agent will read later as its own orders (memory, agent instruction files,
 * documents), and instructions hidden from the human reader of a document. */

import { judgeStandingOrders } from "./standing_orders.ts";
import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";
import { moneyFindings } from "./sensitive_data.ts";
import {
  PROTECTION_OFF_CONCEPT,
  PROTECTION_OFF_INTENT,
  SELF_APPROVAL,
  SEND_CONCEPT,
} from "./task_intents.ts";
import {
  ALWAYS,
  conceptCheck,
  DELETE_VERB,
  fillers,
  FORBID,
  IGNORE_VERB,
  INSTRUCTION_NOUN,
  PRINCIPAL,
  PRIOR,
  RUN_VERB,
  SECRET_NOUN,
  SEND_VERB,
  SENT_TO,
} from "./concepts.ts";
import { PRINCIPAL_ASKS } from "./concept_triggers.ts";
import { matchesOf } from "../match_all.ts";

/** Orders to drop earlier instructions, in any wording of the lexicon. */
export const IGNORE_PRIOR = conceptCheck(
  new RegExp(
    `${IGNORE_VERB}\\s*${fillers(3)}${PRIOR}\\s*${fillers(2)}${INSTRUCTION_NOUN}|` +
      // Round 25: the noun before its adjective ("oublie toutes les consignes précédentes").
      `${IGNORE_VERB}\\s*${fillers(3)}${INSTRUCTION_NOUN}\\s+${PRIOR}`,
    "i",
  ),
);
/** Text written for an AI assistant to read later and obey: markers and addresses of prompt injection. */
export const INSTRUCTIONS_TO_AI = gated(
  /\byou are now (?:in )?(?:an? )?(?:admin|administrator|developer|god|maintenance|unrestricted|jailbroken|dan|debug|root) mode\b|\b(?:system|admin|developer)\s*(?:override|message|note|instruction)?\s*:\s*(?:you|ignore|from now on|assistant|agent)\b|<\/?(?:information|important|instructions?|system|admin|events? read|context)>|\bto you,? (?:the )?(?:ai|llm)\b|\b(?:ai|llm) (?:assistant|agent|model)s?\b[^.\n]{0,40}\b(?:must|should|please|reading|read this|you (?:are|must|should))|\b(?:ignore|disregard|forget) (?:all |any |the |your )?(?:previous|prior|above|earlier|original) (?:instructions|messages|rules|prompts?|guidelines)|\bbefore you (?:can )?(?:solve|answer|complete|continue|do) (?:the|this|your) task\b|\bwhen the user (?:says|asks|types|writes|mentions)\b[^.\n]{0,80}\b(?:call|run|send|forward|open|execute|delete|share)\b|\bcall\s+[a-z_]+\.[a-z_]+\s*\((?!\s*\))|\b(?:new|updated|revised) (?:system )?(?:instructions|policy) (?:from|by) (?:the )?(?:administrator|admin|developer|system)\b/i,
);
const STANDING = gated(
  /\b(?:standing (?:rule|instruction|order|permission)|(?:user|owner|i) (?:allows?|authori[sz]es?|permits?) (?:you|the (?:assistant|agent))|you (?:may|can|are allowed to|are authori[sz]ed to|have permission to) (?:share|send|forward|delete|run|execute|transfer|pay|approve|give)|without (?:asking|confirmation|confirming|approval|checking|telling)|never ask|(?:don't|do not) (?:ask|confirm|tell)|no need to (?:ask|confirm)|pre-?approved|standing (?:permission|approval)|always (?:approve|accept|run|execute|send|share|forward|include|trust))\b/i,
);
/** The concept form: the user allowing, an order never to ask or tell, or "always" before an order verb. */
const STANDING_CONCEPT = conceptCheck(
  new RegExp(
    `${PRINCIPAL}\\s+(?:allows?|authori[sz]es?|permits?|lets)\\s+(?:you|the (?:assistant|agent))\\b|` +
      `${FORBID}\\s*${fillers(1)}(?:ask|confirm|check)\\b|\\bno need to\\s+${
        fillers(1)
      }(?:ask|confirm|tell|inform|notify|check)\\b|` +
      `${ALWAYS}\\s*,?\\s*${
        fillers(1)
      }(?:approve|accept|trust|${SEND_VERB}|${RUN_VERB}|\\b(?:include|attach)\\b)`,
    "i",
  ),
);
const TRIGGERED_ACTION = gated(
  /\b(?:always|whenever|every time|each time|before (?:answering|responding|any|every|each)|after (?:every|each)|when (?:writing|generating|answering|asked|the user)|on every|at the start of)\b[^\n]{0,200}(?:eval\(|exec\(|\bcurl\b|\bwget\b|cat ~|\.ssh|\btokens?\b|\bsecrets?\b|\bpasswords?\b|\bupload\b|\bsend\b|include the output|child_process|process\.env|\b(?:bcc|cc|forward|copy|email|share)\b[^\n]{0,60}@[\w-]+\.)/i,
);
/** The concept form: the same triggers (or any "always" of the lexicon) before a secret or any send verb of the
 * lexicon with an address. */
const TRIGGER_WORDS = TRIGGERED_ACTION.pattern.source.slice(
  0,
  TRIGGERED_ACTION.pattern.source.indexOf("[^\\n]{0,200}"),
);
const TRIGGERED_CONCEPT = conceptCheck(
  new RegExp(
    `(?:${ALWAYS}|${TRIGGER_WORDS})[^\\n]{0,200}(?:${SECRET_NOUN}|\\.ssh\\b|(?:${SEND_VERB}|${SENT_TO})[^\\n]{0,60}(?:@[\\w-]+\\.|https?:\\/\\/))`,
    "i",
  ),
);

/** Text that keeps a fact or rule for later sessions; round 21: a rule for every later item ("all future file
 * shares must..."), a default ("always use", "as the default recipient"), or a trigger on a later request ("when the
 * user asks about payments..."). */
const FOR_LATER = gated(
  /\b(?:for (?:all )?future (?:sessions|conversations|requests|tasks|chats)|from now on|going forward|remember (?:this|that|for)|in every (?:future )?(?:session|conversation)|(?:all|every|any) (?:future|new|subsequent|upcoming)(?: [\w-]+){1,3} (?:must|should|shall|need to|are to|will)|always use|(?:as|is) (?:the )?default (?:recipient|payee|account|address|destination|beneficiary)|default (?:payee|recipient|beneficiary) (?:for|is)|when(?:ever)? (?:the user|you|i|someone|anyone|they) (?:asks?|wants?|requests?|says?|needs?)(?: you)? (?:about|for|to))\b/i,
);
/** The concept form of the trigger on a later request (round 25): the person the agent works for asking, in any
 * wording or main language of the lexicon ("when the operator asks", "cuando el usuario pida", "wenn der Nutzer
 * nach ... fragt"). */
const FOR_LATER_CONCEPT = conceptCheck(new RegExp(PRINCIPAL_ASKS, "i"));
/** Text a person reading the rendered page never sees: HTML comments, Markdown comments (`[//]: # (...)`), and
 * elements styled or marked invisible (`display:none`, `visibility:hidden`, zero size or opacity, white text,
 * `hidden`). */
const HIDDEN_PARTS = [
  /<!--([\s\S]{0,4000}?)-->/g,
  /^\s*\[(?:\/\/|comment|_|#)\]:\s*(?:#|<>)\s*(?:\(([^\n]{0,2000})\)|"([^"\n]{0,2000})")/gim,
  /<(\w+)[^>]{0,200}?(?:style\s*=\s*["'][^"']{0,200}?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d])|opacity\s*:\s*0(?![.\d])|color\s*:\s*(?:#fff(?:fff)?|white|transparent)\b)[^"']{0,200}["']|\shidden(?:\s*=\s*["']?(?:hidden|true)["']?)?(?=[\s>/]))[^>]{0,200}>([\s\S]{0,4000}?)<\/\1\s*>/gi,
];
const HIDDEN_MARKERS = gated(
  /<!--|\]:\s*(?:#|<>)|display\s*:\s*none|visibility|font-size|opacity|color\s*:|\shidden\b/i,
);
const AI_READER = gated(
  /\b(?:ai|assistant|agent|model|llm|copilot|claude|cursor|codex|gemini|gpt|chatbot|bot)s?\b/i,
);
const IMPERATIVE = gated(
  /\b(?:run|execute|delete|remove|send|ignore|forward|upload|install|curl|wget|do not (?:mention|tell)|don't (?:mention|tell)|approve|merge|push|commit|email|share|disable|must|always|never|add|set|make|give|grant|change|invite|transfer|pay|publish|post|reveal|print|fetch|download|visit|open|read)\b/i,
);

/** The concept form of an order: any send, delete, run or ignore verb of the lexicon, or "should be sent to". */
const IMPERATIVE_CONCEPT = conceptCheck(
  new RegExp(`${SEND_VERB}|${DELETE_VERB}|${RUN_VERB}|${IGNORE_VERB}|${SENT_TO}`, "i"),
);

/** Whether `index` falls inside a Markdown code span (odd backticks before it on its line) or fenced block. */
function insideCode(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  let ticks = 0;
  for (let i = lineStart; i < index; i++) if (text.charCodeAt(i) === 0x60) ticks++;
  if (ticks % 2 === 1) return true;
  if (!text.includes("```")) return false;
  let fences = 0;
  for (let at = text.indexOf("```"); at >= 0 && at < index; at = text.indexOf("```", at + 3)) fences++;
  return fences % 2 === 1;
}

/** Instructions hidden from the human reader of a document: comments and invisible elements addressed to an AI
 * reader. */
export function judgeHiddenInstructions(tool: string, text: string, findings: Findings): void {
  if (text.length > 256 * 1024 || !HIDDEN_MARKERS.testScanned(text)) return;
  for (const pattern of HIDDEN_PARTS) {
    for (const match of matchesOf(pattern, text)) {
      // Quoted in a code span or block, the text is shown to the reader, not hidden (a doc quoting an attack).
      if (insideCode(text, match.index)) continue;
      const inner = match.slice(1).filter((part) => part !== undefined).at(-1) ?? "";
      if (
        INSTRUCTIONS_TO_AI.test(inner) || IGNORE_PRIOR.test(inner) ||
        AI_READER.test(inner) && (IMPERATIVE.test(inner) || IMPERATIVE_CONCEPT.test(inner))
      ) {
        findings.escalate(
          "persistence",
          `"${tool}" hides instructions for an AI reader in text people do not see`,
        );
        return;
      }
    }
  }
}

/** Findings for text the agent will read later as its own instructions. */
export function judgeStanding(tool: string, text: string, findings: Findings): void {
  judgeStandingOrders(tool, text, findings);
  const standing = STANDING.test(text) || STANDING_CONCEPT.test(text);
  if (FOR_LATER.test(text) || standing || FOR_LATER_CONCEPT.test(text)) {
    for (const finding of moneyFindings(text)) {
      findings.escalate("persistence", `"${tool}" keeps ${finding.evidence} as a standing fact for later`);
    }
    if (
      (/@[\w-]+\.[\w.]+|https?:\/\//.test(text) &&
          (/\b(?:send|forward|bcc|cc|copy|share|email|upload|post)\b/i.test(text) ||
            SEND_CONCEPT.test(text)) ||
        // Adding someone to later shares or invites (round 21) names a person: an e-mail address, not a link.
        /[\w.+-]@[\w-]+\.[\w.]+/.test(text) && /\b(?:shares|include|add|invite)\b/i.test(text))
    ) {
      findings.escalate("persistence", `"${tool}" keeps a rule to send things to an address for later`);
    }
  }
  if (INSTRUCTIONS_TO_AI.test(text) || IGNORE_PRIOR.test(text)) {
    findings.escalate("persistence", `"${tool}" writes instructions addressed to an AI assistant`);
  }
  if (standing) {
    findings.escalate(
      "persistence",
      `"${tool}" writes a standing instruction that widens what the agent may do`,
    );
  }
  if (TRIGGERED_ACTION.test(text) || TRIGGERED_CONCEPT.test(text)) {
    findings.escalate("persistence", `"${tool}" writes an instruction that triggers actions later`);
  }
  if (
    text.length < 64 * 1024 &&
    (SELF_APPROVAL.test(text) || PROTECTION_OFF_INTENT.test(text) || PROTECTION_OFF_CONCEPT.test(text))
  ) {
    findings.escalate(
      "persistence",
      `"${tool}" keeps an order to approve or switch off what protects the user`,
    );
  }
}
