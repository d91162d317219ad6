/** Sign-in flows pointed at outsiders (round 88): an OAuth/OIDC client's redirect or callback URIs, logout URLs,
 * allowed web origins or a SAML app's assertion consumer URL set to a host on ANOTHER registrable domain than the
 * app's own (a lookalike `acme-sso.example` beside `app.acme.example`), or to a wildcard host (`*`, `https://*`,
 * `*.vercel.app`): the identity provider then delivers codes, tokens or assertions there. Read in an identity tool's
 * payload (Auth0 `callbacks`, Okta `redirect_uris`, Keycloak `redirectUris`/`webOrigins`, Cognito `CallbackURLs`,
 * Entra `web.redirectUris`, a GitHub OAuth app's `callback_url` beside its `homepage_url`, SAML `acs_url` beside its
 * `entity_id`) and in the CLIs that set them (`az ad app update --web-redirect-uris`, `aws cognito-idp
 * update-user-pool-client --callback-urls`, `kcadm.sh update clients/... -s redirectUris=...`, `auth0 apps update
 * --callbacks`). What passes: `localhost` and loopback callbacks for development, custom app schemes, every URL on
 * one registrable domain (a staging sub-domain), reading a client. ESCALATE.
 * Sources: OAuth 2.0 Security Best Current Practice (RFC 9700) on redirect URI validation; PortSwigger on OAuth
 * redirect_uri abuse; Auth0 Management API clients; Okta Apps API; Keycloak admin CLI; AWS CLI cognito-idp; Azure CLI
 * `az ad app update`; GitHub OAuth apps docs. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

/** Payload keys (spelled without separators, lower case) that hold where a sign-in flow returns. */
const SIGN_IN_KEY =
  /^(?:callbacks?|callbackurls?|callbackuris?|redirecturis?|redirecturls?|redirecturi|webredirecturis|spardirecturis|sparedirecturis|publicclientredirecturis|replyurls?|loginredirecturis?|signinredirecturis?|postlogoutredirecturis?|allowedlogouturls?|logouturls?|logoutredirecturis?|signoutredirecturis?|allowedorigins|weborigins|allowedweborigins|acsurl|assertionconsumerserviceurl|assertionconsumerservice|ssoacsurl|authorizationcallbackurl|oauthcallbackurl)$/;
/** Keys of the app's own address the sign-in URLs are compared with when the payload has one. */
const OWN_KEY =
  /^(?:homepageurl|homepage|appurl|applicationurl|entityid|audience|initiateloginuri|clienturi|url)$/;
/** Identity tools, by their words. */
const IDENTITY_WORD =
  /^(?:auth0|okta|cognito|keycloak|oauth|oidc|openid|saml|sso|idp|client|clients|app|apps|application|applications|entra|aad|identity|login|realm)$/;
const CLI_FLAG =
  /^--(?:web-redirect-uris|public-client-redirect-uris|spa-redirect-uris|reply-urls|callback-urls|logout-urls|callbacks|logout-urls|origins|web-origins|allowed-logout-urls|redirect-uris?)$/;
const SHARED_HOSTING =
  /(?:^|\.)(?:vercel\.app|netlify\.app|herokuapp\.com|github\.io|pages\.dev|workers\.dev|azurewebsites\.net|cloudfront\.net|ngrok\.io|ngrok-free\.app|onrender\.com|fly\.dev|web\.app|firebaseapp\.com|glitch\.me|repl\.co|trycloudflare\.com)$/;
const URL_LIKE = /^(?:https?:\/\/)?[\w*.-]+\.[a-z*]{2,}\.?(?::\d+)?(?:\/|$)|^\*$|^https?:\/\/\*/i;

function hostOf(url: string): string | undefined {
  const match = /^(?:[a-z][\w+.-]*:\/\/)?([^/:?#\s]+)/i.exec(url.trim());
  // A fully qualified name's trailing dot (`login.acme.example.`) names the same host.
  return match?.[1].toLowerCase().replace(/\.+$/, "");
}

/** The registrable domain of a host (`login.acme.co.uk` -> `acme.co.uk`), a wildcard left as it is. */
function siteOf(host: string): string {
  const parts = host.split(".");
  const short = parts.length >= 3 && parts[parts.length - 2].length <= 3 &&
    parts[parts.length - 1].length === 2;
  return parts.slice(-(short ? 3 : 2)).join(".");
}

const LOCAL = /^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0|[\w.-]+\.(?:localhost|local|test))$/;

/** The sign-in URL that sends the flow outside the app's own domain, if any. */
export function outsideSignInUrl(urls: readonly string[], own: readonly string[]): string | undefined {
  const hosts: Array<{ url: string; host: string }> = [];
  for (const url of urls.slice(0, 64)) {
    if (!URL_LIKE.test(url.trim())) continue;
    const host = hostOf(url);
    if (host && !LOCAL.test(host)) hosts.push({ url, host });
  }
  if (hosts.length === 0) return undefined;
  for (const { url, host } of hosts) {
    if (!host.includes("*")) continue;
    const rest = host.replace(/^\*\.?/, "");
    if (rest === "" || !rest.includes(".") || SHARED_HOSTING.test(rest) || rest.includes("*")) return url;
  }
  const sites = new Map<string, string>();
  for (const { url, host } of hosts) {
    if (!sites.has(siteOf(host.replace(/^\*\./, "")))) sites.set(siteOf(host.replace(/^\*\./, "")), url);
  }
  const ownSites = new Set(
    own.map(hostOf).filter((host): host is string => host !== undefined && !LOCAL.test(host)).map(siteOf),
  );
  if (ownSites.size > 0) {
    for (const [site, url] of sites) if (!ownSites.has(site)) return url;
    return undefined;
  }
  // Without the app's own address, the first listed site is taken as its own (the existing entry comes first).
  return sites.size > 1 ? [...sites.values()][1] : undefined;
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return value.split(/[,\s]+/).filter((part) => part !== "");
  if (Array.isArray(value)) return value.flatMap(strings);
  return [];
}

/** Sign-in and own URLs of a payload, read to depth 4. */
function collect(value: unknown, into: { signIn: string[]; own: string[] }, depth = 0): void {
  if (depth > 4 || typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 32)) collect(item, into, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const name = key.replace(/[_\s.-]/g, "").toLowerCase();
    if (SIGN_IN_KEY.test(name)) into.signIn.push(...strings(item));
    else if (OWN_KEY.test(name)) into.own.push(...strings(item));
    else collect(item, into, depth + 1);
  }
}

export function judgeSignInPayload(
  tool: string,
  toolWords: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const found = { signIn: [] as string[], own: [] as string[] };
  collect(payload, found);
  if (found.signIn.length === 0) return;
  const identity = toolWords.some((word) => IDENTITY_WORD.test(word));
  // `callbacks` alone is a word many APIs use (webhooks): a redirect, logout or ACS key says sign-in by itself.
  if (!identity && !Object.keys(payload).some((key) => /redirect|logout|acs|assertion/i.test(key))) return;
  const url = outsideSignInUrl(found.signIn, found.own);
  if (url) {
    findings.escalate(
      "access",
      `"${tool}" sends a sign-in flow's codes or tokens to "${url}", outside the app's domain`,
    );
  }
}

/** Shell commands setting a client's sign-in URLs. */
export function judgeSignInCommands(tool: string, segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    const program = segment.program.toLowerCase();
    const argv = segment.argv;
    const urls: string[] = [];
    if (
      program === "az" || program === "aws" || program === "auth0" || program === "okta" ||
      program === "gcloud"
    ) {
      for (let at = 1; at < argv.length; at++) {
        const [flag, inline] = argv[at].split(/=(.*)/s);
        if (!CLI_FLAG.test(flag)) continue;
        if (inline !== undefined) urls.push(...strings(inline));
        for (let next = at + 1; next < argv.length && !argv[next].startsWith("--"); next++) {
          urls.push(...strings(argv[next]));
        }
      }
    } else if (/^kcadm(?:\.sh)?$/.test(program)) {
      for (const word of argv) {
        const set =
          /^(redirectUris|webOrigins|attributes\.post\.logout\.redirect\.uris|baseUrl|rootUrl)=(.*)$/s.exec(
            word,
          );
        if (set) urls.push(...(set[2].match(/[^\s"'[\],]+/g) ?? []));
      }
    }
    if (escalatedOutside(tool, urls, findings)) return;
  }
}

/** Escalates when one of `urls` lies outside the app's domain (`outsideSignInUrl`); true when it did. */
function escalatedOutside(tool: string, urls: readonly string[], findings: Findings): boolean {
  if (urls.length === 0) return false;
  const url = outsideSignInUrl(urls, []);
  if (!url) return false;
  findings.escalate(
    "access",
    `"${tool}" sends a sign-in flow's codes or tokens to "${url}", outside the app's domain`,
  );
  return true;
}

/** A sign-in list written as text: a management API's JSON body in a `curl` command, a realm or client file. */
const TEXT_LIST =
  /["']?\b(?:callbacks|callback_?urls|callbackURLs|redirect_?uris|redirectUris|redirect_?urls|web_?origins|webOrigins|allowed_?logout_?urls|post_logout_redirect_uris|reply_?urls|replyUrls|acs_?url)["']?\s*[:=]\s*(\[[^\]]{0,4000}\]|["'][^"'\n]{1,2000}["'])/gi;
const TEXT_HINT = /callback|redirect|origins|logout|reply_?urls|acs_?url/i;
/** TEXT_HINT, answered from the literal scan of a long text the rules scanned (speed round 40: the regex ran over
 * every such text whole); any other text by the bare regex. */
const TEXT_GATE = gated(TEXT_HINT);

export function judgeSignInTexts(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length > 64 * 1024 || !TEXT_GATE.testScanned(text)) continue;
    const urls: string[] = [];
    for (const match of text.matchAll(TEXT_LIST)) urls.push(...(match[1].match(/[^\s"'[\],\\]+/g) ?? []));
    if (escalatedOutside(tool, urls, findings)) return;
  }
}
