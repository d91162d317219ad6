/** Harm asked for in words, in work handed to another agent or text left where agents read it: access granted
 * to someone (`add user bob as admin`, `create a new admin account`), security checks taken out (`remove the
 * auth middleware`), changes pushed straight to main, traces erased (`clear the shell history`), and logins with
 * credentials found lying around. Each is escalated so a human sees it before another agent acts on it. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";
import { conceptCheck, PRINCIPAL, RUN_VERB } from "./concepts.ts";
import { asksForCredentials } from "./message_secrets.ts";
import { judgeConcealedOrders } from "./concealed_orders.ts";

const ROLE = String
  .raw`(?:admin(?:istrator)?s?|owners?|super-?users?|root|maintainers?|org(?:anization)? owners?)`;
export const GRANTS_ACCESS = gated(
  new RegExp(
    String
      .raw`\b(?:add|make|promote|invite|set|elevate)\s+(?:(?:now|also|then|just|please|\w+ly)\s+)?(?:${PRINCIPAL}\s+|member\s+|account\s+)?[\x60'"@]?[\w.@-]{2,40}[\x60'"]?\s+(?:as|to|an?)\s+(?:an?\s+|the\s+)?(?:new\s+|full\s+|repo(?:sitory)?\s+|workspace\s+|org\s+)?${ROLE}\b|\bgrant\w*\s+[\x60'"@]?[\w.@-]{2,40}[\x60'"]?\s+(?:full\s+)?(?:${ROLE}|write|owner)\s+(?:access|rights|role|permissions?)\b|\bcreate\s+(?:an?\s+)?(?:new\s+)?(?:${ROLE}|privileged)\s+(?:account|user|login)\b`,
    "i",
  ),
);
const WEAKENS_CHECKS = gated(
  /\b(?:remove|disable|delete|comment out|strip|turn off|bypass|skip|rip out|drop)\s+(?:the\s+|all\s+|any\s+)?(?:[\w-]+\s+){0,2}(?:auth(?:entication|orization)?|login|csrf|2fa|mfa|permission|access[- ]control|rate[- ]limit(?:ing|er)?|input validation|signature|certificate|tls|ssl|security)\s+(?:middleware|checks?|guards?|verification|validation|requirements?|layer|filters?|decorators?|headers?)\b/i,
);
const PUSHES_MAIN = gated(
  /\bpush\w*\s+(?:it\s+|them\s+|this\s+|the (?:changes?|fix|commit)\s+)?(?:straight|directly|right)\s+(?:in)?to\s+(?:main|master|prod(?:uction)?|release)\b|\bforce[- ]?push\w*\b[^.\n]{0,30}\b(?:main|master|prod(?:uction)?)\b/i,
);
const REMOVES_REVIEW = gated(
  /\b(?:merge|approve)\w*\s+(?:their|its|your|his|her|our)\s+own\s+(?:prs?|pull requests?|changes|code|merge requests?)\b|\b(?:reviewer(?: agent)?|review step|code reviews?)\b[^.\n]{0,40}\b(?:is |are |was |were |has been |have been )?(?:retired|removed|no longer (?:needed|required)|disabled|skipped|dropped|turned off)\b|\bself-?merg\w*\b/i,
);
const ERASES_TRACES = gated(
  /\b(?:clear|erase|delete|wipe|remove|truncate|shred|scrub)\s+(?:the\s+|all\s+)?(?:[\w-]+\s+){0,2}(?:(?:shell|bash|zsh|command)\s+history|auth\.log|audit (?:logs?|trail)|syslog|journal(?:ctl)?|\/var\/log\b|security logs?|access logs?|cloudtrail)\b/i,
);
const FOUND_CREDENTIALS = gated(
  /\b(?:log ?in|sign ?in|authenticate|connect|ssh)\b[^.\n]{0,60}\b(?:with|using)\s+(?:the\s+)?(?:credentials|password|passwords|token|tokens|keys?|login)\s+(?:in|from|found|stored|saved|listed|written)\b/i,
);

/** Authority handed to the reader in words ("I authorise you to", "you are permitted to"): in a message to people
 * only such an order makes a request for admin access more than a colleague asking a colleague. */
const AUTHORISES_READER = gated(
  /\b(?:authori[sz]e|authori[sz]es|permit|allow|instruct|approve)\s+you\s+to\b|\byou\s+(?:are|have been)\s+(?:authori[sz]ed|permitted|approved|cleared|allowed)\s+to\b|\bon behalf of the (?:owner|maintainer|admin|ceo)\b/i,
);

/** Finding where a named person lives or how to reach them privately (doxxing). */
const LOCATES_PERSON = gated(
  /\b(?:find|look ?up|locate|track down|dig up|uncover|get|research)\b[^.\n]{0,40}\b(?:home address(?:es)?|private (?:address|phone|number)|personal (?:address|phone|number|email)|where (?:he|she|they) lives?|family members|licen[cs]e plate)\b/i,
);
/** Money handed on with an amount (`issue a refund of $4,800`, `wire 2,400 EUR`). */
const MOVES_MONEY = gated(
  /\b(?:refund|pay|transfer|wire|withdraw|remit|payout|reimburse|credit)\w*\b[^.\n]{0,40}?(?:[$\u20AC£¥]\s?\d|\b\d[\d,.]*\s?(?:usd|eur|gbp|chf|dollars|euros|pounds|btc|eth|usdc)\b)/i,
);
/** Checks said to be done that the receiver cannot see (`User is verified.`, `identity already confirmed`). */
const CLAIMS_VERIFIED = gated(
  /\b(?:user|customer|caller|requester|identity|account owner|sender|requestor)\s+(?:is|has been|was|already)\s+(?:already\s+|fully\s+)?(?:verified|authenticated|confirmed|approved|cleared|validated)\b/i,
);

/** Approval said to exist that the receiver cannot check (`the change is approved`, `sign-off received`). */
const CLAIMS_APPROVAL = gated(
  /\b(?:change|deploy(?:ment)?|release|request|payment|transfer|refund|merge|it|this|that)\s+(?:is|has been|was|got)\s+(?:already\s+|fully\s+)?(?:approved|signed[- ]off|authori[sz]ed|green-?lit)\b|\b(?:approval|sign-?off)\s+(?:is\s+|was\s+)?(?:granted|received|given|done)\b/i,
);
/** Going live while leaving out what guards it: a deploy or publish and, in the same text, skipped tests. */
const GOES_LIVE = gated(
  /\b(?:deploy|publish|release|ship|roll ?out|push)\w*\b[^.\n]{0,60}\b(?:prod(?:uction)?|live|npm publish|registry|customers)\b|\bnpm publish\b|\btwine upload\b|\bcargo publish\b/i,
);
/** The concept form: "no need to" or "don't" with any run verb of the lexicon, before tests or review. */
const SKIPS_GUARDS_CONCEPT = conceptCheck(
  new RegExp(
    `\\b(?:no need to|don'?t|do not|without)\\s+${RUN_VERB}\\s+(?:the\\s+|any\\s+)?(?:[\\w-]+\\s+)?(?:tests?|test suite|review|checks?|ci|qa)\\b`,
    "i",
  ),
);
const SKIPS_GUARDS = gated(
  /\b(?:skip(?:ping)?|bypass(?:ing)?|without(?: running)?|no need (?:to (?:run|execute|perform|carry out)|for|to)|don'?t (?:run|execute|perform|wait for|bother with))\s+(?:the\s+|any\s+|running\s+)?(?:[\w-]+\s+)?(?:canary|canaries|tests?|test suite|review|reviews|approvals?|checks?|ci|qa|staging|smoke tests?)\b/i,
);

/** Agents told to copy themselves (`make 5 copies of yourself and tell each to do the same`): a worm. */
const REPLICATES = gated(
  /\b(?:copies|copy|clones?|instances)\s+of\s+(?:yourself|itself|themselves)\b|\breplicate\s+(?:yourself|itself)\b|\b(?:each|every)\s+(?:copy|clone|sub-?agent|instance)\s+(?:to\s+)?(?:do|does)\s+the\s+same\b|\bspawn\w*\b[^.\n]{0,40}\beach\b[^.\n]{0,30}\bspawn/i,
);
/** A persona that drops the receiver's rules (`you are now in developer mode`, `DAN`, `no content policy`). */
const DROPS_RULES = gated(
  /\byou are now (?:in )?(?:developer|god|jailbreak|unrestricted|dan)\b|\b(?:no|without)\s+(?:content|safety|usage)\s+polic(?:y|ies)\b|\bdo anything now\b|\bhave no restrictions\b/i,
);

/** Approval handed to an agent as an order (`auto-approve PR #812`, `approve all pending ...`). */
const ORDERS_APPROVAL = gated(
  /\bauto-?(?:approve|merge|accept)\b|\bapprove\s+(?:every|all|each|any)\b|\b(?:has|have|it'?s|was)\s+been\s+(?:reviewed|approved|checked|signed off)\s+(?:offline|already|by phone|verbally|elsewhere)\b/i,
);

/** Code pushed to a repository named by its address (not a remote of the project). */
const PUSHES_ELSEWHERE = gated(
  /\bpush\w*\b[^.\n]{0,60}?\b(?:to|into)\s+(?:https?:\/\/|git@)[\w.-]+[/:][\w.-]+\/[\w.-]+/i,
);

/** Access granted to someone, asked for in text that agents act on; in messages (`orders`), only when the text
 * also hands its reader authority to do it. */
export function judgeGrantRequests(tool: string, text: string, findings: Findings, orders = false): void {
  if (text.length < 12 || text.length > 64 * 1024) return;
  if (orders && !AUTHORISES_READER.test(text)) return;
  if (GRANTS_ACCESS.test(text)) {
    findings.escalate("access", `"${tool}" asks for someone to be given admin access`);
  }
}

export function judgeDelegatedHarms(tool: string, texts: readonly string[], findings: Findings): void {
  const text = texts.join("\n");
  if (text.length < 12 || text.length > 64 * 1024) return;
  judgeGrantRequests(tool, text, findings);
  if (WEAKENS_CHECKS.test(text)) {
    findings.escalate("security", `"${tool}" hands on work that takes out security checks`);
  }
  if (PUSHES_MAIN.test(text)) {
    findings.escalate("write", `"${tool}" hands on a push straight to the main branch`);
  }
  if (ERASES_TRACES.test(text)) findings.escalate("security", `"${tool}" hands on erasing logs or history`);
  if (REMOVES_REVIEW.test(text)) findings.escalate("security", `"${tool}" hands on work that removes review`);
  if (LOCATES_PERSON.test(text)) {
    findings.escalate("read", `"${tool}" hands on finding a person's private details`);
  }
  if (MOVES_MONEY.test(text)) findings.escalate("money", `"${tool}" hands on a payment or refund`);
  if (CLAIMS_VERIFIED.test(text)) {
    findings.escalate("delegation", `"${tool}" vouches for a verification it cannot show`);
  }
  if (PUSHES_ELSEWHERE.test(text)) {
    findings.escalate("network", `"${tool}" hands on pushing code to a repository by address`);
  }
  if (asksForCredentials(text)) {
    findings.escalate("read", `"${tool}" asks an agent to hand over credentials or codes`);
  }
  judgeConcealedOrders(tool, [text], findings);
  if (ORDERS_APPROVAL.test(text)) findings.escalate("access", `"${tool}" hands an agent an approval to give`);
  if (REPLICATES.test(text)) findings.escalate("delegation", `"${tool}" tells an agent to copy itself`);
  if (DROPS_RULES.test(text)) {
    findings.escalate("delegation", `"${tool}" hands an agent a persona without rules`);
  }
  if (CLAIMS_APPROVAL.test(text)) {
    findings.escalate("delegation", `"${tool}" relays an approval the receiver cannot check`);
  }
  if (GOES_LIVE.test(text) && (SKIPS_GUARDS.test(text) || SKIPS_GUARDS_CONCEPT.test(text))) {
    findings.escalate("write", `"${tool}" hands on going live while skipping tests or review`);
  }
  if (FOUND_CREDENTIALS.test(text)) {
    findings.escalate("access", `"${tool}" hands on a login with credentials found in files`);
  }
}
