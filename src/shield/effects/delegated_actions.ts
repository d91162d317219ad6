/** Handed-on work read as the tool calls it orders: each clause that starts with an order (`finally share the
 * folder with anyone who has the link`, `remove users Charlie and Dana`, `change the recovery phone to ...`,
 * `add x@gmail.com to the org as owner`) is sorted with the same vocabulary as tool names, so a sub-agent asked in
 * plain words for what a tool call would escalate (access granted or made public, people removed, an account's
 * recovery changed) escalates here too. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { isContact } from "./messaging.ts";
import { VERBS } from "./vocabulary.ts";
import { conceptCheck, SEND_VERB } from "./concepts.ts";

const CLAUSE_SPLIT =
  /[.;:!?]+\s|\n+|\s+(?:and|then|and then|after that|also|y|luego|et|puis|und|dann|e|depois)\s+|,\s+/i;
/** Words that may come before the order itself. */
const LEADING = new Set([
  "please",
  "also",
  "then",
  "finally",
  "now",
  "next",
  "lastly",
  "first",
  "just",
  "and",
  "kindly",
  "simply",
  "quickly",
  "immediately",
  "urgently",
]);
const EMAIL = /[^\s@<>()"'`,;]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;
const EVERYONE = /^(?:anyone|everyone|public|publicly|world|anybody)$/;
/** People as the plural object of a removal (`remove users`, `kick members`; round 30: the main languages' words,
 * "elimina a los usuarios", "supprime les membres", "entferne die Nutzer"). */
const PEOPLE =
  /^(?:users|members|collaborators|guests|admins|owners|employees|accounts|people|usuarios|usuários|utilisateurs|benutzer|nutzer|miembros|membres|mitglieder|membros|invitados|invités|gäste|convidados|cuentas|comptes|konten|contas)$/;
/** The delete verbs of the main languages (the lexicon's `DELETE_VERB`), which the tool-name vocabulary lacks. */
const FOREIGN_DELETE = new Set(
  "elimina elimine borra borre supprime supprimez efface effacez retire retirez lösche löscht entferne entfernt exclua exclui apague apaga remova remove"
    .split(" "),
);
/** Articles between a foreign verb and its object ("a los", "les", "die", "os"). */
const ARTICLES = new Set("a al los las les la le des die den der das os as o el".split(" "));
const ROLE = /^(?:owner|owners|admin|admins|administrator|maintainer|superuser|root)$/;
const RECOVERY = /^(?:recovery|2fa|mfa|authenticator|backup)$/;
const IDENTITY = /^(?:phone|email|number|address)$/;
/** A place anyone can read, as where something goes. */
const PUBLIC_PLACE =
  /\b(?:to|into|in|on|onto)\s+(?:a|an|the|our|my)?\s*(?:public|publicly[- ]readable|world[- ]readable|open)\s+(?:[\w-]+\s+)?(?:bucket|folder|drive|repo|repository|gist|paste|page|site|channel|share|container|dataset|url|link)s?\b/i;
/** Records of people or the business (what a data export carries). */
const RECORDS =
  /^(?:users?|customers?|clients?|patients?|employees?|contacts?|members?|accounts?|orders?|table|tables|database|db|records?|emails?|inbox|crm|payroll|salaries|invoices?|dump|backup|export|data|dataset|pii)$/;
const OPEN_RANGE = /(?:^|[\s"'(])(?:0\.0\.0\.0\/0|::\/0)(?:$|[\s"'),.])/;
/** Every finding below needs one of these in the text: most handed-on work is passed over with this one test. */
const MENTIONS =
  /\/0|@|\b(?:anyone|everyone|public|publicly|world|anybody|users|members|collaborators|guests|admins|owners|employees|accounts|people|recovery|2fa|mfa|authenticator|open|usuarios|utilisateurs|benutzer|nutzer|miembros|membres|mitglieder|membros|invitados|cuentas|comptes|konten|contas)\b|usuários|invités|gäste/i;
/** A purchase handed on with where it goes: a buy or order verb, then shipping or delivery to a numbered street
 * address (InjecAgent's and AgentDojo's orders placed for the attacker; round 29). "Delivered to the office" names
 * no address and passes. */
const STREET =
  "(?:st|street|rd|road|ave|avenue|lane|ln|dr|drive|blvd|boulevard|way|ct|court|pl|place|quay|terrace|hwy|highway|parkway|square|sq)";
const SHIPPED_PURCHASE = conceptCheck(
  new RegExp(
    `\\b(?:buy|purchase|order|reorder)\\b[^.\\n]{0,160}(?:\\bship\\w*|${SEND_VERB})\\s+(?:[a-z]+\\s+){0,2}to\\s+\\d{1,6}\\s+(?:[a-z]+\\s+){1,3}${STREET}\\b`,
    "i",
  ),
);
const MAX_TEXT = 32 * 1024;
const MAX_CLAUSES = 256;

interface Order {
  verb: string;
  classes: readonly string[];
  object: string[];
  clause: string;
}

const WORD = /[a-z0-9@.'\u00e0-\u00ff-]+/g;
const BULLET = /^(?:-+|\d{1,3}[.)]?|[a-z][.)])$/;

/** The order a clause gives, if it starts (after leading words) with a verb of the vocabulary in its base form
 * (orders are imperatives); only then are the clause's first words read as its object. */
function orderOf(clause: string): Order | undefined {
  const head = clause.slice(0, 240).toLowerCase();
  WORD.lastIndex = 0;
  let match = WORD.exec(head);
  // A list item's bullet or number (round 30: "- finally share ...", "3. remove ...") comes before the order too.
  while (match && (LEADING.has(match[0]) || BULLET.test(match[0]))) match = WORD.exec(head);
  const classes = match
    ? VERBS.get(match[0]) ?? (FOREIGN_DELETE.has(match[0]) ? ["delete"] : undefined)
    : undefined;
  if (!match || !classes) return undefined;
  const acts = classes.some((name) =>
    name === "grant" || name === "write" || name === "delete" || name === "export" || name === "send"
  );
  if (!acts && !clause.includes("/0")) return undefined;
  const object = (head.slice(WORD.lastIndex).match(WORD) ?? []).filter((word) => !ARTICLES.has(word));
  return { verb: match[0], classes, object: object.slice(0, 13), clause };
}

function finding(order: Order, environment: ShieldEnvironment): string | undefined {
  const classes = order.classes;
  // `open port 22 to 0.0.0.0/0`: any order but a plain read.
  if (
    order.clause.includes("/0") && OPEN_RANGE.test(order.clause) && !classes.every((name) => name === "read")
  ) {
    return "hands on opening a network rule to the whole internet";
  }
  // `export the users table to a public bucket`: records put where anyone reads them (round 29).
  if (PUBLIC_PLACE.test(order.clause) && order.object.some((word) => RECORDS.test(word))) {
    return "hands on putting records where anyone can read them";
  }
  if (!classes.some((name) => name === "grant" || name === "write" || name === "delete")) return undefined;
  const outsiders = order.clause.includes("@")
    ? (order.clause.match(EMAIL) ?? []).filter((address) => !isContact(address, environment))
    : [];
  const objects = order.object.map((word) => word.replace(/[.'-]+$/, ""));
  if (classes.includes("grant") && objects.some((word) => EVERYONE.test(word))) {
    return "hands on making something public";
  }
  if ((classes.includes("grant") || classes.includes("write")) && outsiders.length > 0) {
    if (objects.some((word) => ROLE.test(word))) {
      return `hands on giving "${outsiders[0]}" owner or admin access`;
    }
    if (classes.includes("grant")) return `hands on sharing with "${outsiders[0]}"`;
  }
  if (classes.includes("delete") && objects.slice(0, 3).some((word) => PEOPLE.test(word))) {
    return "hands on removing people";
  }
  if (
    classes.includes("write") && objects.some((word) => RECOVERY.test(word)) &&
    objects.some((word) => IDENTITY.test(word) || RECOVERY.test(word) && word !== "backup")
  ) {
    return "hands on changing how an account is recovered";
  }
  return undefined;
}

export function judgeDelegatedActions(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const text = texts.join("\n");
  if (text.length < 12 || text.length > MAX_TEXT) return;
  if (SHIPPED_PURCHASE.test(text)) {
    findings.escalate("delegation", `"${tool}" hands on a purchase shipped to a street address it names`);
    return;
  }
  if (!MENTIONS.test(text)) return;
  // Nested task objects arrive as JSON: their quotes and brackets end clauses too.
  const clauses = text.replace(/["{}[\]]+/g, "\n").split(CLAUSE_SPLIT);
  for (const clause of clauses.slice(0, MAX_CLAUSES)) {
    const order = orderOf(clause);
    const found = order && finding(order, environment);
    if (found) {
      findings.escalate("delegation", `"${tool}" ${found}`);
      return;
    }
  }
}
