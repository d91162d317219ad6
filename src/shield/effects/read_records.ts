/** A record read by a tool whose name opens with a read verb over a money noun (round 71): `get_order_details
 * {order_id}`, `describe_payment {payment_id}`, `lookup_transfer {transfer_id}`, `fetch_invoice_status`,
 * `check_refund_status {refund_id}`. The vocabulary counts `order`, `transfer`, `refund`, `purchase` and `payment`
 * as money verbs (`order_pizza`, `transfer_funds`), so such a name read as moving money; opened by get, list,
 * describe, show, view, search, fetch, lookup, check, read, query, retrieve, find or count, and with no other kind of
 * verb in it, the word is the record's noun. It still moves money when the call chains a second action (`and`,
 * `then`), when an argument carries an amount, an account or a recipient (the open-world argument signals), or when
 * an argument names an action or a setting (`action: "refund"`, `confirm: true`, `status: "cancelled"`), a nested
 * object, a list, a link or an address, or more than eight arguments. Sources: Shopify Admin `getOrder`, Stripe
 * `retrieve PaymentIntent`, tau-bench retail `get_order_details`, AgentDojo banking's read tools; the attack sets'
 * money moves are named with the action verb first (`send_money`, `transfer_funds`, `refund_order`). */

const READ_FIRST =
  /^(?:get|list|search|read|find|view|show|check|describe|lookup|fetch|retrieve|query|count)$/;
/** Argument names that order an action or set a value: a read carries none. */
const ACTING_KEY =
  /^(?:action|actions|operation|op|cmd|command|method|then\w*|and_?then|confirm\w*|execute|approve\w*|status|state|set\w*|update\w*|new_\w+|to|destination|callback\w*|webhook\w*|url|uri)$/i;
/** An identifier's argument name (`refund_id`, `cardId`): the record read, not where money goes. */
const IDENTIFIER_KEY = /(?:_id|_ids|Id|Ids|^id)$/;
/** Argument names of where money goes: a read names none. */
const PAYEE_KEY =
  /iban|payee|recipient|beneficiar|amount|wallet|routing|swift|bic\b|refund|withdraw|deposit|transfer_to|pay_?to|send_?to|card/i;

/** Argument names that send money somewhere (`payout_wallet`, `refund_to`, `beneficiary`, `to_account`): no read names
 * one (round 71). Walked two levels (a `params` wrapper). */
const DESTINATION_KEY =
  /payout|pay_?to|send_?to|transfer_?to|refund_?to|withdraw_?to|deposit_?to|beneficiar|^to_?(?:account|wallet|iban|card)|^destination_?(?:account|wallet|iban)/i;
/** Argument names that order the call to act (`execute`, `confirm`, `then`, `pay_now`): a list verb's `listsFirst`
 * reading does not spare a call that names one or a destination. */
const STEP_KEY = /^(?:then\w*|and_?then|confirm\w*|execute|approve\w*|pay_?now)$/i;

function namesKey(payload: Record<string, unknown>, pattern: RegExp, depth = 0): boolean {
  for (const [key, value] of Object.entries(payload)) {
    if (pattern.test(key) && !IDENTIFIER_KEY.test(key)) return true;
    if (depth === 0 && value !== null && typeof value === "object" && !Array.isArray(value)) {
      if (namesKey(value as Record<string, unknown>, pattern, 1)) return true;
    }
  }
  return false;
}

/** Whether an argument names where money goes. */
export function namesMoneyDestination(payload: Record<string, unknown>): boolean {
  return namesKey(payload, DESTINATION_KEY);
}

/** Whether an argument names where money goes or orders a step (`execute: true`). */
export function ordersMoneyStep(payload: Record<string, unknown>): boolean {
  return namesMoneyDestination(payload) || namesKey(payload, STEP_KEY);
}

/** A handful (at most 12) of identifying arguments: numbers, flags and short strings with no link or address, and
 * at most one level of such a block (a `metadata` or `params` object), none named for an action or a payee. */
function plainArguments(record: Record<string, unknown>, depth: number): boolean {
  const entries = Object.entries(record);
  if (entries.length > 12) return false;
  return entries.every(([key, value]) =>
    !ACTING_KEY.test(key) && !(PAYEE_KEY.test(key) && !IDENTIFIER_KEY.test(key)) &&
    (typeof value === "number" || typeof value === "boolean" || value === null ||
      (typeof value === "string" && value.length <= 120 &&
        !/\b(?:https?|s?ftp|wss?|s3|gs|file):\/\/|@/i.test(value)) ||
      (depth === 0 && typeof value === "object" && !Array.isArray(value) &&
        plainArguments(value as Record<string, unknown>, 1)))
  );
}

/** Whether the call reads a money record: a read verb first, no verb of another kind than read and money, no chained
 * step, and a handful of plain identifying arguments. `verbClasses` gives each word's verb classes. */
export function readsMoneyRecord(
  words: readonly string[],
  verbClasses: (word: string) => readonly string[] | undefined,
  payload: Record<string, unknown>,
  moneyArguments: number,
  recipients: number,
): boolean {
  // The name's first verb leads (`stripe_get_payment`, `server.GetOrderDetails`: a vendor's or server's name first).
  const lead = words.findIndex((word) => verbClasses(word) !== undefined);
  if (lead < 0 || lead >= words.length - 1 || !READ_FIRST.test(words[lead])) return false;
  if (moneyArguments > 0 || recipients > 0) return false;
  for (const word of words) {
    if (word === "and" || word === "then") return false;
    const classes = verbClasses(word);
    if (classes && classes.some((verb) => verb !== "read" && verb !== "money")) return false;
  }
  return plainArguments(payload, 0);
}
