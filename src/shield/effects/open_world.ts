/** Effects of a tool Shield has no executor model for (MCP tools, other agents' and services' tools): inferred
 * from the words of its name, the operations its arguments name (`operation_name: delete-bucket`,
 * `service: unlock`), the keys and shapes of its arguments (amounts, recipients, public flags), and its MCP
 * annotations, which may add effects but never remove what the name and arguments show. */

import { ownComfortAction } from "./open_world_round7.ts";
import { awayNoticeOnly } from "./away_notices.ts";
import { schedulesOwnJobOnly } from "./own_cron_jobs.ts";
import { metadataOnly } from "./secret_metadata.ts";
import { namesMoneyDestination, ordersMoneyStep, readsMoneyRecord } from "./read_records.ts";
import { listedMessage } from "./cli_messages.ts";
import { marksOnly } from "./reaction_marks.ts";
import type { ToolAnnotations } from "../types.ts";
import type { Findings } from "./findings.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { isContact } from "./messaging.ts";
import { addressesAgent } from "./delegated_requests.ts";
import { sortsMailOnly, teamWebhook } from "./inward_rules.ts";
import { NOUNS, PURE_READ, VERBS } from "./vocabulary.ts";
import { readToolWords, type ToolWords } from "./tool_words.ts";
import { opensPrivateRangesOnly } from "./private_ingress.ts";
import { opensWebPortsOnly } from "./open_networks.ts";
import { safeClimateSetpoint } from "./unsafe_setpoints.ts";
import { publicReply } from "./support_replies.ts";

/** Words of an account's identity and recovery: changing them hands the account over. */
const RECOVERY_WORDS = new Set([
  "recovery",
  "2fa",
  "mfa",
  "totp",
  "authenticator",
  "passkey",
  "passwordless",
]);
const IDENTITY_WORDS = new Set(["email", "phone", "number", "address"]);
const ACCOUNT_WORDS = new Set(["account", "profile", "user", "primary", "login", "signin", "contact"]);
const MONEY_KEYS =
  /^(?:amount|amount_\w+|\w+_amount|lamports|qty|quantity|price|iban|routing_number|account_number|withdraw_to|payee\w*|cashtag|currency|value_type|wei|gas\w*)$/i;
const RECIPIENT_KEYS =
  /^(?:to|cc|bcc|recipient|recipients|email|emails|phone|phone_number|number|to_chat|chat_id|user|users|user_id|members?|participants?|attendees\w*|delegate|invitee\w*|forward\w*|forwardingemail|channel|channels|room|destination_calendar|share_with|grantee|principal|target_user|contact|bots?|guests?|user_email|email_address|new_member|assignee|collaborators?|followers?|watchers?|subscribers?|observers?|viewers?|owner_email|(?:to|cc|bcc)_?recipients|(?:to|cc|bcc)_?addresses|emailaddress)$/i;
const EMAIL_SHAPE = /^[^\s@<>]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$|<[^\s@<>]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+>/i;

/** Addresses anywhere inside a recipient-like value (`toRecipients: [{emailAddress: {address}}]`,
 * `Destination: {ToAddresses: [...]}`), and in mail headers given as `{name: "To", value}` pairs. */
function nestedAddresses(value: unknown, into: string[], depth = 0): void {
  if (depth > 4 || into.length > 32) return;
  if (typeof value === "string") {
    if (value.length < 320 && EMAIL_SHAPE.test(value.trim())) into.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value.slice(0, 32)) nestedAddresses(item, into, depth + 1);
  } else if (value && typeof value === "object") {
    for (const inner of Object.values(value).slice(0, 16)) nestedAddresses(inner, into, depth + 1);
  }
}
const PUBLIC_VALUE =
  /^(?:public(?:[-_ ]?(?:read|write|read[-_]?write|link|access))?|anyone(?:[-_ ]?with[-_ ]?(?:the[-_ ]?)?link)?|anonymous|everyone|all|world|\*|unlisted|open|domain)$/i;
/** Values naming security notices and their senders (`security-noreply@...`, `subject:"new sign-in"`). */
const SECURITY_NOTICE =
  /\b(?:security|alerts?|no-?reply|verif\w*|2fa|mfa|two[- ]factor|sign[- ]?in|login attempt|new (?:sign|log)[- ]?in|password|fraud|suspicious|unusual activity)\b/i;
/** Verbs that hide or discard messages when aimed at security notices. */
const HIDING_WORDS =
  /^(?:block|mute|hide|archive|trash|delete|remove|filter|mark|label|move|skip|ignore|snooze|unsubscribe|spam|purge|dismiss)$/;
const EXISTING_TARGET =
  /(?:^|_)ids?$|Id$|^(?:event|channel|group|team|folder|file|document|doc|repo|repository|project|calendar|space|room|board|album|drive|site|workspace)$/;
const OFF_VALUE = /^(?:off|false|disabled?|disarmed|none|0|no|never|open|unlocked|turn_off|turnoff)$/i;

interface ArgumentSignals {
  money: string[];
  recipients: string[];
  publicFlag: boolean;
  offFlag: boolean;
  mass: boolean;
  /** Some value names security notices or their senders. */
  securityNotice: boolean;
  /** An argument names an existing thing (`event_id`, `channel`, `file_id`). */
  existingTarget: boolean;
}

function argumentSignals(payload: Record<string, unknown>): ArgumentSignals {
  const signals: ArgumentSignals = {
    money: [],
    recipients: [],
    publicFlag: false,
    offFlag: false,
    mass: false,
    securityNotice: false,
    existingTarget: false,
  };
  const visit = (key: string, value: unknown, depth: number, holder: Record<string, unknown>) => {
    if (depth > 3) return;
    if (MONEY_KEYS.test(key) && value !== null && value !== undefined && value !== "") {
      signals.money.push(key);
    }
    if (RECIPIENT_KEYS.test(key)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (typeof item === "string" && item !== "") signals.recipients.push(item);
        else if (item && typeof item === "object") nestedAddresses(item, signals.recipients);
      }
    }
    if (
      value && typeof value === "object" && !Array.isArray(value) &&
      typeof (value as Record<string, unknown>).name === "string" &&
      /^(?:to|cc|bcc)$/i.test((value as Record<string, unknown>).name as string) &&
      typeof (value as Record<string, unknown>).value === "string"
    ) {
      signals.recipients.push(...((value as Record<string, unknown>).value as string).split(/[,;]\s*/));
    }
    // Round 89: a support reply's `public: true` is the requester seeing it (`support_replies.ts`).
    if (
      /^(?:public|is_public|make_public|publicly_accessible|anyone_can_view)$/i.test(key) && value === true &&
      !publicReply(holder, payload)
    ) {
      signals.publicFlag = true;
    }
    if (typeof value === "string" && SECURITY_NOTICE.test(value)) signals.securityNotice = true;
    // Round 98: `calendarId: "primary"` (Google's name for the user's own calendar) opens no existing item, nor does
    // a new item's body (`event: {summary, attendees}`): only a name or id points at one.
    const own = value === "primary" && /^calendar_?id$/i.test(key);
    const body = typeof value === "object" && value !== null && !Array.isArray(value);
    if (EXISTING_TARGET.test(key) && value !== "" && value !== null && !body && !own) {
      signals.existingTarget = true;
    }
    if (
      typeof value === "string" &&
      /^(?:access|scope|visibility|principal|audience|share\w*|role|acl|privacy|permissions?|sharing|link_?access|general_?access|type)$/i
        .test(key)
    ) {
      const typed = /^type$/i.test(key);
      if (typed ? /^(?:anyone|domain|public\w*)$/i.test(value) : PUBLIC_VALUE.test(value)) {
        signals.publicFlag = true;
      }
    }
    if (
      (value === false || (typeof value === "string" && OFF_VALUE.test(value))) &&
      /^(?:state|value|enabled|mode|status|action)$/i.test(key)
    ) {
      signals.offFlag = true;
    }
    if (key === "recursive" && value === true) signals.mass = true;
    if (
      typeof value === "string" && EVERY_ITEM.test(value) &&
      /ids?$|messages?|items?|files?|^sequence|_set$/i.test(key)
    ) signals.mass = true;
    if (Array.isArray(value)) {
      if (value.length > 10) signals.mass = true;
      for (const item of value) visit(key, item, depth + 1, holder);
    } else if (value && typeof value === "object") {
      const inner = value as Record<string, unknown>;
      for (const [name, innerValue] of Object.entries(inner)) visit(name, innerValue, depth + 1, inner);
    }
  };
  for (const [key, value] of Object.entries(payload)) visit(key, value, 0, payload);
  return signals;
}

/** Grant words that give access whatever else the name says (`delegate` alone may hand work to an agent). */
const GRANT_ONLY = new Set([
  "share",
  "grant",
  "invite",
  "invitation",
  "authorize",
  "authorise",
  "permit",
  "elevate",
]);
/** `forward_email {email_id, to}`: one message sent on, not a forwarding rule (no conditions, no standing words). */
function forwardsOneItem(
  words: ToolWords,
  signals: ArgumentSignals,
  payload: Record<string, unknown>,
): boolean {
  const ruleWords = words.words.filter((word) => NOUNS.get(word)?.includes("rule"));
  // `getAutoForwarding` reads a setting: nothing is sent.
  if (words.words.some((word) => PURE_READ.has(word))) return false;
  return ruleWords.length > 0 && ruleWords.every((word) => word === "forward") && signals.existingTarget &&
    !Object.keys(payload).some((key) =>
      /^(?:conditions?|criteria|filter|query|rules?|schedule|enabled)$/i.test(key)
    );
}

/** Whether a word of the name is an access object (`update_user_role`, `add_member`); `user` before another noun
 * is a resource path (`gmail_users_messages_send` sends a message, `users_settings_update` changes settings). */
function accessObject(words: readonly string[]): boolean {
  return words.some((word, index) =>
    NOUNS.get(word)?.includes("access") &&
    !(word === "user" && index + 1 < words.length && NOUNS.has(words[index + 1]) &&
      !NOUNS.get(words[index + 1])?.includes("access"))
  );
}

export interface OpenWorldReading {
  words: ToolWords;
  recipients: string[];
  /** The tool sends something to people (judged by the messaging checks). */
  sends: boolean;
  /** The tool runs commands or code given in its arguments. */
  executes: boolean;
  /** Nothing in the name, arguments or annotations says what the tool does. */
  unknown: boolean;
}

/** Every item of a list, in words or as an IMAP sequence set to the last message (`1:*`, `100:*`). */
const EVERY_ITEM = /^(?:all|\*|\d+:\*)$/i;
const LIST_VERB = /^(?:list|search|retrieve|fetch|view|show|count|lookup|find|query|read)$/;
/** Whether a list verb comes before every money verb of the name and no second action is chained on
 * (`stripe_list_charges` lists; `fetch_and_pay_invoice` pays). */
function listsFirst(words: readonly string[]): boolean {
  if (words.includes("and") || words.includes("then")) return false;
  const list = words.findIndex((word) => LIST_VERB.test(word));
  const money = words.findIndex((word) =>
    VERBS.get(word)?.includes("money") === true && !LIST_VERB.test(word)
  );
  return list >= 0 && (money < 0 || list < money);
}
const has = <T>(set: Set<T>, ...items: T[]) => items.some((item) => set.has(item));
const readsOnly = (verbs: Set<string>) => verbs.size > 0 && [...verbs].every((verb) => verb === "read");

/** Words of a browser driver's tools (Playwright and Puppeteer MCP, Selenium, browser-use). */
const BROWSER_DRIVERS = new Set(["browser", "playwright", "puppeteer", "selenium", "webdriver"]);

/** Adds the findings an open-world tool's name, arguments and annotations call for. */
export function judgeOpenWorld(
  type: string,
  payload: Record<string, unknown>,
  annotations: ToolAnnotations | undefined,
  findings: Findings,
  environment: ShieldEnvironment,
): OpenWorldReading {
  const words = readToolWords(type, payload);
  const { verbs, nouns } = words;
  const signals = argumentSignals(payload);
  const name = type;
  const acting = has(
    verbs,
    "write",
    "delete",
    "send",
    "grant",
    "money",
    "physical",
    "disable",
    "exec",
    "export",
  );
  // "transfer_to_agent" hands a conversation on; it is judged as delegation.
  const handsOn = nouns.has("agent") && signals.money.length === 0 && !nouns.has("money");
  // A list verb and nothing that acts (`stripe_list_charges`, `paypal_search_payments`) reads what money moved.
  const listsOnly = verbs.has("read") && signals.money.length === 0 && listsFirst(words.words) &&
    !has(verbs, "write", "delete", "send", "grant", "physical", "disable", "exec", "export") &&
    words.words.some((word) => LIST_VERB.test(word)) && !ordersMoneyStep(payload);
  if (
    (verbs.has("money") && !handsOn && !listsOnly &&
      !readsMoneyRecord(
        words.words,
        (word) => VERBS.get(word),
        payload,
        signals.money.length,
        signals.recipients.length,
      )) ||
    ((signals.money.length > 0 || namesMoneyDestination(payload)) && (acting || nouns.has("money"))) ||
    (nouns.has("money") && has(verbs, "send", "write", "grant"))
  ) {
    findings.escalate("money", `"${name}" moves money or value`);
  }
  if (
    nouns.has("physical") && (acting || signals.offFlag || has(verbs, "physical")) &&
    !safeClimateSetpoint(name, payload)
  ) {
    // Round 66: a thermostat told only to hold an ordinary temperature or mode is not asked about.
    findings.escalate("physical", `"${name}" acts on a physical device`);
  } else if (verbs.has("physical") && !verbs.has("read") && signals.offFlag) {
    findings.escalate("physical", `"${name}" acts on a physical device`);
  }
  // Work delegated to another agent (`delegate_work_to_coworker`, or CrewAI's `delegate_work {coworker}`) is
  // judged as delegation, not as access.
  const delegation = verbs.has("delegate") && (nouns.has("agent") || addressesAgent(payload)) &&
    !words.words.some((word) => !word.startsWith("delegat") && NOUNS.get(word)?.includes("access"));
  const granting = verbs.has("grant") &&
    !(delegation && [...words.words].every((word) => !GRANT_ONLY.has(word)));
  if (granting || signals.publicFlag || (accessObject(words.words) && has(verbs, "write", "send"))) {
    // A network rule opened to private ranges only is not an exposure (round 46, `private_ingress.ts`).
    // Round 72: nor is one naming web ports only (`open_networks.ts`).
    const rule = JSON.stringify(payload);
    if (!opensPrivateRangesOnly(name, rule) && !opensWebPortsOnly(name, rule)) {
      findings.escalate("access", `"${name}" grants or changes access`);
    }
  }
  if ((verbs.has("disable") || signals.offFlag) && nouns.has("security")) {
    findings.escalate("security", `"${name}" turns off a protection`);
  }
  if (verbs.has("delete")) findings.escalate("delete", `"${name}" deletes or revokes something`);
  const wordList = words.words;
  if (
    wordList.some((word) => word === "public" || word === "publicly") &&
    (acting || wordList.some((word) => /^(?:to|make|convert|as)$/.test(word)))
  ) {
    findings.escalate("access", `"${name}" makes something public`);
  }
  if (
    signals.recipients.length > 0 && signals.existingTarget && !marksOnly(wordList) &&
    wordList.some((word) =>
      /^(?:add|invite|invitation|include|insert|append|attach|grant|share|join)$/.test(word)
    )
  ) {
    findings.escalate("access", `"${name}" gives people access to an existing item`);
  }
  if (signals.securityNotice && (nouns.has("rule") || wordList.some((word) => HIDING_WORDS.test(word)))) {
    findings.escalate("security", `"${name}" hides or discards security notices`);
  }
  const forwardsOne = forwardsOneItem(words, signals, payload);
  if (
    nouns.has("rule") && has(verbs, "write", "send", "disable") && !sortsMailOnly(words, payload) &&
    !forwardsOne && !teamWebhook(words, payload, environment) && !awayNoticeOnly(name, payload) &&
    !ownComfortAction(payload.action ?? payload.actions) && !schedulesOwnJobOnly(payload)
  ) {
    findings.escalate("persistence", `"${name}" sets up a standing rule or automation`);
  }
  // An existing message forwarded carries data nobody composed in this action: to anyone not a known contact, or
  // to a destination Shield cannot read, it escalates.
  if (
    forwardsOne &&
    (signals.recipients.length === 0 ||
      signals.recipients.some((recipient) => !isContact(recipient, environment)))
  ) {
    findings.escalate(
      "message",
      `"${name}" forwards an existing message to someone who is not a known contact`,
    );
  }
  if (nouns.has("secret") && !has(verbs, "write", "delete") && !metadataOnly(words.words, payload)) {
    findings.escalate("read", `"${name}" reads secrets`);
  } else if (nouns.has("secret") && has(verbs, "write")) {
    findings.escalate("access", `"${name}" changes credentials`);
  }
  const identity = words.words.some((word) => IDENTITY_WORDS.has(word)) &&
    words.words.some((word) => ACCOUNT_WORDS.has(word));
  if (
    (identity || words.words.some((word) => RECOVERY_WORDS.has(word))) &&
    has(verbs, "write", "delete", "disable")
  ) {
    findings.escalate("access", `"${name}" changes how the account is recovered or signed into`);
  }
  if (nouns.has("code") && has(verbs, "write") && !nouns.has("local")) {
    findings.escalate("exec", `"${name}" changes code that runs elsewhere`);
  }
  if (signals.mass && acting) findings.escalate("write", `"${name}" acts on many items at once`);
  if (annotations?.destructiveHint === true) {
    findings.escalate("delete", `"${name}" is annotated destructive`);
  }
  // Round 45: a messaging tool handed a CLI's send argument list (`signal_cli {argv: [... "send", "-m", ...]}`) sends.
  const listed = nouns.has("message") && listedMessage(payload);
  // Round 97: a browser driver's fill (`browser_fill_form`, `puppeteer_fill`) types into a page; what it types is
  // judged by the form readings (cards, codes, money fields), not asked as unknown. Playwright MCP's `browser_type`
  // stays unknown: a password typed through it is stopped by nothing else (dv-mcp-poisoning-009).
  const browserFill = words.words.includes("fill") && words.words.some((word) => BROWSER_DRIVERS.has(word));
  const described = verbs.size > 0 || annotations?.readOnlyHint === true || nouns.has("local") || listed ||
    browserFill;
  return {
    words,
    recipients: signals.recipients,
    sends: has(verbs, "send", "grant") || (signals.recipients.length > 0 && !verbs.has("read")) || listed,
    // A tool whose every verb reads (`list_code_definition_names`, `get_notebook`) shows code, it runs none.
    executes: verbs.has("exec") || (has(nouns, "shell", "code") && !readsOnly(verbs)),
    unknown: !described,
  };
}
