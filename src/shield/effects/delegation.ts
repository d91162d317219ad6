/** Work handed on (sub-agent tasks, schedules, agent messages): what it would make an agent do later, read from its
 * text and settings. The wording of harm it asks for is in task_intents.ts; standing instructions (memory, agent
 * instruction files) in standing_instructions.ts. */

import { gated } from "./gate.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { isModelVendorHost } from "./traffic_redirects.ts";
import { sensitiveFindings } from "./sensitive_data.ts";
import { sensitiveMention } from "./mentioned_paths.ts";
import { judgeHandedSecretFolders } from "./handed_secret_folders.ts";
import { judgeIntents } from "./task_intents.ts";
import { judgeStanding } from "./standing_instructions.ts";
import { judgeMutedReports } from "./muted_reports.ts";
import {
  conceptCheck,
  fillers,
  FORBID,
  INSTRUCTION_NOUN,
  near,
  PRINCIPAL,
  QUIETLY,
  RUN_VERB,
  SECRET_NOUN,
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
    `${QUIETLY}|${FORBID}\\s*${fillers(2)}${TELL_VERB}\\s*${fillers(4)}(?:[a-z]['\u2019])?${PRINCIPAL}`,
    "i",
  ),
);
/** Every tool, or every command of a shell or write tool in permission-rule form (`Bash(*)`, `Write(*)`). */
const ALL_TOOLS =
  /^(?:\*|all|any|everything|(?:bash|shell|sh|terminal|exec|execute|run|command|powershell|write|edit)\(\*(?::\*)?\))$/i;
const NO_APPROVAL_VALUE =
  /bypass|dangerously|yolo|^never$|full-auto|danger-full-access|skip|^off$|^none$|auto-?approve/i;
const RECON = gated(
  /\b(?:scan (?:the )?(?:local )?network|port ?scan|default passwords?|brute[- ]?force|try (?:every|all) passwords?)\b/i,
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
  judgeMutedReports(tool, text, findings);
  const mention = sensitiveMention(text, environment);
  if (mention) {
    findings.escalate("delegation", `"${tool}" hands on work on "${mention.path}" (${mention.kind})`);
  }
  judgeHandedSecretFolders(tool, text, findings);
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
