/** Addresses that are themselves the payload: a link to an outside host left open for data to be appended
 * (`https://x.example/log?q=`, `.../{conversation}`: the memory or message tells the next reader what to fill in),
 * an outside address whose path or query already holds records (a "search" for `https://api.x/ACME,CEO,ARR 48M`),
 * and any address, local ones included, that hands a command to the service behind it (`?command=touch&args=...`,
 * the MCP Inspector drive-by). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { type HostReading, readHost } from "./hosts.ts";
import { matchesOf } from "../match_all.ts";

const LINKS = /\bhttps?:\/\/[^\s"'`<>)\]|]+/gi;
/** An address quoted whole in JSON or code, spaces and all. */
const QUOTED = /"(https?:\/\/[^"\n]{1,2000})"/gi;
/** A whole field that is one address with spaces left in it (written by hand, not encoded). */
const SPACED_ADDRESS = /^https?:\/\/[^\s"'`<>]+\/[^\n"'`<>]{1,2000}$/i;
const EMPTY_PARAMETER = /[?&][\w.-]{1,32}=$/;
/** A query value left as a placeholder written in words, which the link's first space would cut (`?u={the user's
 * API keys}`, `?s=[paste the customer emails]`; round 29): the address up to its `=` is left open for data. */
const WORDED_PLACEHOLDER = /(https?:\/\/[^\s"'`<>)\]|{[]+=)[{[][^}\]\n]{0,80}?\s[^}\]\n]{0,80}[}\]]/gi;
/** Template fields of many languages, filled in by whoever renders the text: `{{x}}`, `{x}`, Salesforce `{!x}`,
 * `${x}`, ERB `<%= x %>`, Ruby `#{x}`, `<x>`, `[X]`, `$X`. */
const PLACEHOLDER =
  /\{\{?\s*!?\s*[\w.-]{1,40}\s*\}?\}|%7B%7B?[\w.-]{1,40}%7D|<[a-z_]{2,40}>|<%=?\s*[\w.]{1,40}\s*%>|#\{[\w.]{1,40}\}|\[[A-Z_]{3,40}\]|\$\{?[A-Z_]{3,40}\}?|\$\{[a-z_][\w.]{1,40}\}/;
const COMMAND_PARAMETER = /[?&](?:command|cmd|exec|shell|run|script)=[^&#\s]+/i;
const MAX_CHARS = 64 * 1024;
const MAX_ADDRESSES = 32;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return part;
  }
}

/** Records in an address: three or more comma-separated fields, or several words with figures. */
function holdsRecords(url: string): boolean {
  const rest = decoded(url.replace(/^https?:\/\/[^/?#]+/i, ""));
  return (rest.match(/,/g)?.length ?? 0) >= 2 && /[A-Za-z]{2,}\s*,\s*[A-Za-z0-9]/.test(rest) ||
    (rest.match(/ /g)?.length ?? 0) >= 3 && /\d/.test(rest);
}

function addresses(texts: readonly string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    if (text.length > MAX_CHARS || !text.includes("://")) continue;
    if (SPACED_ADDRESS.test(text.trim())) found.push(text.trim());
    if (text.includes('"http')) {
      for (const match of matchesOf(QUOTED, text)) if (/\s/.test(match[1])) found.push(match[1]);
    }
    if (text.includes("={") || text.includes("=[")) {
      for (const match of matchesOf(WORDED_PLACEHOLDER, text)) found.push(match[1]);
    }
    for (const match of matchesOf(LINKS, text)) {
      found.push(match[0].replace(/[.,;:!]+$/, ""));
      if (found.length >= MAX_ADDRESSES) return found;
    }
  }
  return found;
}

/** Outside addresses left open for data, or holding records, in text that leaves or is handed on. */
export function judgeUrlTemplates(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const url of addresses(texts)) {
    const host = readHost(url, environment);
    if (!host || host.allowed || host.loopback) continue;
    if (
      EMPTY_PARAMETER.test(url) || PLACEHOLDER.test(url.slice(url.indexOf("/", 8) + 1))
    ) {
      findings.escalate("network", `"${tool}" hands on an address on "${host.host}" left open for data`);
      return;
    }
    if (holdsRecords(url)) {
      findings.escalate("network", `"${tool}" sends records to "${host.host}" in the address`);
      return;
    }
  }
}

const SENSITIVE_WORD =
  /\b(?:api[ _-]?key|key|password|passwd|pwd|token|secret|ssn|dob|born|birth(?:day|date)?|salary|iban|card|cvv|pin|otp|session|cookie|phone)\b/i;
const VALUE_TOKEN = /(?=[^\s]*\d)[^\s]{6,}|[\w.+-]+@[\w-]+\.[\w.]+/;

/** Requests to outside hosts whose query names a secret or personal detail and carries its value. */
export function judgeQueryData(tool: string, hosts: readonly HostReading[], findings: Findings): void {
  for (const host of hosts) {
    if (host.allowed || host.loopback || host.query.length < 8) continue;
    const values = host.query.split("&").map((pair) => decoded(pair.slice(pair.indexOf("=") + 1)));
    if (values.some((value) => SENSITIVE_WORD.test(value) && VALUE_TOKEN.test(value))) {
      findings.escalate(
        "network",
        `"${tool}" sends personal or secret details to "${host.host}" in the address`,
      );
      return;
    }
  }
}

/** Addresses that hand a command line to the service they reach, on any host. */
export function judgeUrlCommands(tool: string, urls: readonly string[], findings: Findings): void {
  for (const url of urls.slice(0, MAX_ADDRESSES)) {
    if (COMMAND_PARAMETER.test(url)) {
      findings.escalate("exec", `"${tool}" hands a command to the service at "${url.slice(0, 60)}"`);
      return;
    }
  }
}
