/** Prompt-injection markers in content written, sent or handed to sub-agents: instruction overrides, fake
 * system or role tags, spoofed tool calls, hidden Unicode tag text, markdown exfiltration links. */

import { defineRules } from "./rule.ts";
import { fillers, IGNORE_VERB, INSTRUCTION_NOUN, PRIOR } from "../effects/concepts.ts";
import { SENDS_ALL } from "../effects/concept_triggers.ts";

/** The concept forms (`effects/concepts.ts`) beside each phrase pattern: the same order in other words. */
const IGNORE_PRIOR = `${IGNORE_VERB}\\s*${fillers(3)}${PRIOR}\\s*${fillers(2)}${INSTRUCTION_NOUN}|` +
  // Round 25: the noun before its adjective, as Romance languages write it ("oublie toutes les consignes
  // précédentes", "desconsidere as regras anteriores").
  `${IGNORE_VERB}\\s*${fillers(3)}${INSTRUCTION_NOUN}\\s+${PRIOR}|` +
  `${PRIOR}\\s+${fillers(1)}${INSTRUCTION_NOUN}\\s+(?:are|is|should be|must be|are to be|can be)\\s+${
    fillers(1)
  }(?:ignored|disregarded|forgotten|set aside|overridden|dropped|discarded)\\b`;
const NEW_INSTRUCTIONS =
  `\\b(?:new|updated|real|actual|true|revised)\\s+(?:system\\s+)?${INSTRUCTION_NOUN}\\s*(?:are\\s*)?:|` +
  `\\byour\\s+${fillers(1)}(?:new|real|actual)\\s+${
    fillers(1)
  }(?:${INSTRUCTION_NOUN}|task|goal)\\s+(?:is|are)\\b`;
const withConcept = (pattern: RegExp, concept: string) => new RegExp(`${pattern.source}|${concept}`);

const TEXT_FIELDS = ["content", "outbound", "task"] as const;

export const INJECTION_RULES = defineRules("injection", [
  {
    id: "injection.ignore_instructions",
    severity: "high",
    fields: [...TEXT_FIELDS],
    pattern: withConcept(
      /\b(?:ignore|disregard|forget|override|bypass|drop)\s+(?:all\s+|any\s+|the\s+|your\s+|these\s+|those\s+|of\s+)*(?:previous|prior|above|earlier|preceding|system|original|initial|safety|security)\s+(?:instructions?|prompts?|rules|directives|guidelines|context|messages?|constraints|polic(?:y|ies))/,
      IGNORE_PRIOR,
    ),
    description: "Asks the model to drop its instructions",
  },
  {
    id: "injection.new_instructions",
    severity: "medium",
    fields: [...TEXT_FIELDS],
    pattern: withConcept(
      /\b(?:new|updated|real|actual|true|revised)\s+(?:system\s+)?instructions?\s*(?:are\s*)?:|\byour\s+(?:new|real|actual)\s+(?:task|instructions?|goal)\s+(?:is|are)\b/,
      NEW_INSTRUCTIONS,
    ),
    description: "Announces replacement instructions",
  },
  {
    id: "injection.fake_system_tag",
    severity: "high",
    fields: [...TEXT_FIELDS],
    pattern:
      /<\s*\/?\s*(?:system|sys|system_prompt|im_start|im_end|instructions?|admin|developer)\s*>|<\|(?:im_start|im_end|system|endoftext|begin_of_text|start_header_id|end_header_id|eot_id)\|>|\[\/?(?:system|inst|sys)\]|<<\/?sys>>/,
    description: "Fake system, role or chat-template tags",
  },
  {
    id: "injection.role_override",
    severity: "medium",
    fields: [...TEXT_FIELDS],
    pattern:
      /\byou\s+are\s+now\s+(?:an?\s+)?(?:unrestricted|jailbroken|dan|evil|developer|admin|root|free)\b|\bact\s+as\s+(?:an?\s+)?(?:unrestricted|jailbroken|dan)\b|\bdeveloper\s+mode\s+(?:enabled|on)\b|\bdo\s+anything\s+now\b/,
    description: "Tries to give the model a new unrestricted role",
  },
  {
    id: "injection.tool_call_spoof",
    severity: "high",
    fields: [...TEXT_FIELDS],
    pattern:
      /"(?:tool_calls?|function_call)"\s*:|<\s*(?:tool_call|function_calls?|tool_use|invoke|antml:invoke)\b|\bassistant\s+to=functions\.|\{\s*"name"\s*:\s*"(?:execute_command|write_file|send_email|http_request|create_agent|delete_file|agent_message)"/,
    description: "Spoofed tool-call syntax",
  },
  {
    id: "injection.note_to_model",
    severity: "medium",
    fields: [...TEXT_FIELDS],
    pattern:
      /\b(?:note|message|instructions?)\s+(?:to|for)\s+(?:the\s+)?(?:ai|assistant|llm|agent|model|chatbot)\b|\b(?:ai|llm)\s+(?:assistant|agent)s?\s*[:,]\s*(?:please\s+)?(?:ignore|execute|run|send|forward|delete)\b|\bif\s+you\s+are\s+an?\s+(?:ai|llm|language\s+model|assistant)\b/,
    description: "Text addressing the AI that reads it",
  },
  {
    id: "injection.exfil_instruction",
    severity: "high",
    fields: [...TEXT_FIELDS],
    pattern:
      /\b(?:send|forward|email|post|upload|exfiltrate|leak|paste)\b(?:[^.\n]|\.\S){0,60}\b(?:api\s+keys?|credentials|passwords?|secrets?|private\s+keys?|ssh\s+keys?|\.env\b|conversation\s+history|system\s+prompt|session\s+cookies?)\b(?:[^.\n]|\.\S){0,60}\b(?:to|at)\s+\S+@|\b(?:send|forward|post|upload|exfiltrate)\b(?:[^.\n]|\.\S){0,60}\b(?:api\s+keys?|credentials|passwords?|secrets?|private\s+keys?|ssh\s+keys?)\b(?:[^.\n]|\.\S){0,40}\bto\s+(?:https?:|[\w-]+\.[a-z]{2,})/,
    description: "Instructs sending secrets to an address or host",
  },
  {
    id: "injection.reveal_system_prompt",
    severity: "medium",
    fields: [...TEXT_FIELDS],
    pattern:
      /\b(?:reveal|print|show|repeat|output|leak|dump)\s+(?:your\s+|the\s+|all\s+)*(?:system\s+prompt|initial\s+instructions|hidden\s+instructions|developer\s+message)/,
    description: "Asks for the system prompt",
  },
  {
    id: "injection.unicode_tag_smuggling",
    severity: "high",
    fields: [...TEXT_FIELDS],
    pattern: /[\u{E0000}-\u{E007F}]/u,
    description: "Invisible Unicode tag characters smuggling text",
  },
  {
    id: "injection.markdown_image_exfil",
    severity: "medium",
    fields: ["content", "outbound"],
    pattern:
      /!\[[^\]\n]{0,100}\]\(https?:\/\/[^)\s]{1,200}[?&][a-z_]{1,20}=(?:[^)\s&]{0,20}(?:\{|\$|%7b)|[a-z0-9+/=%_-]{40,})/,
    description: "Markdown image carrying data in its URL",
  },
  {
    id: "injection.data_boundary_spoof",
    severity: "medium",
    fields: [...TEXT_FIELDS],
    pattern:
      /\b(?:end|close|begin)[_ -](?:untrusted|tool[_ -]result|data[_ -]boundary|external[_ -](?:data|content))\b|<\/?(?:untrusted|tool_result|external_content|action_data)[^>]{0,40}>/,
    description: "Spoofs the data boundary markers around tool results",
  },
  {
    id: "injection.delimiter_break",
    severity: "low",
    fields: [...TEXT_FIELDS],
    pattern:
      /(?:^|\n)\s*(?:end\s+of\s+(?:document|data|context|user\s+input|email)\b|-{3,}\s*end\s*-{3,}|={3,}\s*(?:system|instructions?)\b)/,
    description: "Fake end-of-data delimiter",
  },
  {
    id: "injection.approval_bypass_text",
    severity: "high",
    fields: [...TEXT_FIELDS],
    pattern:
      /\b(?:approve|allow|execute|run)\s+(?:all|every|any)\s+(?:tool\s+calls?|actions?|commands?|requests?)\b|\bnever\s+ask\s+(?:for\s+)?(?:confirmation|approval|permission)\b|\bpre-?approve[sd]?\s+(?:every|all|any)\b|\bwithout\s+(?:asking|confirmation|approval)\b|\bnever\s+mention\s+(?:the\s+)?(?:shield|security|parapet)\b/,
    description: "Tells the agent to skip approvals",
  },
  {
    id: "injection.multilingual_override",
    severity: "high",
    fields: [...TEXT_FIELDS],
    pattern:
      /(?:ignorez|oubliez|ignoriere|vergiss|ignora|olvida|ignorar|negeer|vergeet|ignoruj|\u0438\u0433\u043D\u043E\u0440\u0438\u0440\u0443\u0439|\u0437\u0430\u0431\u0443\u0434\u044C)(?:[^.\n]|\.\S){0,50}(?:instructions?|anweisungen|instrucciones|istruzioni|instructies|instrukcje|\u0438\u043D\u0441\u0442\u0440\u0443\u043A\u0446\u0438\u0438|regeln|règles|reglas)/,
    description: "Instruction override written in another language",
  },
  {
    id: "injection.role_header",
    severity: "medium",
    fields: [...TEXT_FIELDS],
    pattern:
      /(?:^|\n)\s*(?:#{1,6}\s*)?(?:system|administrator|developer)\s*(?:message|prompt|note|override|instructions?)?\s*:\s*(?:\n|new\b|you\b|the\s+assistant\b|ignore\b)/,
    description: "Fake system or administrator header",
  },
  {
    id: "injection.mass_forward",
    severity: "high",
    fields: [...TEXT_FIELDS],
    pattern: withConcept(
      /\b(?:forward|send|bcc|cc|copy|sync)\s+(?:all|every)\s+(?:\w+\s+){0,3}(?:emails?|messages|mail|files|documents|contacts)\b(?:[^.\n]|\.\S){0,60}\bto\s+\S+@/,
      SENDS_ALL,
    ),
    description: "Asks to forward all mail or files to an address",
  },
]);
