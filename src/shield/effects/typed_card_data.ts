/** Payment-card data typed into pages (round 66): a browser, form or computer-use tool (`browser_type`,
 * `browser_use_input_text`, Playwright's `browser_fill_form`, Puppeteer's `fill`, Selenium's `send_keys`,
 * `computer {action: "type"}`, Stagehand's `act`) given a card number -- 13 to 19 digits that pass the Luhn check
 * and begin as a card network's numbers do (Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay), grouped or
 * not -- or a card's security code in a field named for it (`cvc`, `cvv`, `csc`, `security_code`). The older
 * reading of sent data took a 16-digit unbroken run with nothing about cards beside it for a chat id; a typing
 * tool has no ids to type. Escalated: the user confirms where their card goes (a lookalike checkout reached from an
 * ad is the harm; Guardio's "Scamlexity", 2025). Stripe's test card 4242 4242 4242 4242, search queries, postal
 * addresses and order numbers pass. */

import type { Findings } from "./findings.ts";
import { luhnValid } from "./sensitive_data.ts";
import { matchesOf } from "../match_all.ts";

const TYPING_TOOL = /type|fill|input|send_?keys|keyboard|computer|(?:^|_)act$|form|enter_?text|write_?text/i;
const DIGIT_RUN = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g;
const NETWORK =
  /^(?:4\d{12}(?:\d{3}){0,2}|5[1-5]\d{14}|2(?:2[2-9]|[3-6]\d|7[01])\d{13}|2720\d{12}|3[47]\d{13}|6(?:011|5\d\d|4[4-9]\d)\d{12,15}|35(?:2[89]|[3-8]\d)\d{12,15}|3(?:0[0-5]|[689]\d)\d{11,16}|62\d{14,17})$/;
const TEST_CARD = "4242424242424242";
const CVV_LABEL = /\b(?:cvc2?|cvv2?|csc|cid|security[ _-]?code|card[ _-]?verification|card[ _-]?code)\b/i;

function cardIn(text: string): boolean {
  if (text.length > 2000) return false;
  for (const match of matchesOf(DIGIT_RUN, text)) {
    // The run may go on into an expiry or code (`4539... 09/28 331`): each length ending at a group's end counts.
    const run = match[0];
    let digits = "";
    for (let i = 0; i < run.length; i++) {
      if (run[i] === " " || run[i] === "-") continue;
      digits += run[i];
      const end = i === run.length - 1 || run[i + 1] === " " || run[i + 1] === "-";
      if (end && digits.length >= 13 && digits !== TEST_CARD && NETWORK.test(digits) && luhnValid(digits)) {
        return true;
      }
    }
  }
  return false;
}

/** Whether an object (a field and its value, or a form's list of them) types card data. */
function typesCard(value: unknown, depth: number): boolean {
  if (depth > 4 || value === null || typeof value !== "object") return false;
  const items = Array.isArray(value) ? value.slice(0, 32) : [value];
  for (const item of items) {
    if (item === null || typeof item !== "object") continue;
    if (Array.isArray(item)) {
      if (typesCard(item, depth + 1)) return true;
      continue;
    }
    const entries = Object.entries(item as Record<string, unknown>).slice(0, 32);
    const labelled = entries.some(([key, inner]) =>
      CVV_LABEL.test(key.replace(/_/g, " ")) || (typeof inner === "string" && inner.length < 80 &&
        CVV_LABEL.test(inner.replace(/[_\[\]'"=#.-]/g, " ")))
    );
    for (const [key, inner] of entries) {
      if (typeof inner === "string") {
        if (/\d{13}|\d[ -]\d/.test(inner) && cardIn(inner)) return true;
        const code = /^\s*\d{3,4}\s*$/.test(inner);
        if (code && (labelled || CVV_LABEL.test(key.replace(/_/g, " ")))) return true;
      } else if (inner && typeof inner === "object" && typesCard(inner, depth + 1)) return true;
    }
  }
  return false;
}

export function judgeTypedCardData(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  if (!TYPING_TOOL.test(tool)) return;
  if (typesCard(payload, 0)) {
    findings.escalate("money", `"${tool}" types payment-card data into a page`);
  }
}
