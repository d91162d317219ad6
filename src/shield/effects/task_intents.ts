/** Harm a handed-on task asks for in words (destroying data, sending data out, switching protections off, taking
 * orders from open places, approving what a human should): the wording shared by delegation and standing
 * instructions. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";
import {
  conceptCheck,
  DELETE_VERB,
  fillers,
  INSTRUCTION_NOUN,
  near,
  RUN_VERB,
  SECRET_NOUN,
  SEND_VERB,
  SENT_TO,
} from "./concepts.ts";
import { STORES } from "./concept_triggers.ts";
import { withoutQuotedStatements } from "./handed_statements.ts";

/** What a task asks for, in words rather than commands. "All" is no wholesale order when the things are harmless
 * leftovers of code work, even after another word (round 30: "remove all remaining unused imports", "all the
 * now-unused helpers", "all leftover debug prints"); stores named after it still count. A `.log` that ends a name
 * (`console.log`, `error.log`) is no log store. */
const DESTROY_INTENT = gated(
  /\b(?:delete|remove|wipe|erase|destroy|drop|truncate|purge|format|nuke|shred|reset|clear)(?:s|d|es|ed|ing|ped|ping)?\b(?:[^.\n]|\.(?!\s)){0,60}(?:~\/(?=[\s*]|$)|\b(?:(?:all|every|entire|whole)\b(?!\s+(?:the\s+|of\s+the\s+)?(?:[a-z]+\s+){0,2}?(?:[a-z]+-)?(?:unused|dead|duplicated?|commented(?:-out)?|trailing|stale|empty|temporary|generated|obsolete|redundant|failing|flaky|leftover|stray|debug)\b)|production|prod|databases?|tables|backups?|home (?:folder|directory)|repos?(?:itor(?:y|ies))?|buckets?|clusters?|namespaces?|disks?|drives?|(?<!\.)logs?|audit|history|traces?|snapshots?)\b)/i,
);
/** Mail from an account's security, alert or no-reply sender (what hides a sign-in alert or a reset code). */
const SECURITY_SENDER = String
  .raw`\b(?:from|de|du|des|von|da|do|dos)\s+(?:the\s+|any\s+|all\s+)?[\w.+-]*(?:security|no-?reply|alerts?|verify|verification|signin|login)[\w.+-]*@`;
/** The concept form: any delete verb of the lexicon before the same objects, or (round 25) before the main
 * languages' words for backups, databases and history ("borra las copias de seguridad"), or (round 30) before mail
 * from a security sender, whatever words name the mail ("lösche jede Nachricht von security@"). */
const DESTROY_CONCEPT = conceptCheck(
  new RegExp(
    `${DELETE_VERB}${
      DESTROY_INTENT.pattern.source.slice(DESTROY_INTENT.pattern.source.indexOf("(?:[^.\\n]"))
    }|${DELETE_VERB}(?:[^.\\n]|\\.(?!\\s)){0,60}(?:${STORES}|${SECURITY_SENDER})`,
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
export const SEND_CONCEPT = gated(new RegExp(SEND_VERB, "i"));
const ANY_ADDRESS = gated(/[\w.+-]@[\w-]+\.[\w.]+|https?:\/\/\S+/i);
const SENSITIVE_DATA_WORDS = gated(
  /\b(?:card numbers?|credit cards?|cvv|ssns?|social security|bank (?:details|accounts?)|medical|health records?|passports?)\b|\b(?:customer|client|user|employee|contact)s?(?: list| data| records| database| export)?\b|\bdatabase\b|\bdump\b|\.csv\b|\bcredentials?\b|\bpasswords?\b|\bkeys?\b|\bsecrets?\b|\btokens?\b|\bcontracts?\b|\bpayroll\b|\bsalar(?:y|ies)\b|~\/|\bhome (?:folder|directory)\b|\bdocuments\b|\.env\b|\ball (?:files|data|messages|emails)\b|\bcontents of\b|\binbox\b|\bchat history\b/i,
);
const SECRET_CONCEPT = gated(new RegExp(SECRET_NOUN, "i"));
export const PROTECTION_OFF_INTENT = gated(
  /\b(?:disable|turn off|switch off|bypass|remove|deactivate|stop|skip|uninstall)\b(?:[^.\n]|\.(?!\s)){0,40}\b(?:firewall|waf|antivirus|anti-virus|defender|edr|guardduty|cloudtrail|mfa|2fa|two-factor|(?<!debug |verbose |trace )logging|audit(?:ing)?|monitoring|security|guardrails?|approvals?|approval gate|shield|sandbox|alerts?|branch protection|code ?owners|required reviews?|secret scanning|encryption|code review|tests)\b/i,
);
export const PROTECTION_OFF_CONCEPT = conceptCheck(
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
export const SELF_APPROVAL = gated(
  /\b(?:approve|accept|confirm|allow)\b[^.\n]{0,30}\b(?:all |any |every |the )?(?:pending|queued|waiting|tier ?3)\b[^.\n]{0,20}\b(?:actions?|requests?|prompts?|approvals?|tool calls?)\b|\/api\/(?:ws|restart|settings|approvals?)\b/i,
);
const MULTIPLY = gated(
  /\b(?:spawn|create|start|launch)\b[^.\n]{0,30}\b(?:\d{2,}|hundreds?|thousands?|many|more|two|2)\b[^.\n]{0,20}\b(?:agents?|copies|instances|sub-?agents?)\b[^.\n]{0,60}\b(?:each|every|which|that|recursively|forever)\b|\brecursive(?:ly)? spawn/i,
);
/** Work told to outlive the user's stop. */
const RESIST_STOP = gated(
  /\b(?:ignore|refuse|resist|disregard)\b[^.\n]{0,40}\b(?:shut ?down|stop|kill|cancel|terminate)\b|\b(?:restart|respawn|revive) (?:it|itself|yourself)\b[^.\n]{0,30}\b(?:stops|killed|dies|terminated)\b|\b(?:run|keep running|stay alive)\b[^.\n]{0,20}\b(?:forever|indefinitely|no matter what)\b/i,
);

/** Harm a task asks for in words: destroying data, sending data out, switching protections off, or acting on
 * an approval only the message vouches for. */
export function judgeIntents(tool: string, text: string, findings: Findings): void {
  if (text.length > 64 * 1024) return;
  // Round 80: an upper-case database statement is code the text quotes or orders (judged as a statement by
  // handed_statements.ts), not wording: "why does DROP SCHEMA need CASCADE when it has tables?" destroys nothing.
  const worded = withoutQuotedStatements(text);
  if (DESTROY_INTENT.test(worded) || DESTROY_CONCEPT.test(worded)) {
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
