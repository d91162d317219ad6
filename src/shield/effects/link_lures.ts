/** Links an agent opens that carry a secret out or lead the user to a false sign-in page (round 78).
 *
 * Secrets in a fetched address: a service token in the path or query of an address fetched, opened, rendered or
 * downloaded (WebFetch, web_fetch, fetch, browser_navigate, http_get, `curl`/`wget`/`Invoke-WebRequest` in a shell)
 * reaches the address's host, as an image URL did in EchoLeak and CamoLeak. Round 45 (`url_secrets.ts`) and the token
 * rules read the canonical lengths; this reads the shapes benchmark authors and injected pages write short or cut
 * (`sk-proj-8hF2kQ9zT3`, `ghp_4Tq9LmZx2Rw8Yb`, `AKIA` and twelve characters, a JWT with a stub signature, a Google
 * `ya29.` token), and a high-entropy value under a secret's own name (`secret=`, `password=`, `client_secret=`), or
 * under a key's name (`key=`, `token=`, `auth=`) on an image, pixel or beacon address, which needs no key. The
 * token's own service passes (a Maps key sent to `googleapis.com`, a GitHub token to `github.com`), as do allowed and
 * loopback hosts, placeholders (`<YOUR_TOKEN>`, `xxxx`, `EXAMPLE`) and search queries for a format (`sk-proj+key`).
 *
 * False sign-in pages: an address with sign-in words (login, signin, SSO, auth, account, verify ...) whose host
 * imitates a brand or the user's organisation -- a brand word as a hyphenated part of someone else's domain
 * (`microsoft-login-secure.com`, `okta-acmecorp.com`, `signin-dropbox.co`), a brand spelled with digits for letters
 * (`paypa1-...`) or one letter off, a punycode or non-ASCII host (homoglyphs), or the domain of an address named in
 * the link itself spelled with hyphens (`accounts-corp-example.com/login?prefill=alice@corp.example`) -- or whose
 * return parameter (`return`, `next`, `continue`, `redirect_url`, `fromURI` ...) hands the session to another
 * domain. The brand's own pages (`accounts.google.com` returning to `mail.google.com`), a site returning to a path,
 * and OAuth requests (a `client_id`: the provider checks its registered `redirect_uri`) pass; a brand word in a host
 * that is not a sign-in page (`github-readme-stats.vercel.app/api`) passes. Round 36's `host_disguises.ts` reads a
 * whole domain worn before another (`accounts.google.com.session-check.io`).
 *
 * Sources: Embrace The Red on image and link exfiltration; Legit Security's CamoLeak; gitleaks and GitHub secret
 * scanning token formats; Brave on Perplexity Comet; Guardio Labs' Scamlexity; OWASP Unvalidated Redirects and
 * Forwards; Unicode TR39 confusables; MITRE ATT&CK T1566.002 and T1583.001. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { type HostReading, readHost } from "./hosts.ts";
import { decodedUrl } from "./url_secrets.ts";
import { editDistance } from "./package_lookalikes.ts";

const MAX_URLS = 16;
const MAX_URL = 4096;

// ---------------------------------------------------------------------------------------------------------------
// Secrets in a fetched address

/** One of these occurs in every address SHORT_TOKEN or a secret parameter can match (a cheap gate). */
const SECRET_HINT =
  /gh[pousr]_|github_pat_|glpat-|sk-|xox[abeprs]-|AKIA|ASIA|AIza|hf_|npm_|ya29\.|k_live_|eyJ|=/;
/** Service token prefixes with a body of eight or more characters (shorter than the canonical forms). */
const SHORT_TOKEN =
  /(?<![A-Za-z0-9])(gh[pousr]_|github_pat_|glpat-|sk-ant-(?:api\d\d-)?|sk-proj-|sk-|xox[abeprs]-|hf_|npm_|ya29\.|[rs]k_live_|AIza)([A-Za-z0-9_-]{8,})|(?<![A-Za-z0-9])(AKIA|ASIA)([0-9A-Z]{12,16})(?![0-9A-Za-z])|(?<![A-Za-z0-9-])(eyJ)([A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{4,})/;
/** The hosts of each prefix's own service (a host equal to or under one of these). */
const PROVIDER_HOSTS: ReadonlyArray<[RegExp, readonly string[]]> = [
  [/^(?:gh[pousr]_|github_pat_)$/, ["github.com", "githubusercontent.com", "ghcr.io"]],
  [/^glpat-$/, ["gitlab.com"]],
  [/^sk-ant-/, ["anthropic.com"]],
  [/^sk-/, ["openai.com"]],
  [/^xox/, ["slack.com"]],
  [/^(?:AKIA|ASIA)$/, ["amazonaws.com", "amazon.com", "aws"]],
  [/^(?:AIza|ya29\.)$/, ["googleapis.com", "google.com", "youtube.com", "firebaseio.com", "firebaseapp.com"]],
  [/^hf_$/, ["huggingface.co", "hf.co"]],
  [/^npm_$/, ["npmjs.org", "npmjs.com"]],
  [/^[rs]k_live_$/, ["stripe.com"]],
];
const PLACEHOLDER = /EXAMPLE|example|xxxx|XXXX|0000|1234567|your|YOUR|REDACTED|redacted|<|\{/;
/** Parameter names that hold a secret wherever they go, and names of keys an image or beacon never needs. */
const SECRET_PARAMETER =
  /^(?:secret|client_?secret|password|passwd|pwd|private_?key|aws_?secret(?:_access_key)?|secret_?key)$/i;
const KEY_PARAMETER =
  /^(?:k|key|api_?key|apikey|token|access_?token|auth|auth_?token|jwt|session|sid|cred)$/i;
const ASSET_PATH =
  /\.(?:png|gif|jpe?g|svg|webp|ico|bmp|css|woff2?)$|\/(?:pixel|beacon|collect|track|t|p|ping|log|img|image|badge|render)(?:\/|$)/i;

/** A body that reads as random: letters of both cases and two digits or more, several distinct characters (a
 * lower-case slug such as `sk-learn-tutorial-2024` does not). */
function randomBody(body: string): boolean {
  const digits = body.replace(/[^0-9]/g, "").length;
  return digits >= 2 && /[a-z]/.test(body) && /[A-Z]/.test(body) && new Set(body).size >= 7;
}

/** A value that reads as a generated secret: sixteen characters or more of both cases and digits. */
function highEntropy(value: string): boolean {
  return value.length >= 16 && value.length <= 512 && /[a-z]/.test(value) && /[A-Z]/.test(value) &&
    /[0-9]/.test(value) && new Set(value).size >= 10 && !/\s/.test(value);
}

function underHost(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) =>
    domain.includes(".") ? host === domain || host.endsWith(`.${domain}`) : host.split(".").includes(domain)
  );
}

/** What secret the address carries for a host that is not the secret's own service, or undefined. */
function carriedSecret(reading: HostReading): string | undefined {
  const decoded = decodedUrl(reading.url);
  const match = SHORT_TOKEN.exec(decoded);
  if (match) {
    const prefix = match[1] ?? match[3] ?? match[5];
    const body = match[2] ?? match[4] ?? match[6];
    const own = PROVIDER_HOSTS.find(([test]) => test.test(prefix))?.[1] ?? [];
    if (
      !PLACEHOLDER.test(body) &&
      (prefix === "eyJ" || prefix === "AKIA" || prefix === "ASIA" || randomBody(body)) &&
      !underHost(reading.host, own)
    ) {
      return `${prefix}...`;
    }
  }
  if (!reading.query.includes("=")) return undefined;
  const asset = ASSET_PATH.test(reading.path);
  for (const pair of reading.query.slice(1).split("&").slice(0, 32)) {
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const name = pair.slice(0, at);
    const value = decodedUrl(pair.slice(at + 1));
    if (!highEntropy(value) || PLACEHOLDER.test(value)) continue;
    if (SECRET_PARAMETER.test(name) || (asset && KEY_PARAMETER.test(name))) return `${name}=...`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// False sign-in pages

/** Sign-in words as a host's label or hyphenated part (`login.acme-hr.example`, `accounts-corp-example.com`). */
const SIGN_IN_HOST =
  /(?:^|[.-])(?:log-?in|sign-?in|sso|auth|accounts?|secure|verify|verification|session|id|idp|mfa|oauth|sts|adfs)(?:[.-]|$)/i;
/** Sign-in words as a whole path segment or its first word (`/login`, `/oauth2/authorize`, `/ServiceLogin`,
 * `/login.htm`, `/signin-oidc`): a word inside a docs page's slug (`keeping-your-account-secure`) is not one. */
const SIGN_IN_SEGMENT =
  /\/(?:log-?in|sign-?in|sso|auth|authorize|authenticate|oauth2?|saml2?|idp|accounts?|session|verify|servicelogin|addsession|signinchooser|adfs|wsfed|logon|mfa|2fa|otp|password|passwordreset|reset-password)(?:[._-]\w+)?(?=\/|$)/i;
/** Rewriting proxies that spell the proxied host with hyphens (`docs-github-com.translate.goog`). */
const PROXIES = new Set(["translate.goog"]);

/** Brands whose sign-in pages are imitated (phishing kits' targets). */
const BRANDS = [
  "microsoft",
  "microsoftonline",
  "office365",
  "outlook",
  "google",
  "gmail",
  "apple",
  "icloud",
  "paypal",
  "amazon",
  "slack",
  "github",
  "gitlab",
  "zoom",
  "okta",
  "docusign",
  "dropbox",
  "netflix",
  "discord",
  "whatsapp",
  "telegram",
  "facebook",
  "instagram",
  "linkedin",
  "coinbase",
  "binance",
  "metamask",
  "stripe",
  "adobe",
  "chase",
  "wellsfargo",
  "bankofamerica",
  "salesforce",
  "atlassian",
  "onelogin",
  "auth0",
  "azure",
  "sharepoint",
  "onedrive",
  "yahoo",
];
const BRAND_SET = new Set(BRANDS);
/** Return and redirect parameters of sign-in pages (OAuth's `redirect_uri` is read only without a `client_id`). */
const RETURN_PARAMETER =
  /^(?:return|return_?to|returnto|return_?ur[il]|returnur[il]|redirect|redirect_?to|redirect_?ur[il]|redirectur[il]|next|continue|cont|goto|dest|destination|target|callback|cb|fromuri|relaystate|service|to|url|wreply|post_logout_redirect_uri)$/i;
/** Other domains of a brand's own (a Google sign-in returning to YouTube, a Microsoft one to live.com). */
const BRAND_FAMILY = new Set([
  "youtube",
  "googleusercontent",
  "gstatic",
  "blogger",
  "googleapis",
  "withgoogle",
  "live",
  "office",
  "office365",
  "microsoft365",
  "msn",
  "bing",
  "skype",
  "xbox",
  "windows",
  "microsoftonline",
  "me",
  "mac",
]);
const SECOND_LEVEL = /^(?:co|com|gov|ac|org|net|edu)$/;
/** Digits and letter pairs written for letters in lookalike names. */
const LEET: ReadonlyArray<[RegExp, string]> = [
  [/0/g, "o"],
  [/1/g, "l"],
  [/3/g, "e"],
  [/4/g, "a"],
  [/5/g, "s"],
  [
    /7/g,
    "t",
  ],
  [/rn/g, "m"],
  [/vv/g, "w"],
];
const EMAIL_DOMAIN = /@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;
const URL_HOST = /https?:\/\/([a-z0-9.-]+)/gi;

/** The registered domain: the last two labels, or three after a second-level label and a country code. */
function registered(host: string): string {
  const labels = host.split(".");
  const take = labels.length >= 3 && SECOND_LEVEL.test(labels[labels.length - 2]) &&
      /^[a-z]{2}$/.test(labels[labels.length - 1])
    ? 3
    : 2;
  return labels.slice(-take).join(".");
}

function unleet(text: string): string {
  let plain = text;
  for (const [from, to] of LEET) plain = plain.replace(from, to);
  return plain;
}

/** The brand a host's name imitates, when its registered domain is not the brand's own. */
function imitatedBrand(host: string): string | undefined {
  const own = registered(host).split(".")[0];
  if (BRAND_SET.has(own)) return undefined;
  const labels = host.split(".").slice(0, -1);
  for (const label of labels) {
    const parts = label.split("-");
    const plain = unleet(label).split("-");
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      // A brand as a whole label under another domain is often the brand's product hosted by a company
      // (`github.acme.com` is GitHub Enterprise); a hyphenated part is not.
      if (BRAND_SET.has(part) && parts.length > 1) return part;
      if (plain[i] !== part && BRAND_SET.has(plain[i])) return plain[i];
      if (part.length >= 6 && !BRAND_SET.has(part)) {
        const near = BRANDS.find((brand) => brand.length >= 6 && editDistance(part, brand, 1) <= 1);
        if (near) return near;
      }
    }
  }
  return undefined;
}

/** Domains named in the address's query (an email's domain, a nested address's host). */
function namedDomains(query: string): string[] {
  const text = decodedUrl(query).toLowerCase();
  const domains: string[] = [];
  for (const match of text.matchAll(EMAIL_DOMAIN)) domains.push(match[1]);
  for (const match of text.matchAll(URL_HOST)) domains.push(match[1]);
  return domains.slice(0, 8);
}

/** A named domain that the host spells with hyphens without being it (`corp.example` in `accounts-corp-example.com`). */
function hyphenatedDomain(host: string, domains: readonly string[]): string | undefined {
  for (const domain of domains) {
    if (host === domain || host.endsWith(`.${domain}`) || !domain.includes(".")) continue;
    const spelled = domain.replace(/\./g, "-");
    const name = registered(domain).split(".")[0];
    const own = registered(host);
    if (host.includes(spelled)) return domain;
    // The organisation's name as one hyphenated part of another registered name (`contoso-sso.net` for
    // `contoso.com`); the same name under another top-level domain (`tailspin.example`, `tailspin.io`) is the same
    // organisation's.
    const parts = own.split(".")[0].split("-");
    if (name.length >= 4 && parts.length > 1 && parts.includes(name)) {
      return domain;
    }
  }
  return undefined;
}

/** The other domain a sign-in page's return parameter hands the session to. */
function returnElsewhere(reading: HostReading, environment: ShieldEnvironment): string | undefined {
  const query = reading.query.slice(1);
  if (/(?:^|&)client_id=/i.test(query)) return undefined;
  const own = registered(reading.host);
  // A brand's own sign-in page (Google's `AddSession`, Microsoft's `authorize`, Okta's SAML) hands the session on
  // too: its return may go to the brand's other domains, not to someone else's (round 82).
  const brand = BRAND_SET.has(own.split(".")[0]);
  for (const pair of query.split("&").slice(0, 32)) {
    const at = pair.indexOf("=");
    if (at <= 0 || !RETURN_PARAMETER.test(pair.slice(0, at))) continue;
    let value = decodedUrl(pair.slice(at + 1)).trim();
    if (value.startsWith("//")) value = `https:${value}`;
    if (!/^https?:\/\//i.test(value)) continue;
    const target = readHost(value, environment);
    if (!target || target.loopback || target.allowed) continue;
    const theirs = registered(target.host);
    const name = theirs.split(".")[0];
    if (theirs === own || name === own.split(".")[0]) continue;
    if (brand && (BRAND_SET.has(name) || BRAND_FAMILY.has(name))) continue;
    return target.host;
  }
  return undefined;
}

function falseSignIn(reading: HostReading, environment: ShieldEnvironment): string | undefined {
  const host = reading.host;
  if (!SIGN_IN_HOST.test(host) && !SIGN_IN_SEGMENT.test(reading.path)) return undefined;
  if (PROXIES.has(registered(host))) return undefined;
  if (/(?:^|\.)xn--/.test(host) || /[^ -~]/.test(host)) {
    return `"${host}" is a homoglyph (punycode) host`;
  }
  const brand = imitatedBrand(host);
  if (brand) return `"${host}" imitates ${brand}'s sign-in`;
  const domain = hyphenatedDomain(host, namedDomains(reading.query));
  if (domain) return `"${host}" spells "${domain}" inside another domain`;
  const elsewhere = returnElsewhere(reading, environment);
  if (elsewhere) return `the sign-in page "${host}" returns to "${elsewhere}", another domain`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------

/** Both readings over the action's addresses (file writes and message sends are judged by their own checks). */
export function judgeLinkLures(
  tool: string,
  urls: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  let secretFound = false;
  let lureFound = false;
  for (const url of urls.slice(0, MAX_URLS)) {
    if (url.length > MAX_URL) continue;
    const reading = readHost(url, environment);
    if (!reading || reading.allowed || reading.loopback) continue;
    if (!secretFound && SECRET_HINT.test(url)) {
      const secret = carriedSecret(reading);
      if (secret) {
        findings.escalate(
          "network",
          `"${tool}" opens an address that carries a secret (${secret}) to "${reading.host}"`,
        );
        secretFound = true;
      }
    }
    if (!lureFound && !reading.bareIp) {
      const lure = falseSignIn(reading, environment);
      if (lure) {
        findings.escalate("network", `"${tool}" opens a false sign-in page: ${lure}`);
        lureFound = true;
      }
    }
    if (secretFound && lureFound) return;
  }
}
