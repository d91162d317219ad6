/** Messaging egress: who receives (known contacts, outsiders, lists, many people, the public) and what leaves
 * (sensitive data, attachments, whole threads). Credential material is left to the Tier 1 token rules. */

import { spellFieldLabels } from "./field_labels.ts";
import { judgeCarriedMessages } from "./carried_messages.ts";
import { gated } from "./gate.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { globToRegExp } from "../glob.ts";
import type { Findings } from "./findings.ts";
import { sensitiveFindings } from "./sensitive_data.ts";
import { INSTRUCTIONS_TO_AI, judgeHiddenInstructions } from "./standing_instructions.ts";
import { judgeDataLinks } from "./data_links.ts";
import { AGENT_MENTION } from "./argument_injection.ts";
import { judgeMessageSecrets, sendsBareCode } from "./message_secrets.ts";
import { judgeAddressedInstructions } from "./addressed_instructions.ts";
import { judgePaddedText } from "./padded_text.ts";
import { judgeUrlTemplates } from "./url_payloads.ts";
import { judgeGrantRequests } from "./delegated_harms.ts";
import { judgePersonalMailboxes } from "./personal_mailboxes.ts";
import { judgeConcealedOrders } from "./concealed_orders.ts";
import { judgePaymentRedirects } from "./payment_redirects.ts";
import { judgeExtortion } from "./extortion_texts.ts";
import { matchesOf } from "../match_all.ts";

const LIST_ADDRESS = /^(?:all|everyone|list|lists|allhands|all-hands)@|@lists?\.|^lists?\.|\.csv$/i;
/** An argument that sets the audience to everyone (`privacy_setting: "public"`, `visibility: "PUBLIC"`). */
const PUBLIC_SETTING = /^\s*(?:public|everyone|anyone)\s*$/i;
const PUBLIC_AUDIENCE = /\b(?:public|external|partners?|guests?|shared|community|everyone)\b/i;
const BRANDS =
  /(microsoft|m365|office365|outlook|teams|google|gmail|apple|icloud|paypal|amazon|aws|slack|github|zoom|okta|docusign|dropbox|netflix|bank|discord|whatsapp|telegram|facebook|instagram|linkedin|steam|coinbase|binance|metamask|stripe|adobe|dhl|fedex|ups|usps|irs|hmrc)/;
/** Brand names a lookalike host may misspell by one letter (`dlscord`, `micros0ft`, `paypa1`). */
const BRAND_NAMES = [
  "microsoft",
  "google",
  "paypal",
  "amazon",
  "github",
  "discord",
  "whatsapp",
  "telegram",
  "facebook",
  "instagram",
  "linkedin",
  "coinbase",
  "binance",
  "metamask",
  "dropbox",
  "docusign",
  "netflix",
  "outlook",
  "office",
  "apple",
  "icloud",
  "slack",
  "zoom",
  "okta",
];
/** Host words of credential-harvesting pages on someone's own domain (`acme-sso.verify-login.co`). */
const HARVEST_WORDS =
  /(?:^|[.-])(?:login|log-in|signin|sign-in|verify|verification|secure|account|sso|auth|reset|recover|unlock|billing|wallet|support|helpdesk|portal|update|validate|confirm)(?:[.-]|$)/;
/** Links whose targets are where payloads and lures live: shorteners, paste sites, tunnels, bare IPs, and files
 * that install or run (`.exe`, `.apk`, `.scr`, `.msi`, `.iso`, Office macros). A host may end in the root's dot
 * (`pastebin.com./raw/x`, round 83: the same host). */
export const RISKY_LINK = gated(
  /\bhttps?:\/\/(?:\d{1,3}(?:\.\d{1,3}){3}|[^\s/]*(?:bit\.ly|tinyurl\.com|is\.gd|cutt\.ly|rb\.gy|t\.co|git\.io|shorturl\.at|ngrok(?:-free)?\.(?:app|io)|trycloudflare\.com|pastebin\.com|transfer\.sh|file\.io|duckdns\.org|ddns\.net))\.?[/\s:]|\bhttps?:\/\/\S+\.(?:exe|apk|scr|msi|iso|img|dmg|pkg|bat|cmd|ps1|vbs|js|jar|docm|xlsm|hta|lnk)\b/i,
);
const GIFT_CARD_SCAM = gated(
  /\b(?:buy|purchase|get|send|pick up)\b[^.\n]{0,40}\b(?:gift ?cards?|itunes cards?|apple cards?|steam cards?|google play cards?|amazon cards?|vouchers?)\b/i,
);

/** Commands a message asks a person to paste into a terminal or the Run box (ClickFix). */
/** Account-alarm lures: "your account is locked, call ...", "your package is on hold" (smishing and vishing). */
const ALARM_LURE = gated(
  /\byour\s+(?:\w+\s+)?(?:account|card|package|parcel|payment|subscription|mailbox|device)\s+(?:is|has been|was|will be)\s+(?:locked|suspended|blocked|frozen|compromised|on hold|held|disabled|deactivated|closed|terminated)\b[^\n]{0,80}\b(?:call|click|visit|verify|confirm|reply|text|tap|log ?in|pay)\b/i,
);
export const PASTE_AND_RUN = gated(
  /\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^\n]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:curl|wget|iwr|irm)\b[^\n]{0,200}\|\s*(?:iex|invoke-expression)\b|\bpowershell(?:\.exe)?\s+(?:-\w+\s+)*-e(?:nc|ncodedcommand)?\s+[A-Za-z0-9+/=]{16,}|\bmshta\s+https?:|\bbash\s+-c\s+["']?\$\(curl|\b(?:(?:ba|z)?sh|source|\.)\s+<\(\s*(?:curl|wget)\b/i,
);
export const BRAND_DOMAINS =
  /(?:^|\.)(?:microsoft\.com|microsoftonline\.com|office\.com|office365\.com|sharepoint\.com|live\.com|outlook\.com|teams\.microsoft\.com|google\.com|gmail\.com|googleusercontent\.com|googleapis\.com|gstatic\.com|youtube\.com|apple\.com|icloud\.com|paypal\.com|paypalobjects\.com|amazon\.com|amazonaws\.com|slack\.com|slack-edge\.com|slack-files\.com|github\.com|githubusercontent\.com|githubassets\.com|github\.io|github\.dev|zoom\.us|zoom\.com|okta\.com|docusign\.net|docusign\.com|dropbox\.com|dropboxusercontent\.com|netflix\.com|discord\.com|discordapp\.com|discord\.gg|whatsapp\.com|telegram\.org|t\.me|linkedin\.com|facebook\.com|instagram\.com|stripe\.com)$/;

const contactPatterns = new Map<string, RegExp[]>();

export function isContact(recipient: string, environment: ShieldEnvironment): boolean {
  if (environment.contacts.length === 0) return false;
  const key = environment.contacts.join("\n");
  let patterns = contactPatterns.get(key);
  if (!patterns) {
    patterns = environment.contacts.map((glob) => globToRegExp(glob.toLowerCase()));
    if (contactPatterns.size < 16) contactPatterns.set(key, patterns);
  }
  const address = recipient.trim().replace(/^.*<([^>]+)>.*$/, "$1").toLowerCase();
  return patterns.some((pattern) => pattern.test(address));
}

function nearBrand(label: string): boolean {
  return label.length >= 5 &&
    BRAND_NAMES.some((brand) =>
      label !== brand && Math.abs(label.length - brand.length) <= 1 && oneEditApart(label, brand)
    );
}

function oneEditApart(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A link's host, every one in a text. */
const LINK_HOST = /\b(?:https?:\/\/|www\.)([a-z0-9.-]+)/gi;

/** Hosts in links that wear a brand's name on someone else's domain (`teams-meet.acme-hr.co`), misspell a
 * brand (`dlscord-gift.com`), or read like a credential-harvesting page (`acme-sso.verify-login.co`). */
export function brandLookalikes(text: string): string[] {
  const found: string[] = [];
  for (const match of matchesOf(LINK_HOST, text)) {
    // A trailing dot names the same host (`github.com.`), and ends many sentences.
    const host = match[1].toLowerCase().replace(/^www\./, "").replace(/\.+$/, "");
    if (BRAND_DOMAINS.test(host)) continue;
    const labels = host.split(/[.-]/);
    if (BRANDS.test(host) || labels.some(nearBrand) || HARVEST_WORDS.test(host) && labels.length >= 3) {
      found.push(host);
    }
  }
  return found.slice(0, 8);
}

export interface MessageInput {
  tool: string;
  recipients: string[];
  /** Text that leaves: bodies, subjects, descriptions, typed text. */
  texts: readonly string[];
  /** Files that leave with it (attachments, uploads). */
  attachments: number;
  /** Whole threads, mailboxes or "all" items forwarded. */
  wholesale: boolean;
  /** Blind-copy recipients, when the tool names them apart. */
  hidden?: string[];
  /** Domains the mail is sent from: a blind copy there is the sender's own record (round 54). */
  ownDomains?: readonly string[];
  /** Recipients given as the payload's own top-level arguments (`phone: "+44 ..."`), not inside what it sends. */
  addresses?: readonly string[];
  /** Values of the payload's id arguments (`channel_id: "993311"`): they name where it goes, they are not sent. */
  identifiers?: readonly string[];
  /** A plain personal note with photos or videos only (round 36, `social_notes.ts`): no files-to-a-non-contact
   * prompt (the free-mail prompt stays). */
  personalNote?: boolean;
  /** Round 86: routine work documents (slides, a quote, an invoice) handed to one organisation's people
   * (`work_hand_offs.ts`): no files-to-a-non-contact prompt; every other check still reads the message. */
  handOff?: boolean;
  /** Round 67: no attachment, and the text reads as an everyday note to a named person (`everyday_notes.ts`). */
  everydayNote?: boolean;
}

const ATTACHMENT_KEYS =
  /^(?:attachments?|files?|file_ids?|documents?|media|media_paths?|media_urls?|uploads?|photos?)$/i;

/** Files a message carries, whatever their shape (paths, ids, objects). */
export function attachmentCount(payload: Record<string, unknown>, nested = true): number {
  let count = 0;
  for (const [key, value] of Object.entries(payload)) {
    if (value === null || value === undefined || value === "") continue;
    if (ATTACHMENT_KEYS.test(key)) count += Array.isArray(value) ? value.length : 1;
    // Graph and SES nest the message (`{message: {toRecipients, attachments}}`): one level is looked into.
    else if (nested && typeof value === "object" && !Array.isArray(value)) {
      count += attachmentCount(value as Record<string, unknown>, false);
    }
  }
  return count;
}

/** An address without its display name, angle brackets or `mailto:`, lower-cased. */
const bareAddress = (address: string) =>
  (/<([^>]+)>/.exec(address)?.[1] ?? address).replace(/^\s*mailto:/i, "").trim().toLowerCase();

function domainOf(address: string): string | undefined {
  return /@([\w.-]+)\s*>?\s*$/.exec(address)?.[1]?.toLowerCase();
}

/** A message carried inside a new one (`---------- Forwarded message ---------`, `-----Original Message-----`, a
 * `From: ... Sent: ... To:` header block): data nobody composed in this action, as a forward tool's (round 9). A plain
 * regex, asked only of messages to outsiders, so its words add nothing to the shared literal automaton. */
const FORWARDED_BODY =
  /-{2,}\s*(?:forwarded message|original message)\s*-{2,}|^begin forwarded message:|^from:[^\n]{1,200}\n(?:sent|date):[^\n]{1,100}\n(?:to|subject):/im;

/** Round 49: whether a message's personal-data finding comes only from its recipients' own numbers or addresses,
 * given as a top-level argument under a key the payload reader does not know (`send_message_whatsapp {phone: "+44 ...",
 * message: ...}`): they say where the message goes, not what it carries. Numbers inside what is sent (a contact
 * card's `contacts: [{phone}]`) still count. */
function onlyThroughAddresses(input: MessageInput): boolean {
  const addresses = input.addresses ?? [];
  const carried = input.texts.filter((text) => !addresses.includes(text.trim()));
  if (carried.length === input.texts.length) return false;
  return !sensitiveFindings(spellFieldLabels(carried.join("\n"))).some((found) =>
    found.kind === "personal data"
  );
}

export function judgeMessage(input: MessageInput, environment: ShieldEnvironment, findings: Findings): void {
  const outsiders = input.recipients.filter((recipient) => !isContact(recipient, environment));
  const joined = input.texts.join("\n");
  if (outsiders.length > 0 && joined.length <= 256 * 1024 && FORWARDED_BODY.test(joined)) {
    findings.escalate(
      "message",
      `"${input.tool}" forwards an existing message to someone who is not a known contact`,
    );
  }
  const allKnown = input.recipients.length > 0 && outsiders.length === 0;
  for (const finding of sensitiveFindings(spellFieldLabels(joined))) {
    if (finding.kind === "personal data" && onlyThroughAddresses(input)) continue;
    if (
      allKnown &&
      (finding.kind === "confidential" || finding.kind === "personal data" ||
        finding.kind === "access code" ||
        finding.kind === "identity number")
    ) {
      continue;
    }
    findings.escalate("message", `"${input.tool}" sends ${finding.evidence}`);
  }
  for (const host of brandLookalikes(joined)) {
    findings.escalate(
      "message",
      `"${input.tool}" sends a link to "${host}", which imitates a well-known brand`,
    );
  }
  if (joined.length < 64 * 1024 && PASTE_AND_RUN.test(joined)) {
    findings.escalate("message", `"${input.tool}" asks someone to paste and run a fetched script`);
  }
  if (RISKY_LINK.test(joined)) {
    findings.escalate("message", `"${input.tool}" sends a link to a file or host that stages payloads`);
  }
  if (!allKnown && sendsBareCode(input.texts, input.identifiers)) {
    findings.escalate("message", `"${input.tool}" sends a bare code, as a forwarded one-time code looks`);
  }
  if (ALARM_LURE.test(joined)) findings.escalate("message", `"${input.tool}" sends an account-alarm lure`);
  if (GIFT_CARD_SCAM.test(joined)) {
    findings.escalate("message", `"${input.tool}" asks for gift cards (a common scam)`);
  }
  // Round 67: an everyday note to a named person (family, landlord, plumber) is spared the free-mail prompt only.
  if (!input.everydayNote) {
    judgePersonalMailboxes(input.tool, input.recipients, environment, findings);
  }
  if (input.recipients.length > 10 || input.recipients.some((recipient) => LIST_ADDRESS.test(recipient))) {
    findings.escalate("message", `"${input.tool}" writes to a list or many recipients`);
  }
  if (input.attachments > 0 && !allKnown && !input.personalNote && !input.handOff) {
    findings.escalate("message", `"${input.tool}" sends files to a recipient who is not a known contact`);
  }
  if (input.wholesale && !allKnown) {
    findings.escalate("message", `"${input.tool}" forwards whole threads or mailboxes`);
  }
  if (joined.length < 64 * 1024 && INSTRUCTIONS_TO_AI.test(joined)) {
    findings.escalate("message", `"${input.tool}" carries instructions addressed to an AI assistant`);
  }
  judgeHiddenInstructions(input.tool, joined, findings);
  judgeCarriedMessages(input.tool, joined, !allKnown, findings);
  judgeMessageSecrets(input.tool, joined, findings);
  judgeGrantRequests(input.tool, joined, findings, true);
  judgeConcealedOrders(input.tool, [joined], findings);
  judgeAddressedInstructions(input.tool, joined, findings);
  judgePaddedText(input.tool, joined, findings);
  judgePaymentRedirects(input.tool, joined, input.recipients, !allKnown, findings);
  judgeExtortion(input.tool, [joined], findings);
  judgeUrlTemplates(input.tool, input.texts, environment, findings);
  judgeDataLinks(input.tool, input.texts, environment, findings);
  if (joined.includes("@") && joined.length < 64 * 1024 && AGENT_MENTION.test(joined)) {
    findings.escalate("delegation", `"${input.tool}" orders another coding agent to act through a mention`);
  }
  const hidden = (input.hidden ?? []).filter((recipient) => !isContact(recipient, environment));
  // Compared bare (round 54): `mailto:x@y` and `Jay <x@y>` are the hidden address read again, not a visible one.
  const hiddenBare = new Set((input.hidden ?? []).map(bareAddress));
  const visible = new Set(
    input.recipients.filter((recipient) => !hiddenBare.has(bareAddress(recipient))).map(domainOf),
  );
  for (const recipient of hidden) {
    const domain = domainOf(recipient);
    if (domain && !visible.has(domain) && !input.ownDomains?.includes(domain)) {
      findings.escalate(
        "message",
        `"${input.tool}" blind-copies "${recipient}", outside the visible recipients' domains`,
      );
    }
  }
  if (
    // An audience word names a channel or group; in an address it is part of a domain (`partner-firm.com`).
    input.recipients.some((recipient) => !recipient.includes("@") && PUBLIC_AUDIENCE.test(recipient)) &&
    sensitiveFindings(joined).length > 0
  ) {
    findings.escalate("message", `"${input.tool}" posts sensitive details where outsiders read them`);
  }
}

/** Content an open-world tool writes to a shared place (an issue, a repository file, a page, a document): the
 * same sensitive details a message would carry, and instructions planted for an AI assistant. */
export function judgeSharedWrite(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const joined = texts.join("\n");
  if (joined.length < 6) return;
  judgeHiddenInstructions(tool, joined, findings);
  judgeDataLinks(tool, texts, environment, findings);
  judgeExtortion(tool, [joined], findings);
  // Round 27: personal details are left to a shared place's readers, unless an argument makes it public.
  const publicly = texts.some((text) => PUBLIC_SETTING.test(text));
  for (const finding of sensitiveFindings(joined)) {
    if (finding.kind === "login link" || (finding.kind === "personal data" && !publicly)) continue;
    findings.escalate("message", `"${tool}" writes ${finding.evidence} where others can read it`);
  }
  for (const host of brandLookalikes(joined)) {
    findings.escalate("message", `"${tool}" posts a link to "${host}", which looks like a phishing page`);
  }
  if (RISKY_LINK.test(joined)) {
    findings.escalate("message", `"${tool}" posts a link to a file or host that stages payloads`);
  }
  if (joined.length < 64 * 1024 && PASTE_AND_RUN.test(joined)) {
    findings.escalate("message", `"${tool}" asks readers to paste and run a fetched script`);
  }
  if (joined.length < 64 * 1024 && INSTRUCTIONS_TO_AI.test(joined)) {
    findings.escalate("message", `"${tool}" writes instructions addressed to an AI assistant`);
  }
  judgeGrantRequests(tool, joined, findings);
}

/** Sensitive details in the arguments of an open-world tool that neither sends nor writes them anywhere on
 * purpose (a calculator's `notes`, a weather tool's `context`): data smuggled out through a tool's side field. */
export function judgeSideFields(tool: string, texts: readonly string[], findings: Findings): void {
  const joined = texts.join("\n");
  if (joined.length < 12) return;
  for (const finding of sensitiveFindings(joined)) {
    if (finding.kind === "login link" || finding.kind === "payment instruction") continue;
    findings.escalate("message", `"${tool}" is handed ${finding.evidence} it has no use for`);
  }
}
