/** Addresses in text that leaves (messages, comments, pages) that carry data out by themselves: an image the
 * reader's client loads on its own (Markdown `![...](url)`, `<img src>`, CSS `url()`) from a host that is not
 * allowed, with data in its address, leaks that data the moment the text is shown (EchoLeak, markdown-image
 * exfiltration); any link whose address holds sensitive details leaks them when followed. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { sensitiveFindings } from "./sensitive_data.ts";
import { holdsTokenStub } from "./token_stubs.ts";
import { addressPayload } from "./address_payloads.ts";
import { matchesOf } from "../match_all.ts";

const IMAGES = [
  /!\[[^\]\n]{0,200}\]\(\s*<?(https?:\/\/[^\s)>]+)/g,
  /<img\b[^>]{0,300}?\bsrc\s*=\s*["']?(https?:\/\/[^"'\s>]+)/gi,
  /\burl\(\s*["']?(https?:\/\/[^"')\s]+)/gi,
];
const LINKS =
  /\bhttps?:\/\/[^\s"'`<>)\]|]+|(?<![\w./@-])www\.[a-z0-9-]+(?:\.[a-z0-9-]+)+\/[^\s"'`<>)\]|]*\?[^\s"'`<>)\]|]+/gi;
const MAX_CHARS = 64 * 1024;
const MAX_ADDRESSES = 32;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return part;
  }
}

/** The data an address carries: its query values and long path parts, decoded. */
function carried(url: string): string[] {
  const values: string[] = [];
  const [beforeQuery, query = ""] = url.split(/[?#]/, 2);
  for (const pair of query.split("&")) {
    const value = pair.slice(pair.indexOf("=") + 1);
    if (value !== "") values.push(decoded(value));
  }
  for (const part of beforeQuery.split("/").slice(3)) {
    if (part.length >= 32) values.push(decoded(part));
  }
  return values;
}

/** Whether a query value reads as prose (`?q=general+channel+summary`): three words or more, the shape of a summary
 * or a message carried out, not of an id, a flag or a search for one term (round 21, AgentDojo's Slack suite). */
export function prose(values: readonly string[]): boolean {
  return values.some(proseValue);
}
function proseValue(value: string): boolean {
  if (value.length < 12 || value.length >= 2048) return false;
  const words = value.trim().split(/\s+/);
  // Query languages (`project = WEB AND status = Open`, `is:open is:pr`) are searches, not carried text.
  if (words.length >= 3) return words.every((word) => PROSE_WORD.test(word));
  // Words joined into one slug (`alice_bob_charlie_dm_history`): five or more read as a phrase, fewer as an id
  // or a field name (`created_at_desc`, `pull_request_review`).
  return words.length === 1 && SLUG.test(value);
}
const PROSE_WORD = /^[\p{L}\p{N}'\u2019.,!?&-]+$/u;
const SLUG = /^\p{L}+(?:[_-]\p{L}+){4,}$/u;
/** Search and reference sites: a query there is a search the reader runs, not data delivered to the link's owner. */
export const SEARCH_HOSTS =
  /(?:^|\.)(?:google\.[a-z.]+|bing\.com|duckduckgo\.com|youtube\.com|wikipedia\.org|stackoverflow\.com|github\.com)$/i;

/** Words of open-tracking services in an image's host or path (`cal-pixel.tracker-svc.co`, `t.sendtrack-beacon.io/open`). */
const TRACKER_WORDS = /pixel|track|beacon|analytic|telemetry|(?:^|[./-])open(?:[./-]|$)/i;
/** An `<img>` tag drawn at one pixel or none (`width="1" height="1"`, `style="display:none"`). */
const INVISIBLE_TAG = /\b(?:width|height)\s*=\s*["']?[01]["'\s>\/]|display\s*:\s*none/i;

/** Round 27: a tracking image (a pixel or a tracker's host) whose address names something (`?u=ceo`): it tells
 * the tracker who opened the invite or mail, and when, however short the value. */
function tracking(url: string, tag: string): boolean {
  const [beforeQuery, query] = url.split("?", 2);
  if (!query || carried(url).length === 0) return false;
  return TRACKER_WORDS.test(beforeQuery.slice(beforeQuery.indexOf("//") + 2)) || INVISIBLE_TAG.test(tag);
}

/** Whether the carried values look like data rather than a size or a style: long, an address, the head of a token
 * (round 60: `?k=sk_live_51H8xKj4...`), or sensitive. */
function dataLike(values: readonly string[]): boolean {
  return values.some((value) => value.length >= 20 || value.includes("@") || holdsTokenStub(value)) ||
    sensitiveFindings(values.join("\n")).length > 0;
}

export function judgeDataLinks(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const joined = texts.join("\n");
  if (joined.length > MAX_CHARS || !(joined.includes("://") || /www\./i.test(joined))) return;
  const outside = (url: string) => {
    const host = readHost(url, environment);
    return host !== undefined && !host.allowed && !host.loopback ? host.host : undefined;
  };
  const images = new Set<string>();
  for (const pattern of IMAGES) {
    for (const match of matchesOf(pattern, joined)) {
      if (images.size >= MAX_ADDRESSES) break;
      images.add(match[1]);
      const host = outside(match[1]);
      const tag = match[0].startsWith("<")
        ? joined.slice(match.index, match.index + 400).split(">", 1)[0]
        : "";
      // Round 69: or session values, OAuth grants, records or e-mail lists in the address, however short.
      if (
        host &&
        (dataLike(carried(match[1])) || tracking(match[1], tag) ||
          addressPayload(match[1], host) !== undefined)
      ) {
        findings.escalate(
          "network",
          `"${tool}" shows an image from "${host}" whose address carries data out`,
        );
        return;
      }
    }
  }
  let links = 0;
  for (const match of matchesOf(LINKS, joined)) {
    if (++links > MAX_ADDRESSES) break;
    const url = match[0].startsWith("www.") || match[0].startsWith("WWW.") ? `https://${match[0]}` : match[0];
    const host = outside(url);
    if (!host) continue;
    if (!SEARCH_HOSTS.test(host) && prose(carried(url))) {
      findings.escalate("network", `"${tool}" links to "${host}" with text carried in the address`);
      return;
    }
    const payload = addressPayload(url, host);
    if (payload !== undefined) {
      findings.escalate("network", `"${tool}" links to "${host}" with ${payload} in the address`);
      return;
    }
    const sensitive = sensitiveFindings(carried(url).join("\n"));
    if (sensitive.length > 0) {
      findings.escalate(
        "network",
        `"${tool}" links to "${host}" with ${sensitive[0].evidence} in the address`,
      );
      return;
    }
  }
}
