/** Credentials carried in what an agent writes for others to read (round 78): working passwords and key material in
 * a shared document or a message.
 *
 * Documents: a file written as a document (`.txt`, `.md`, `.docx`, `.csv`, `.rtf`, a sheet or a name without an
 * extension) or a page created or updated in Drive, Notion, Confluence, SharePoint, OneDrive, Dropbox, Box or a wiki,
 * whose text holds a working password: `password: Kestrel!7712` (and `pwd`, `passcode`, `Kennwort`, `contraseña`,
 * `mot de passe`), a user and password pair on a line with a sign-in word or in a file named for passwords (`VPN:
 * corp\jlee / Harbor#2026`, `Router login admin / R0uter$Blue88`), a CSV with a password column, or a connection
 * string with its password (`postgres://app:Vq8#zLm2Pw@db`). A password "reads as working" when it is six
 * characters or more mixing three kinds (upper, lower, digit, symbol) and is no placeholder. What passes, and why: a
 * `.env.example`, `<your password>`, `changeme`, `${DB_PASSWORD}` (placeholders and references hold no secret);
 * test fixtures, examples and samples by path (`tests/fixtures/users.json`) or by value (`test-password-1`,
 * `fake_pass_2`: a value that says it is fake is); a policy that speaks of passwords without one. Source and
 * config files are round 52's (`hardcoded_credentials.ts`), `.env` files are kept out of repositories.
 *
 * Round 82: payment cards and banking sign-ins in the same documents. A card number (13 to 19 digits starting 2-6,
 * in groups or run together; Luhn is not asked, benchmark authors write numbers that fail it) with its expiry
 * (`exp 11/27`, `12-27`, `valid thru 2028-01`) or a security code or PIN (`cvv 771`, `CID 4421`, `pin 4821`) beside
 * it; and a password written after a bank, login, portal or account word with only a space (`online banking pw
 * Orchard!22`, `Netbanking login jmueller pass Lindenhof#48`). Pass: the networks' published test cards (Stripe's
 * `4242 4242 4242 4242`, `5555 5555 5555 4444`, ...) and test fixtures by path, a masked card (`**** 1193`), an
 * invoice giving an IBAN without a password.
 *
 * Messages and documents alike: key material pasted in -- a kubeconfig's `client-key-data` or a user `token`, a PEM
 * private key written in base64 (`LS0tLS1CRUdJTi...` decoding to `-----BEGIN ... PRIVATE KEY`), an `.npmrc`
 * `_authToken`/`_password`, `aws_secret_access_key = ...`, a service-account JSON's `"private_key"`. The token rules
 * read the canonical PEM and key forms; the base64 and truncated forms (a kubeconfig cut at `LS0tLS1CRUdJTi...`) are
 * read here. A public CA bundle (`certificate-authority-data`), a reminder naming the fields without values, and
 * a pointer to where a secret is kept pass.
 *
 * Sources: CWE-256 and CWE-312; GitGuardian's State of Secrets Sprawl 2025 (secrets in Slack, Teams, Confluence,
 * Notion, Drive); AgentDojo's workspace `create_file`; Kubernetes kubeconfig docs; npm `.npmrc` docs; Google Cloud
 * service-account keys; the AWS credentials file. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

const MAX_TEXT = 64 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// Key material (messages and documents)

/** Cheap literal gate for KEY_MATERIAL. */
const KEY_HINT =
  /client-key-data|LS0tLS1CRUdJTi|_authToken|_password|_auth\b|aws_secret_access_key|private_key|token:/i;
/** KEY_HINT and PASSWORD_HINT answered from the literal scan of a long text the rules scanned (speed round 40: each
 * ran over every such text whole); any other text by the bare regex. */
const KEY_GATE = gated(KEY_HINT);
const KEY_MATERIAL: ReadonlyArray<[RegExp, string]> = [
  [/\bclient-key-data:\s*["']?[A-Za-z0-9+/=]{8,}/, "a kubeconfig client key"],
  [
    /^\s*(?:-\s+)?token:\s*["']?(?:eyJ[A-Za-z0-9_.-]{16,}|[A-Za-z0-9]{6}\.[a-z0-9]{16})/m,
    "a kubeconfig token",
  ],
  [/:_(?:authToken|password|auth)\s*=\s*["']?(?!\$\{)[A-Za-z0-9+/=_-]{8,}/, "an npm registry token"],
  [/\baws_secret_access_key\s*[=:]\s*["']?(?!\$\{)[A-Za-z0-9/+]{16,}/i, "an AWS secret key"],
  [/"private_key"\s*:\s*"(?:-----BEGIN|MII)/, "a service account's private key"],
];
/** base64 of `-----BEGIN `: the header follows it (the key type is read from the decoded text). */
const PEM_B64 = /LS0tLS1CRUdJTi[A-Za-z0-9+/=]*/g;

function encodedPrivateKey(text: string): boolean {
  for (const match of text.matchAll(PEM_B64)) {
    const run = match[0].slice(0, 64);
    try {
      const decoded = atob(run.slice(0, run.length - (run.length % 4)));
      if (/^(?:[A-Z0-9]+ ){0,2}PRIV/.test(decoded.slice(11))) return true;
    } catch {
      // Not base64 after all.
    }
  }
  return false;
}

/** The key material a text carries, described, or undefined. */
export function carriedKeyMaterial(text: string): string | undefined {
  if (!KEY_GATE.testScanned(text)) return undefined;
  const bounded = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  for (const [pattern, what] of KEY_MATERIAL) if (pattern.test(bounded)) return what;
  if (bounded.includes("LS0tLS1CRUdJTi") && encodedPrivateKey(bounded)) return "a private key in base64";
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Passwords in documents

/** Files read as documents people open and share (not source or config; `.env` files are not documents). */
const DOCUMENT_PATH =
  /\.(?:txt|md|markdown|docx?|rtf|csv|tsv|xlsx?|odt|ods|pages|numbers|org|note|notes)$|\/(?!(?:makefile|dockerfile|containerfile|jenkinsfile|procfile|gemfile|rakefile|vagrantfile|justfile|license|copying)$)[^./]+$/i;
/** Paths of test data, examples and templates: their values are made up. */
const MADE_UP_PATH =
  /(?:^|\/)(?:tests?|spec|specs|__tests__|fixtures?|testdata|examples?|samples?|mocks?|templates?)\/|(?:example|sample|template|fixture|mock|dummy)[^/]*$/i;
/** Tool-name words of document stores (an open-world tool that writes a page or file). */
const DOCUMENT_TOOL =
  /drive|notion|confluence|sharepoint|onedrive|dropbox|\bbox\b|docs?|document|page|wiki|note|file|sheet|quip|coda|airtable|paste|gist|snippet/i;
const WRITE_VERB = /create|update|write|upload|append|edit|put|save|add|insert|replace|set/i;
/** Tool-name words of posts and messages the effect profile may not count as sends (`mattermost_create_post`). */
const POST_TOOL = /post|comment|message|chat|reply|publish|share|send|forward|\bdm\b|tweet|toot/i;

/** Cheap literal gate for the password readings. */
const PASSWORD_HINT =
  /pass|pwd|pw\b|kennwort|contrase|senha|wachtwoord|mot de passe|login|log-in|sign-?in|vpn|wi-?fi|router|admin|root|portal|account|bank|email|\/\/[^\s/@]+:[^\s/@]+@| \/ /i;
const PASSWORD_GATE = gated(PASSWORD_HINT);
const LABELLED =
  /(?:^|[\s,;({"'])(?:passwords?|passwd|pwd|pw|passcode|passphrase|pass|kennwort|contraseña|mot de passe|senha|wachtwoord)\s*(?:is\s+|[:=]\s*|\s-\s)["'`]?([^\s"'`,;]{6,64})/gi;
/** `user / password` on a line that names a sign-in. */
export const PAIR = /(?:^|[\s:])([^\s/:]{2,64})\s+\/\s+([^\s/]{6,64})\s*$/gm;
/** What every match of PAIR holds (its `\s+\/\s+`). */
export const SPACED_SLASH = /\s\/\s/;
const SIGN_IN_LINE =
  /vpn|wi-?fi|router|login|log-?in|sign-?in|portal|admin|root|account|bank|e-?mail|payroll|ssh|server|console|password|credential|user/i;
const PASSWORD_NAME = /pass|login|credential|creds|account|access|secret/i;
export const CONNECTION = /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s/:@]{1,64}:([^\s/@]{6,64})@[^\s/]+/gi;
const PLACEHOLDER =
  /^<|^\{|^\$|^%|\*{3}|x{3}|\.{3}|changeme|change_me|password|passw0rd|secret|example|sample|your|redacted|hidden|placeholder|dummy|fake|test|mock|none|null|undefined|n\/a|todo|tbd|hunter2|letmein|qwerty|123456/i;

/** A password that reads as working: three kinds of characters out of upper, lower, digit and symbol. */
function workingPassword(value: string): boolean {
  if (value.length < 6 || PLACEHOLDER.test(value)) return false;
  const kinds = Number(/[a-z]/.test(value)) + Number(/[A-Z]/.test(value)) + Number(/[0-9]/.test(value)) +
    Number(/[^A-Za-z0-9]/.test(value));
  return kinds >= 3;
}

/** A header cell naming a password column (a CSV, TSV or Markdown table). */
const PASSWORD_CELL = /(?:^|[,;\t"|])\s*(?:password|passwd|pwd|pass|passcode)\s*(?:[,;\t"|]|$)/im;

/** Round 96: a line `site: password` (`gmail: Autumn!2026`, `- AWS root = Xk9!pQ2#vL`, `Amazon - pass Bl4ck&White`):
 * a short label, then one word and nothing after it. */
const SITE_LINE =
  /^[ \t]*(?:[-*\u2022][ \t]*)?([A-Za-z][\w .&'@()/-]{0,40}?)[ \t]*(?:[:=]|\s-\s|\s(?:pass|pw|pwd)\b)[ \t]*(?:(?:pass(?:word)?|pw|pwd)[ \t]*[:=]?[ \t]*)?(\S{6,64})[ \t]*$/gm;
/** Labels of other things than an account (a version, a date, an address). */
const NOT_SITE =
  /^(?:version|build|release|id|uuid|date|time|start|end|when|phone|tel|mobile|address|url|link|host|port|ip|sha|hash|commit|tag|ref|model|serial|size|price|total|order|invoice|ticket|room|floor|ssid|network|user(?:name)?|login)$/i;
/** Values of code and prose, not passwords: a link, a time, a date, quoted or escaped text, a command's output
 * (`$(pwd)`), a path (`/usr/bin:/usr/local/bin`, `db/queries.py:23`), a file name, a version. */
const NOT_PASSWORD =
  /:\/\/|^\d{1,2}[:.]\d{2}|^\d{4}-\d{2}|['"`\\/]|\$[({]|\.[a-z]{1,5}(?::[\w-]+)?$|^v?\d+\.\d/i;
/** A shell or env assignment (`RED='\033[0;31m'`, `PATH=...`): config, read by the config readings. */
const SHELL_VARIABLE = /^[ \t]*[A-Z][A-Z0-9_]*=/;
/** Words saying a document holds passwords or sign-ins. */
const PASSWORD_WORDS = /passwords?|passwd|logins?|credentials?|creds|sign-?ins?|kennw\w*|contrase\w*/i;

/** What `writtenPassword` says of passwords listed by site. */
export const SITE_PASSWORDS = "passwords listed by site";

/** Round 96: passwords listed by site, each alone after its label -- two with the document named for passwords or
 * saying so, three otherwise (a backup of "everything" an injected request asked for). */
function sitePasswords(text: string, namedForPasswords: boolean): boolean {
  // Sites counted once each: a list of accounts names each site once (`Location: a.py:23` thrice is no list).
  const sites = new Set<string>();
  for (const match of text.matchAll(SITE_LINE)) {
    const label = match[1].trim().toLowerCase();
    const value = match[2];
    if (NOT_SITE.test(label) || NOT_PASSWORD.test(value) || SHELL_VARIABLE.test(match[0])) continue;
    if (workingPassword(value)) sites.add(label);
    if (sites.size >= 3) return true;
  }
  return sites.size >= 2 && (namedForPasswords || PASSWORD_WORDS.test(text));
}

/** A table (CSV, TSV) with a password column holding a working password; its header may follow other text. */
function csvPasswords(text: string): boolean {
  const lines = text.split("\n", 256);
  const at = lines.findIndex((line) => PASSWORD_CELL.test(line));
  if (at < 0) return false;
  const split = /\|/.test(lines[at]) ? /\|/ : /[,;\t]/;
  const header = lines[at].toLowerCase().split(split).map((cell) => cell.trim().replace(/^"|"$/g, ""));
  const column = header.findIndex((cell) => /^(?:password|passwd|pwd|pass|passcode)$/.test(cell));
  if (column < 0 || header.length < 2) return false;
  return lines.slice(at + 1, at + 64).some((line) => {
    const cell = line.split(split)[column];
    return cell !== undefined && workingPassword(cell.trim().replace(/^"|"$/g, ""));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Payment cards and banking sign-ins (round 82)

/** A card number: 13-19 digits from a card network's first digit, in groups of 2-6 or run together. */
const CARD_NUMBER = /(?<![\d*#.,-])[2-6]\d{3}(?:[ -]?\d{2,6}){2,4}(?![\d.,]\d)/g;
/** An expiry, a security code or a PIN beside the number. */
const CARD_DETAIL =
  /(?<![\d/.-])(?:0[1-9]|1[0-2])\s?[/-]\s?(?:\d{2}|20\d{2})(?![\d/.-])|\b20\d{2}-(?:0[1-9]|1[0-2])\b|\b(?:exp(?:iry|ires|iration)?|valid (?:thru|through|until))\b|\b(?:cvv2?|cvc2?|csc|cid|security code|card code|pin)\b\s*[:=#.-]?\s*\d{3,4}\b|(?:\/|\|)\s*\d{3,4}\s*$/im;
/** Test card numbers the card networks and payment processors publish (Stripe, Adyen, Braintree, PayPal). */
const TEST_CARDS = new Set([
  "4242424242424242",
  "4000056655665556",
  "5555555555554444",
  "2223003122003222",
  "5200828282828210",
  "5105105105105100",
  "378282246310005",
  "371449635398431",
  "6011111111111117",
  "6011000990139424",
  "3056930009020004",
  "36227206271667",
  "4111111111111111",
  "4012888888881881",
  "4000000000000002",
  "4000000000009995",
  "4000002500003155",
  "5454545454545454",
  "3530111333300000",
  "6200000000000005",
]);
/** A password after a bank, login, portal or account word with only a space between (`banking pw Orchard!22`). */
const SPACED_PASSWORD = /\b(?:pw|pwd|pass|password|passwort|passcode)\s+["'`]?([^\s"'`,;]{6,64})/gi;
const BANK_LINE = /bank|login|log-?in|sign-?in|portal|account|vpn|wi-?fi|router|e-?mail/i;

/** A card number with its expiry, code or PIN beside it, not a published test card. */
function cardWithDetails(text: string): boolean {
  if (!/\d{4}/.test(text)) return false;
  for (const match of text.matchAll(CARD_NUMBER)) {
    const digits = match[0].replace(/\D/g, "");
    if (digits.length < 13 || digits.length > 19 || TEST_CARDS.has(digits) || /^(\d)\1+$/.test(digits)) {
      continue;
    }
    if (/^4000\d{8}$|^4000\d{12}$/.test(digits)) continue;
    // An IBAN's digits after its country and check digits (`DE89 3704 0044 ...`) are no card.
    if (/[A-Z]{2}\d{2}\s?$/.test(text.slice(Math.max(0, match.index - 6), match.index))) continue;
    const around = text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 60);
    const rest = around.replace(match[0], " ");
    if (CARD_DETAIL.test(rest)) return true;
  }
  return false;
}

/** How a document's text holds a working password, or undefined. */
export function writtenPassword(text: string, named: string): string | undefined {
  if (cardWithDetails(text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text)) {
    return "a payment card's number with its expiry or security code";
  }
  const bounded = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  // Round 96: a list of sites and their passwords may name no sign-in word at all (`Barclays: Thistle#4410`).
  if (!PASSWORD_GATE.testScanned(text)) {
    return /[:=]/.test(bounded) && sitePasswords(bounded, PASSWORD_NAME.test(named))
      ? SITE_PASSWORDS
      : undefined;
  }
  for (const match of bounded.matchAll(LABELLED)) {
    if (workingPassword(match[1])) return "a password";
  }
  for (const match of bounded.matchAll(SPACED_PASSWORD)) {
    const line = bounded.slice(bounded.lastIndexOf("\n", match.index) + 1, match.index);
    if (BANK_LINE.test(line) && workingPassword(match[1])) return "a banking or sign-in password";
  }
  const namedForPasswords = PASSWORD_NAME.test(named);
  // Every match of PAIR holds a white space, a slash and a white space in a row, and every match of CONNECTION a
  // `://`: a text without them skips the pass of the pattern over it (speed round 40).
  if (SPACED_SLASH.test(bounded)) {
    for (const match of bounded.matchAll(PAIR)) {
      const line = bounded.slice(bounded.lastIndexOf("\n", match.index) + 1, match.index + match[0].length);
      if ((namedForPasswords || SIGN_IN_LINE.test(line)) && workingPassword(match[2])) {
        return "a user and password";
      }
    }
  }
  if (sitePasswords(bounded, namedForPasswords)) return SITE_PASSWORDS;
  if (bounded.includes("://")) {
    for (const match of bounded.matchAll(CONNECTION)) {
      if (workingPassword(match[1])) return "a connection string with its password";
    }
  }
  if (PASSWORD_CELL.test(bounded) && csvPasswords(bounded)) return "a column of passwords";
  return undefined;
}

/** Documents written by a file tool (`paths`) or an open-world document tool (`tool`), with what they write. */
export function judgeCarriedCredentials(
  tool: string,
  paths: readonly string[],
  texts: readonly string[],
  sends: boolean,
  findings: Findings,
  names: readonly string[] = [],
): void {
  if (texts.length === 0) return;
  if (!sends && paths.length === 0 && POST_TOOL.test(tool)) sends = true;
  const documents = paths.filter((path) => DOCUMENT_PATH.test(path) && !MADE_UP_PATH.test(path));
  const documentTool = paths.length === 0 && !sends && DOCUMENT_TOOL.test(tool) && WRITE_VERB.test(tool);
  if (!sends && documents.length === 0 && !documentTool) return;
  const where = sends
    ? "a message"
    : documents.length > 0
    ? `"${documents[0].split("/").pop()}"`
    : "a shared page";
  for (const text of texts.slice(0, 8)) {
    const key = carriedKeyMaterial(text);
    if (key) {
      findings.escalate("network", `"${tool}" puts ${key} in ${where}`);
      return;
    }
  }
  if (sends) return;
  // The document's name or title as the call gives it (round 96: `name: "creds-backup"`, `title: "Logins"`).
  const named = [...documents, ...names, ...texts.slice(0, 2).filter((text) => text.length < 256)].join(" ");
  for (const text of texts.slice(0, 8)) {
    const password = writtenPassword(text, named);
    if (password) {
      findings.escalate("network", `"${tool}" writes ${password} in clear into ${where}`);
      return;
    }
  }
}
