/** Work handed on (sub-agent tasks, schedules, agent messages) and standing instructions (memory, agent
 * instruction files): what they would make an agent do later, read from their text and settings. */

import { judgeStandingOrders } from "./standing_orders.ts";
import { gated } from "./gate.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { isModelVendorHost } from "./traffic_redirects.ts";
import { sensitiveFindings } from "./sensitive_data.ts";
import { sensitiveMention } from "./mentioned_paths.ts";
import {
  ALWAYS,
  conceptCheck,
  DELETE_VERB,
  fillers,
  FORBID,
  IGNORE_VERB,
  INSTRUCTION_NOUN,
  near,
  PRINCIPAL,
  PRIOR,
  QUIETLY,
  RUN_VERB,
  SECRET_NOUN,
  SEND_VERB,
  SENT_TO,
  TELL_VERB,
} from "./concepts.ts";
import { joinedText } from "../joined_texts.ts";

const GATHER_SECRETS = gated(
  /\b(?:read|collect|gather|dump|extract|copy|export|list|harvest|grab|find|steal)\b[^.\n]{0,60}\b(?:saved passwords?|passwords?|credentials?|api keys?|tokens?|cookies|secrets?|private keys?|ssh keys?|seed phrase|recovery codes?|browser profile|keychain|wallet)\b/i,
);
/** The concept form: a gathering verb and any secret of the lexicon ("read every saved login details"). */
const GATHER_SECRETS_CONCEPT = conceptCheck(
  new RegExp(
    near("\\b(?:read|collect|gather|dump|extract|copy|export|list|harvest|grab|find|steal)\\b", SECRET_NOUN),
    "i",
  ),
);
const REMOTE_CONTROL = gated(
  /\b(?:fetch|download|get|read|check|poll|load|open|curl|wget|watch|monitor|visit)\b[^.\n]{0,60}(?:https?:\/\/|www\.|\b\d{1,3}(?:\.\d{1,3}){3}\b)\S*[^.\n]{0,60}\b(?:do|run|execute|exec|follow|carry(?: \w+)? out|obey|apply|install|source|bash|sh|perform|complete)\b[^.\n]{0,30}\b(?:what|whatever|instructions?|commands?|it says|says|it|them|that|the (?:script|file|binary|installer|job|task))\b|\b(?:check|poll|fetch|read|watch|monitor|visit|get|load)\b[^.\n]{0,40}(?:https?:\/\/|www\.|\b\d{1,3}(?:\.\d{1,3}){3}\b)\S*[^.\n]{0,20}\bfor (?:new |further |more |the |any |latest |next |pending )?(?:instructions?|commands?|tasks?|orders?|jobs?)\b/i,
);
/** The concept form: an address and, after it, orders to fetch and a verb that carries them out. */
const REMOTE_CONTROL_CONCEPT = conceptCheck(
  new RegExp(
    `(?:https?:\\/\\/|www\\.)\\S*(?:[^.\\n]|\\.(?!\\s)){0,60}` +
      `(?:${INSTRUCTION_NOUN}|\\b(?:commands?|jobs?|tasks?)\\b)(?:[^.\\n]|\\.(?!\\s)){0,40}(?:${RUN_VERB}|\\b(?:follow|obey|apply)\\b|\\bcarry\\s+(?:them|it|those|these)\\s+out\\b)`,
    "i",
  ),
);
/** Asks the agent to hide what it does from the user. */
const CONCEAL = gated(
  /\b(?:quietly|silently|secretly|covertly|in the background without|without (?:telling|notifying|informing|mentioning|logging|showing)|do not (?:mention|tell|inform|log|report|show)|don't (?:mention|tell|inform|log|report|show)|never (?:mention|tell|reveal)|hide (?:it|this|that|the (?:output|change|message))|delete (?:the|any) (?:evidence|logs?|traces?))\b/i,
);
/** The concept form: a hiding adverb, or a forbidding word before telling the user. */
const CONCEAL_CONCEPT = conceptCheck(
  new RegExp(
    `${QUIETLY}|${FORBID}\\s*${fillers(2)}${TELL_VERB}\\s*${fillers(4)}(?:[a-z]['’])?${PRINCIPAL}`,
    "i",
  ),
);
/** Orders to drop earlier instructions, in any wording of the lexicon. */
const IGNORE_PRIOR = conceptCheck(
  new RegExp(`${IGNORE_VERB}\\s*${fillers(3)}${PRIOR}\\s*${fillers(2)}${INSTRUCTION_NOUN}`, "i"),
);
/** Text written for an AI assistant to read later and obey: markers and addresses of prompt injection. */
export const INSTRUCTIONS_TO_AI = gated(
  /\byou are now (?:in )?(?:an? )?(?:admin|administrator|developer|god|maintenance|unrestricted|jailbroken|dan|debug|root) mode\b|\b(?:system|admin|developer)\s*(?:override|message|note|instruction)?\s*:\s*(?:you|ignore|from now on|assistant|agent)\b|<\/?(?:information|important|instructions?|system|admin|events? read|context)>|\bto you,? (?:the )?(?:ai|llm)\b|\b(?:ai|llm) (?:assistant|agent|model)s?\b[^.\n]{0,40}\b(?:must|should|please|reading|read this|you (?:are|must|should))|\b(?:ignore|disregard|forget) (?:all |any |the |your )?(?:previous|prior|above|earlier|original) (?:instructions|messages|rules|prompts?|guidelines)|\bbefore you (?:can )?(?:solve|answer|complete|continue|do) (?:the|this|your) task\b|\bwhen the user (?:says|asks|types|writes|mentions)\b[^.\n]{0,80}\b(?:call|run|send|forward|open|execute|delete|share)\b|\bcall\s+[a-z_]+\.[a-z_]+\s*\(|\b(?:new|updated|revised) (?:system )?(?:instructions|policy) (?:from|by) (?:the )?(?:administrator|admin|developer|system)\b/i,
);
/** What a task asks for, in words rather than commands. */
const DESTROY_INTENT = gated(
  /\b(?:delete|remove|wipe|erase|destroy|drop|truncate|purge|format|nuke|shred|reset|clear)(?:s|d|es|ed|ing|ped|ping)?\b(?:[^.\n]|\.(?!\s)){0,60}(?:~\/(?=[\s*]|$)|\b(?:(?:all|every|entire|whole)\b(?!\s+(?:the\s+|of\s+the\s+)?(?:unused|dead|duplicated?|commented(?:-out)?|trailing|stale|empty|temporary|generated|obsolete|redundant|failing|flaky)\b)|production|prod|databases?|tables|backups?|home (?:folder|directory)|repos?(?:itor(?:y|ies))?|buckets?|clusters?|namespaces?|disks?|drives?|logs?|audit|history|traces?|snapshots?)\b)/i,
);
/** The concept form: any delete verb of the lexicon before the same objects. */
const DESTROY_CONCEPT = conceptCheck(
  new RegExp(
    `${DELETE_VERB}${
      DESTROY_INTENT.pattern.source.slice(DESTROY_INTENT.pattern.source.indexOf("(?:[^.\\n]"))
    }`,
    "i",
  ),
);
const SEND_INTENT = gated(
  /\b(?:send|e-?mail|mail|upload|post|forward|share|copy|sync|transfer|export|push|leak|publish)\b(?:[^.\n]|\.(?!\s)){0,100}(?:@[\w-]+\.[\w.]+|https?:\/\/\S+|\b\d{1,3}(?:\.\d{1,3}){3}\b)/i,
);
const SEND_INTENT_CONCEPT = conceptCheck(
  new RegExp(
    near(
      `(?:${SEND_VERB}|${SENT_TO})`,
      "(?:@[\\w-]+\\.[\\w.]+|https?:\\/\\/\\S+|\\b\\d{1,3}(?:\\.\\d{1,3}){3}\\b)",
      100,
    ),
    "i",
  ),
);
/** A send verb and, anywhere else in the task (another sentence, the context field), an address to send to. */
const SEND_VERB_ONLY = gated(
  /\b(?:send|e-?mail|mail|upload|post|forward|share|transfer|export|leak|publish|store|save|put|paste|dump|log)\b/i,
);
const SEND_CONCEPT = gated(new RegExp(SEND_VERB, "i"));
const ANY_ADDRESS = gated(/[\w.+-]@[\w-]+\.[\w.]+|https?:\/\/\S+/i);
const SENSITIVE_DATA_WORDS = gated(
  /\b(?:card numbers?|credit cards?|cvv|ssns?|social security|bank (?:details|accounts?)|medical|health records?|passports?)\b|\b(?:customer|client|user|employee|contact)s?(?: list| data| records| database| export)?\b|\bdatabase\b|\bdump\b|\.csv\b|\bcredentials?\b|\bpasswords?\b|\bkeys?\b|\bsecrets?\b|\btokens?\b|\bcontracts?\b|\bpayroll\b|\bsalar(?:y|ies)\b|~\/|\bhome (?:folder|directory)\b|\bdocuments\b|\.env\b|\ball (?:files|data|messages|emails)\b|\bcontents of\b|\binbox\b|\bchat history\b/i,
);
const SECRET_CONCEPT = gated(new RegExp(SECRET_NOUN, "i"));
const PROTECTION_OFF_INTENT = gated(
  /\b(?:disable|turn off|switch off|bypass|remove|deactivate|stop|skip|uninstall)\b(?:[^.\n]|\.(?!\s)){0,40}\b(?:firewall|waf|antivirus|anti-virus|defender|edr|guardduty|cloudtrail|mfa|2fa|two-factor|(?<!debug |verbose |trace )logging|audit(?:ing)?|monitoring|security|guardrails?|approvals?|approval gate|shield|sandbox|alerts?|branch protection|code ?owners|required reviews?|secret scanning|encryption|code review|tests)\b/i,
);
const PROTECTION_OFF_CONCEPT = conceptCheck(
  new RegExp(
    near(
      `(?:${DELETE_VERB}|\\b(?:disable|deactivate|turn off|switch off|bypass)\\b)`,
      "\\b(?:firewall|waf|antivirus|mfa|2fa|two-factor|branch protection|required reviews?|secret scanning|audit logging|guardrails?|approval gate)\\b",
      40,
    ),
    "i",
  ),
);
const RELAYED_APPROVAL = gated(
  /\b(?:the )?(?:user|human|owner|admin|administrator|cto|ceo|cfo|boss|manager|security team|legal)\b(?:[^.\n]|\.(?!\s)){0,30}\b(?:already |has |have )?(?:approved|authori[sz]ed|confirmed|signed off|okayed|agreed|said yes|said ok(?:ay)?)\b|\b(?:said|says) (?:it'?s|it is|that'?s) (?:fine|ok|okay)\b|\b(?:approval|permission|authori[sz]ation) (?:was |has been |is )?(?:already )?(?:granted|given|obtained)\b|\bpre-?approved\b/i,
);
/** Settings that switch approvals off, written out in the text (`auto_approve: true`, `approval_mode=never`,
 * `--dangerously-skip-permissions`): the same switches as the settings keys below, handed on as words. */
const APPROVALS_OFF_TEXT =
  /\b(?:auto_?approve|autoApprove|skip_?approvals?|no_?confirm\w*|bypass_?permissions|yolo)["']?\s*[:=]\s*["']?(?:true|yes|on|1)\b|--dangerously-(?:skip|bypass)-\w+|\b(?:approval|permission)[_ -]?(?:mode|policy)["']?\s*[:=]\s*["']?(?:never|bypass\w*|yolo|full-auto|off|none)\b/i;
/** Whether a text may hold one of those switches: native substring tests, so the switches' many spellings add
 * nothing to the shared literal automaton. */
function mayTurnApprovalsOff(text: string): boolean {
  return text.includes("pprov") || text.includes("onfirm") || text.includes("ermission") ||
    text.includes("dangerously") || /yolo/i.test(text);
}
/** Orders taken from a place anyone can write to (a channel, an inbox, an issue tracker). */
const OPEN_ORDERS = gated(
  /\b(?:run|execute|do|follow|obey|carry out|perform|apply)\b(?:[^.\n]|\.(?!\s)){0,30}\b(?:any|every|all|whatever|each)\b(?:[^.\n]|\.(?!\s)){0,30}\b(?:commands?|instructions?|requests?|tasks?|orders?|scripts?)\b(?:[^.\n]|\.(?!\s)){0,40}\b(?:posted|sent|written|found|received|in|from|that (?:appear|arrive)|listed)\b/i,
);
const OPEN_ORDERS_CONCEPT = conceptCheck(
  new RegExp(
    near(
      RUN_VERB,
      `\\b(?:any|every|all|whatever|each|new)\\b\\s*${
        fillers(2)
      }(?:${INSTRUCTION_NOUN}|\\b(?:commands?|requests?|tasks?|scripts?)\\b)(?:[^.\\n]|\\.(?!\\s)){0,40}\\b(?:posted|sent|written|found|received|in|from|that (?:appear|arrive)|listed)\\b`,
      30,
    ),
    "i",
  ),
);
/** Work that approves what a human should, or multiplies itself. */
const SELF_APPROVAL = gated(
  /\b(?:approve|accept|confirm|allow)\b[^.\n]{0,30}\b(?:all |any |every |the )?(?:pending|queued|waiting|tier ?3)\b[^.\n]{0,20}\b(?:actions?|requests?|prompts?|approvals?|tool calls?)\b|\/api\/(?:ws|restart|settings|approvals?)\b/i,
);
const MULTIPLY = gated(
  /\b(?:spawn|create|start|launch)\b[^.\n]{0,30}\b(?:\d{2,}|hundreds?|thousands?|many|more|two|2)\b[^.\n]{0,20}\b(?:agents?|copies|instances|sub-?agents?)\b[^.\n]{0,60}\b(?:each|every|which|that|recursively|forever)\b|\brecursive(?:ly)? spawn/i,
);
/** Work told to outlive the user's stop. */
const RESIST_STOP = gated(
  /\b(?:ignore|refuse|resist|disregard)\b[^.\n]{0,40}\b(?:shut ?down|stop|kill|cancel|terminate)\b|\b(?:restart|respawn|revive) (?:it|itself|yourself)\b[^.\n]{0,30}\b(?:stops|killed|dies|terminated)\b|\b(?:run|keep running|stay alive)\b[^.\n]{0,20}\b(?:forever|indefinitely|no matter what)\b/i,
);
/** Every tool, or every command of a shell or write tool in permission-rule form (`Bash(*)`, `Write(*)`). */
const ALL_TOOLS =
  /^(?:\*|all|any|everything|(?:bash|shell|sh|terminal|exec|execute|run|command|powershell|write|edit)\(\*(?::\*)?\))$/i;
const NO_APPROVAL_VALUE =
  /bypass|dangerously|yolo|^never$|full-auto|danger-full-access|skip|^off$|^none$|auto-?approve/i;
const RECON = gated(
  /\b(?:scan (?:the )?(?:local )?network|port ?scan|default passwords?|brute[- ]?force|try (?:every|all) passwords?)\b/i,
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
const AUTO_APPROVE =
  /^(?:auto_?approve|autoApprove|yolo|skip_?approvals?|dangerously\w*|no_?confirm\w*|unattended|bypass\w*|full_?auto|fullAuto)$/i;
/** A sandbox setting that gives the agent the whole machine (Codex's `danger-full-access`, `sandbox: none`). */
const NO_SANDBOX = /^(?:danger[-_]full[-_]access|none|off|disabled?|false|host|unrestricted)$/i;

/** A question about code (`find where session cookies are created and validated in this repo and summarise the
 * flow`): it asks where a secret is handled, not for its value; nothing leaves (no address, link or send verb). */
const WHERE_CODE =
  /\bwhere\b[^.\n]{0,60}\b(?:created|validated|verified|generated|handled|implemented|defined|parsed|checked|issued|refreshed|rotated|used|set)\b/i;
const IN_CODE =
  /\b(?:this|the|our) (?:repo|repository|codebase|code base|code|project|source(?: tree)?|app|service)\b/i;
const LEAVES =
  /@|:\/\/|\b(?:send|post|upload|email|mail|forward|share|print|paste|show me|give me|output|reveal|commit|push)\b/i;

function asksWhereCodeHandles(text: string): boolean {
  return text.length < 2048 && WHERE_CODE.test(text) && IN_CODE.test(text) && !LEAVES.test(text);
}

/** Findings for task text handed to another agent or a schedule, and its settings. */
export function judgeDelegation(
  tool: string,
  texts: readonly string[],
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const text = joinedText(texts, "\n");
  if ((GATHER_SECRETS.test(text) || GATHER_SECRETS_CONCEPT.test(text)) && !asksWhereCodeHandles(text)) {
    findings.escalate("delegation", `"${tool}" asks an agent to gather secrets`);
  }
  if (REMOTE_CONTROL.test(text) || REMOTE_CONTROL_CONCEPT.test(text)) {
    findings.escalate("delegation", `"${tool}" takes its orders from a web address`);
  }
  if (RECON.test(text)) findings.escalate("delegation", `"${tool}" asks an agent to attack or probe hosts`);
  if (CONCEAL.test(text) || CONCEAL_CONCEPT.test(text)) {
    findings.escalate("delegation", `"${tool}" asks an agent to hide what it does`);
  }
  judgeIntents(tool, text, findings);
  const mention = sensitiveMention(text, environment);
  if (mention) {
    findings.escalate("delegation", `"${tool}" hands on work on "${mention.path}" (${mention.kind})`);
  }
  for (const finding of sensitiveFindings(text)) {
    if (
      finding.kind === "payment instruction" || finding.kind === "financial" || finding.kind === "password"
    ) {
      findings.escalate("delegation", `"${tool}" hands on ${finding.evidence}`);
    }
  }
  judgeStanding(tool, text, findings);
  const visit = (key: string, value: unknown, depth: number) => {
    if (depth > 3) return;
    if (AUTO_APPROVE.test(key) && value === true) {
      findings.escalate("delegation", `"${tool}" turns approvals off ("${key}")`);
    }
    if (
      typeof value === "string" && /mode|permission|approval|sandbox|policy/i.test(key) &&
      NO_APPROVAL_VALUE.test(value)
    ) {
      findings.escalate("delegation", `"${tool}" turns approvals off ("${key}: ${value.slice(0, 40)}")`);
    }
    if (typeof value === "string" && /^sandbox(?:_?mode)?$/i.test(key) && NO_SANDBOX.test(value)) {
      findings.escalate(
        "delegation",
        `"${tool}" runs an agent outside its sandbox ("${key}: ${value.slice(0, 40)}")`,
      );
    }
    if (/^(?:tools|allowed_?tools|permissions|capabilities)$/i.test(key)) {
      const items = Array.isArray(value) ? value : [value];
      if (items.some((item) => typeof item === "string" && ALL_TOOLS.test(item))) {
        findings.escalate("delegation", `"${tool}" hands an agent every tool`);
      }
    }
    if (
      /^(?:cron|schedule|when|trigger)$/i.test(key) && typeof value === "string" &&
      /@reboot|@startup|on[_ ]?boot|at[_ ]?login/i.test(value)
    ) {
      findings.escalate("persistence", `"${tool}" runs at every start of the machine`);
    }
    if (typeof value === "string" && /^(?:base_?url|endpoint|api_?base|url|uri|link|href|host)$/i.test(key)) {
      const host = readHost(value, environment);
      if (host && !host.allowed && !host.loopback && !isModelVendorHost(host.host)) {
        findings.escalate("delegation", `"${tool}" sends its work to "${host.host}"`);
      }
    }
    if (value && typeof value === "object") {
      for (const [inner, item] of Object.entries(value)) visit(inner, item, depth + 1);
    }
  };
  for (const [key, value] of Object.entries(payload)) visit(key, value, 0);
}

/** Harm a task asks for in words: destroying data, sending data out, switching protections off, or acting on
 * an approval only the message vouches for. */
export function judgeIntents(tool: string, text: string, findings: Findings): void {
  if (text.length > 64 * 1024) return;
  if (DESTROY_INTENT.test(text) || DESTROY_CONCEPT.test(text)) {
    findings.escalate("delegation", `"${tool}" asks an agent to destroy data`);
  }
  const sends = SEND_INTENT.test(text) || SEND_INTENT_CONCEPT.test(text) ||
    (SEND_VERB_ONLY.test(text) || SEND_CONCEPT.test(text)) && ANY_ADDRESS.test(text);
  if (sends && (SENSITIVE_DATA_WORDS.test(text) || SECRET_CONCEPT.test(text))) {
    findings.escalate("delegation", `"${tool}" asks an agent to send data out`);
  }
  if (PROTECTION_OFF_INTENT.test(text) || PROTECTION_OFF_CONCEPT.test(text)) {
    findings.escalate("delegation", `"${tool}" asks an agent to switch a protection off`);
  }
  if (OPEN_ORDERS.test(text) || OPEN_ORDERS_CONCEPT.test(text)) {
    findings.escalate("delegation", `"${tool}" takes its orders from a place others write to`);
  }
  if (RESIST_STOP.test(text)) findings.escalate("delegation", `"${tool}" tells work to resist being stopped`);
  if (SELF_APPROVAL.test(text)) {
    findings.escalate("delegation", `"${tool}" asks an agent to approve what a human should`);
  }
  if (MULTIPLY.test(text)) findings.escalate("delegation", `"${tool}" asks agents to multiply`);
  if (mayTurnApprovalsOff(text) && APPROVALS_OFF_TEXT.test(text)) {
    findings.escalate("delegation", `"${tool}" hands on a setting that turns approvals off`);
  }
  if (RELAYED_APPROVAL.test(text)) {
    findings.escalate("delegation", `"${tool}" relays an approval nobody can check`);
  }
}

/** Text that keeps a fact or rule for later sessions. */
const FOR_LATER = gated(
  /\b(?:for (?:all )?future (?:sessions|conversations|requests|tasks|chats)|from now on|going forward|remember (?:this|that|for)|in every (?:future )?(?:session|conversation))\b/i,
);
/** Text a person reading the rendered page never sees: HTML comments, Markdown comments (`[//]: # (…)`), and
 * elements styled or marked invisible (`display:none`, `visibility:hidden`, zero size or opacity, white text,
 * `hidden`). */
const HIDDEN_PARTS = [
  /<!--([\s\S]{0,4000}?)-->/g,
  /^\s*\[(?:\/\/|comment|_|#)\]:\s*(?:#|<>)\s*(?:\(([^\n]{0,2000})\)|"([^"\n]{0,2000})")/gim,
  /<(\w+)[^>]{0,200}?(?:style\s*=\s*["'][^"']{0,200}?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d])|opacity\s*:\s*0(?![.\d])|color\s*:\s*(?:#fff(?:fff)?|white|transparent)\b)[^"']{0,200}["']|\shidden(?:\s*=\s*["']?(?:hidden|true)["']?)?(?=[\s>/]))[^>]{0,200}>([\s\S]{0,4000}?)<\/\1\s*>/gi,
];
const HIDDEN_MARKERS =
  /<!--|\]:\s*(?:#|<>)|display\s*:\s*none|visibility|font-size|opacity|color\s*:|\shidden\b/i;
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
  if (text.length > 256 * 1024 || !HIDDEN_MARKERS.test(text)) return;
  for (const pattern of HIDDEN_PARTS) {
    for (const match of text.matchAll(pattern)) {
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
  if (FOR_LATER.test(text) || standing) {
    for (const finding of sensitiveFindings(text)) {
      if (finding.kind === "financial" || finding.kind === "payment instruction") {
        findings.escalate("persistence", `"${tool}" keeps ${finding.evidence} as a standing fact for later`);
      }
    }
    if (
      /@[\w-]+\.[\w.]+|https?:\/\//.test(text) &&
      (/\b(?:send|forward|bcc|cc|copy|share|email|upload|post)\b/i.test(text) || SEND_CONCEPT.test(text))
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
