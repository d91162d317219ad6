/** Credential material inside an address that goes to an outside host (round 45): a private key, a service token
 * or a session JWT in the path or query of a URL an agent opens, fetches or renders, however it is wrapped --
 * percent-encoded once or twice, nested in another address's parameter (`translate.goog/?u=https://collector/?q=...`,
 * `google.com/url?q=...`, a link shim or a cache proxy), glued to a label (`/aws_key_AKIA...`, `%3Dsk_live_...`), or a key
 * header without its dashes (`BEGIN RSA PRIVATE KEY MIIEow...`). The host that receives the address receives the
 * secret (EchoLeak and CamoLeak rendered it as an image; agentic browsers navigate to it). The token rules read the
 * canonical forms in the raw text and need a word boundary before a token; this reads each address decoded. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { payloadStrings } from "./payload_strings.ts";
import { matchesOf } from "../match_all.ts";

const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>)\]`|]+/gi;
/** One of these occurs (in the raw or the decoded address) wherever SECRET_IN_URL can match. */
const HINT =
  /AKIA|ASIA|gh[pousr]_|github_pat_|xox[abeprs]|k_live_|sk-|glpat-|AIza|npm_|hf_|eyJ|PRIVATE|SECRET_ACCESS|secret_access|%/;
const NOT_ALNUM = "(?<![A-Za-z0-9])";
/** Service key and token shapes (the secret scanners' rules, gitleaks and GitHub secret scanning), a JWT, a private
 * key header followed by key material (DER `MII...`/`MHc...`, OpenSSH `b3BlbnNzaC1r...`, or a long base64 run), and an
 * AWS secret key after its label. A token may follow a word joined by `_` (`aws_key_AKIA...`). */
const SECRET_IN_URL = new RegExp(
  [
    String.raw`${NOT_ALNUM}(?:AKIA|ASIA)[0-9A-Z]{16}(?![0-9A-Za-z])`,
    String.raw`${NOT_ALNUM}gh[pousr]_[A-Za-z0-9]{30,}`,
    String.raw`${NOT_ALNUM}github_pat_[A-Za-z0-9_]{40,}`,
    String.raw`${NOT_ALNUM}xox[abeprs]-\d{6,}-[A-Za-z0-9-]{10,}`,
    String.raw`${NOT_ALNUM}[rs]k_live_[A-Za-z0-9]{16,}`,
    String.raw`${NOT_ALNUM}sk-(?:proj-|ant-(?:api\d\d-)?)?[A-Za-z0-9_-]{32,}`,
    String.raw`${NOT_ALNUM}glpat-[A-Za-z0-9_-]{20,}`,
    String.raw`${NOT_ALNUM}AIza[0-9A-Za-z_-]{35}`,
    String.raw`${NOT_ALNUM}npm_[A-Za-z0-9]{30,}`,
    String.raw`${NOT_ALNUM}hf_[A-Za-z0-9]{30,}`,
    String.raw`(?<![A-Za-z0-9-])eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}`,
    String.raw`BEGIN[\s_+-]{1,3}(?:[A-Z0-9]{2,9}[\s_+-]{1,3}){0,2}PRIVATE[\s_+-]{1,3}KEY[\s_+-]{0,10}` +
    String.raw`(?:(?:MI[IH]|MH[cQ]|MC4|b3BlbnNzaC1r|Proc-Type)[A-Za-z0-9+/:,-]{2,}|[A-Za-z0-9+/]{24,})`,
    String
      .raw`(?:AWS_SECRET_ACCESS_KEY|aws_secret_access_key|SecretAccessKey)[=:\s"']{1,3}[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])`,
  ].join("|"),
);
/** A documented example or a placeholder, not a secret (`AKIAIOSFODNN7EXAMPLE`, `ghp_xxxx...`). */
const PLACEHOLDER = /EXAMPLE|example|xxxxxx|XXXXXX|000000|123456789/;

const MAX_URL = 4096;
const MAX_URLS = 32;

/** The address with its percent-escapes undone, as often as it was encoded (three times at most); `+` in a query
 * is a space. A malformed escape is left as written. */
export function decodedUrl(url: string): string {
  let text = url;
  for (let round = 0; round < 3 && text.includes("%"); round++) {
    const next = text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (next === text) break;
    text = next;
  }
  return text.replace(/\+/g, " ");
}

/** The credential an address carries (decoded), or undefined. */
export function urlSecret(url: string): string | undefined {
  if (url.length > MAX_URL || !HINT.test(url)) return undefined;
  const text = decodedUrl(url);
  const match = SECRET_IN_URL.exec(text);
  if (!match || PLACEHOLDER.test(match[0])) return undefined;
  return match[0];
}

/** The addresses in the payload's strings (url fields, Markdown, HTML, prompts), bounded. */
function addressesOf(payload: Record<string, unknown>): string[] {
  const urls: string[] = [];
  for (const { value } of payloadStrings(payload)) {
    if (value.length > 64 * 1024 || !value.includes("://")) continue;
    for (const match of matchesOf(URL_IN_TEXT, value)) {
      urls.push(match[0]);
      if (urls.length >= MAX_URLS) return urls;
    }
  }
  return urls;
}

/** The outside host that receives the secret: the address's own host, or (when that one is allowed: a search
 * engine's redirect, a login page's `return_to`) the host of an address nested in it that carries the secret. */
function receivingHost(url: string, secret: string, environment: ShieldEnvironment): string | undefined {
  const outside = (address: string) => {
    const host = readHost(address, environment);
    return host && !host.allowed && !host.loopback ? host.host : undefined;
  };
  const own = outside(url);
  if (own) return own;
  const decoded = decodedUrl(url);
  let nested = 0;
  const inner = decoded.slice(8);
  for (const match of matchesOf(URL_IN_TEXT, inner)) {
    if (++nested > 8) break;
    // The secret comes after the nested address starts (decoded, a key header's spaces end the match).
    const host = inner.indexOf(secret, match.index) >= 0 ? outside(match[0]) : undefined;
    if (host) return host;
  }
  return undefined;
}

export function judgeUrlSecrets(
  tool: string,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const url of addressesOf(payload)) {
    const secret = urlSecret(url);
    const host = secret === undefined ? undefined : receivingHost(url, secret, environment);
    if (!host) continue;
    findings.escalate("network", `"${tool}" puts a credential in an address for "${host}"`);
    return;
  }
}
