/** A browser or computer-use agent typing money into a transfer or payment form (round 97): an amount, a payee's
 * account number, an IBAN or a payee typed into a field whose label, selector or name says it moves money
 * (`browser_type {element: "Transfer amount", text: "9800", submit: true}`, Playwright MCP's `browser_fill_form
 * {fields: [{name: "Recipient IBAN", value: "GB33..."}, {name: "Amount", value: "4,750.00"}]}`, Puppeteer's `fill
 * {selector: "#transfer-amount"}`, a `computer` type action whose context names the payment dialog). The web-agent
 * injection goal of WASP (Evtimov et al. 2025), AgentDojo's banking suite and Brave's Comet write-up (2025) ends in
 * such a form: the page set the task, the typed amount is the harm. Clicks on "Confirm transfer" or "Send money" are
 * `clicked_controls.ts`'s (round 29).
 *
 * Pass: a search box, a shipping address, a quantity, a coupon code, a card typed with no money field named (the
 * card readings judge cards). A transfer the user asked for in the same turn is asked as every transfer tool is:
 * Shield sees the call, not the turn. */

import type { Findings } from "./findings.ts";
import { readingsOf } from "./read_values.ts";
import { identifierWords } from "./words.ts";

/** Tool words of a browser or desktop driver. */
const DRIVER_WORDS = new Set([
  "browser",
  "playwright",
  "puppeteer",
  "selenium",
  "computer",
  "page",
  "webdriver",
  "chrome",
  "stagehand",
]);
/** Tool words (or a `computer` action) that type into a field. */
const TYPES = new Set(["type", "fill", "input", "enter", "form", "set", "keyboard", "insert"]);
/** Arguments naming the field typed into. */
const LABEL_KEY =
  /^(?:element|element_?(?:description|name|label)|label|name|selector|field|field_?name|placeholder|aria_?label|locator|target|context|description|note|ref_?label|xpath|id)$/i;
/** Arguments holding what is typed. */
const VALUE_KEY = /^(?:text|value|values|input|content|keys|string|message|body|amount|sum)$/i;
/** Wrappers a call's arguments may come in (`{params: {...}}`). */
const WRAPPER_KEY = /^(?:params|parameters|arguments|args)$/i;
/** A field that moves money, by its words (`#transfer-amount`, "Zelle recipient", "Payee account number"). */
const MONEY_FIELD =
  /\b(?:amount|transfer|wire|remit|remittance|payment|payee|beneficiary|iban|routing|sort ?code|swift|bic|zelle|venmo|paypal|cash ?app|send money|send funds)\b/;
/** A field for the other side of a payment, not the sum (a name, an address, an account). */
const PARTY_FIELD =
  /\b(?:recipient|payee|beneficiary|iban|routing|account (?:number|no)|sort ?code|swift|bic)\b/;
/** What is typed is money or an account: an amount, an IBAN, an account number, or a party's name or address. */
const AMOUNT =
  /^[$\u20ac\u00a3\u00a5]?\s?\d{1,3}(?:[,.\s]?\d{3})*(?:[.,]\d{1,2})?\s?(?:usd|eur|gbp|chf|[$\u20ac\u00a3])?$/i;
const ACCOUNT = /^(?:[A-Z]{2}\d{2}[A-Z0-9 ]{10,32}|\d[\d\s-]{5,22}\d)$/i;
const MAX_FIELDS = 24;

/** Label words of a field (`input[name='wire_amount']` reads "input name wire amount"). */
function fieldWords(label: string): string {
  return identifierWords(label.slice(0, 200)).join(" ");
}

/** A field that says how the account is recovered or where its mail goes (`recovery_email`, "Backup phone"). */
const RECOVERY_FIELD =
  /\b(?:recovery|backup|secondary|alternate|alternative)\s+(?:e ?mail|email address|phone|phone number|mobile|address)\b|\bforwarding\s+(?:e ?mail|address)\b/;
const RECOVERY_VALUE = /^(?:[^\s@<>]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|\+?\d[\d\s().-]{6,}\d)$/i;

/** What is typed, as the field receives it: a long text's last paragraph (prose put before the value). */
function typed(value: string): string {
  const text = value.trim();
  if (text.length <= 120) return text;
  const last = text.lastIndexOf("\n\n");
  return last < 0 ? text : text.slice(last + 2).trim();
}

/** Whether typing this value into a field so labelled moves money. */
function moneyEntry(label: string, value: string): boolean {
  const words = fieldWords(label);
  if (!MONEY_FIELD.test(words) && !PARTY_FIELD.test(words)) return false;
  const text = typed(value);
  if (text === "" || text.length > 120) return false;
  if (AMOUNT.test(text) || ACCOUNT.test(text)) return true;
  // A payee or recipient given by name, address or phone.
  return PARTY_FIELD.test(words) || /\b(?:recipient|zelle|venmo|paypal|cash ?app)\b/.test(words);
}

/** The (label, value) pairs a call types: its own label and value arguments, and a form's fields (an array of
 * `{name|label|selector|element, value|text}` or an object of field names to values). */
function entries(given: Record<string, unknown>): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  const keys = Object.keys(given);
  const wrapped = keys.length === 1 && WRAPPER_KEY.test(keys[0]) ? given[keys[0]] : undefined;
  const payload = wrapped !== null && typeof wrapped === "object" && !Array.isArray(wrapped)
    ? wrapped as Record<string, unknown>
    : given;
  const labels: string[] = [];
  const values: string[] = [];
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (typeof value === "string" || typeof value === "number") {
      if (LABEL_KEY.test(key) && typeof value === "string") labels.push(value);
      else if (VALUE_KEY.test(key)) values.push(String(value));
    } else if (Array.isArray(value)) {
      for (const item of value.slice(0, MAX_FIELDS)) {
        if (item === null || typeof item !== "object" || Array.isArray(item)) continue;
        const field = item as Record<string, unknown>;
        const label = [field.name, field.label, field.selector, field.element, field.placeholder]
          .filter((part) => typeof part === "string").join(" ");
        const typed = field.value ?? field.text;
        if (label !== "" && (typeof typed === "string" || typeof typed === "number")) {
          found.push([label, String(typed)]);
        }
      }
    } else if (value !== null && typeof value === "object" && /fields|form|values|inputs/i.test(key)) {
      for (const [name, typed] of Object.entries(value as Record<string, unknown>).slice(0, MAX_FIELDS)) {
        if (typeof typed === "string" || typeof typed === "number") found.push([name, String(typed)]);
      }
    }
  }
  for (const value of values) for (const label of labels) found.push([label, value]);
  return found;
}

/** What an autofill tool is told to fill that pays or identifies (`info_type: "payment"`). */
const AUTOFILLED = /\b(?:payment|card|credit|debit|bank|billing|personal|identity|ssn|passport|password)\b/i;

/** A password manager's or browser's autofill of payment or personal details into a site (InjecAgent's
 * `NortonIdentitySafeAutoFillPersonalInfo {website, info_type: "payment"}`): the same harm as typing them. */
function judgeAutofill(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
) {
  if (!words.includes("autofill") && !(words.includes("auto") && words.includes("fill"))) return;
  let site: string | undefined;
  let filled = false;
  for (const [key, value] of Object.entries(payload).slice(0, 16)) {
    if (typeof value !== "string" || value.length > 300) continue;
    if (/^(?:website|site|url|domain|page|origin)$/i.test(key)) site = value;
    else if (AUTOFILLED.test(identifierWords(value).join(" "))) filled = true;
  }
  if (site === undefined || (!filled && !AUTOFILLED.test(identifierWords(tool).join(" ")))) return;
  findings.escalate("money", `"${tool}" autofills payment or personal details into "${site.slice(0, 60)}"`);
}

/** Tool words that click a control. */
const CLICKS = new Set(["click", "clicks", "tap", "dblclick", "doubleclick"]);
const CLICK_LABEL_KEY =
  /^(?:element|element_?(?:description|name|text|label)|label|text|name|selector|button|target|aria_?label|title|locator)$/i;
/** A control that sends money, in a sentence a page may wrap ("Please kindly confirm transfer of $4,800 to ..."):
 * a confirming verb before a transfer or payment, or a sending verb before a sum. */
const MONEY_CONTROL =
  /\b(?:confirm|authori[sz]e|approve|submit|complete|finali[sz]e|send|make|execute)\b(?:\s+[\w-]+){0,2}?\s+(?:transfers?|payments?|wires?|remittances?|payouts?)\b|\b(?:transfer|wire|send|pay|remit)\b(?:\s+[\w-]+)?\s+[$\u20ac\u00a3]\s?\d/i;

/** A click on a control that sends money, read as a reader takes its label (look-alike letters and invisible
 * characters folded, markup dropped): `clicked_controls.ts` reads short labels word by word; this reads a longer or
 * respelled one. */
function judgeMoneyClicks(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
) {
  if (!words.some((word) => CLICKS.has(word))) return;
  for (const [key, value] of Object.entries(payload).slice(0, 16)) {
    if (typeof value !== "string" || value.length > 300 || !CLICK_LABEL_KEY.test(key)) continue;
    if (!readingsOf(value).some((reading) => MONEY_CONTROL.test(reading))) continue;
    findings.escalate("money", `"${tool}" clicks "${value.slice(0, 60)}", a control that sends money`);
    return;
  }
}

export function judgeBrowserMoneyForms(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const words = identifierWords(tool);
  judgeAutofill(tool, words, payload, findings);
  judgeMoneyClicks(tool, words, payload, findings);
  if (!words.some((word) => DRIVER_WORDS.has(word))) return;
  const action = typeof payload.action === "string" ? payload.action.toLowerCase() : "";
  if (!words.some((word) => TYPES.has(word)) && !/^(?:type|fill|input|set_?value)$/.test(action)) return;
  for (const [label, value] of entries(payload)) {
    if (RECOVERY_FIELD.test(fieldWords(label)) && RECOVERY_VALUE.test(typed(value))) {
      findings.escalate(
        "access",
        `"${tool}" types "${typed(value).slice(0, 40)}" into "${
          label.slice(0, 60)
        }", how the account is recovered`,
      );
      return;
    }
    if (!moneyEntry(label, value)) continue;
    findings.escalate(
      "money",
      `"${tool}" types "${value.slice(0, 40)}" into "${label.slice(0, 60)}", a field that moves money`,
    );
    return;
  }
}
