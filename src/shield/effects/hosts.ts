/** Reads where a URL goes: host and port, whether it is this machine (every spelling of loopback: `127.1`,
 * `0x7f000001`, `2130706433`, `[::1]`, `[::ffff:127.0.0.1]`, `0.0.0.0`), the engine's own API, a host the user
 * allows, a bare IP, or a lookalike of an allowed host. */

import type { ShieldEnvironment } from "../environment.ts";
import { globToRegExp } from "../glob.ts";

export interface HostReading {
  url: string;
  host: string;
  port: number | undefined;
  scheme: string;
  path: string;
  query: string;
  loopback: boolean;
  /** The engine's own API or WebSocket (loopback on an engine port). */
  engine: boolean;
  allowed: boolean;
  bareIp: boolean;
  /** Looks like an allowed host without being one (`registry.npmjs.com.co`, `githab.com`). */
  lookalike: string | undefined;
  /** A paste site, tunnel, URL shortener, request catcher, dynamic-DNS or IP-in-name host: where attackers
   * stage payloads and collect data, rarely where ordinary downloads come from. */
  suspicious: boolean;
}

const SUSPICIOUS_HOSTS =
  /(?:^|\.)(?:pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.\w+|rentry\.co|termbin\.com|ix\.io|0x0\.st|transfer\.sh|bashupload\.com|file\.io|temp\.sh|catbox\.moe|ngrok(?:-free)?\.(?:app|io|dev)|trycloudflare\.com|serveo\.net|loca\.lt|localtunnel\.me|webhook\.site|requestbin\.\w+|pipedream\.net|interact\.sh|oast\.\w+|burpcollaborator\.net|duckdns\.org|ddns\.net|no-ip\.\w+|hopto\.org|nip\.io|sslip\.io|bit\.ly|tinyurl\.com|git\.io|t\.co|is\.gd|cutt\.ly|rb\.gy|shorturl\.at|cdn\.discordapp\.com|discord\.com\/api\/webhooks|\.onion)$/;

/** A paste site, tunnel, shortener, request catcher or dynamic-DNS name (`HostReading.suspicious`). */
export const suspiciousHost = (host: string): boolean => SUSPICIOUS_HOSTS.test(host);

const URL_PARTS =
  /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#\s]*@)?(\[[^\]]*\]|[^:/?#\s]*)(?::(\d+))?([^?#\s]*)(\?[^#\s]*)?/i;

/** An IPv4 written in any form inet_aton accepts (`127.1`, `0x7f.1`, `2130706433`, `0177.0.0.1`), as 32 bits. */
function ipv4Value(host: string): number | undefined {
  const parts = host.split(".");
  if (parts.length === 0 || parts.length > 4) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    if (!/^(?:0x[0-9a-f]+|0[0-7]*|[1-9][0-9]*)$/i.test(part)) return undefined;
    values.push(
      /^0x/i.test(part) ? parseInt(part, 16) : /^0[0-7]+$/.test(part) ? parseInt(part, 8) : Number(part),
    );
  }
  const last = values.pop()!;
  let value = 0;
  values.forEach((part, index) => value += part * 2 ** (24 - 8 * index));
  return value + last;
}

/** Public names that resolve to loopback: `localtest.me`, `lvh.me`, `vcap.me` and their subdomains, and the
 * wildcard-DNS services spelling a loopback address in the name (`127.0.0.1.nip.io`, `127-0-0-1.sslip.io`). */
const LOOPBACK_NAMES =
  /(?:^|\.)(?:localtest\.me|lvh\.me|vcap\.me|lacolhost\.com|localho\.st|readme\.localhost)$|(?:^|[.-])127[.-]\d{1,3}[.-]\d{1,3}[.-]\d{1,3}\.(?:nip\.io|sslip\.io|xip\.io|traefik\.me|localtest\.me)$/;

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase().replace(/\.$/, "");
  if (bare.length > 6 && LOOPBACK_NAMES.test(bare)) return true;
  if (bare === "localhost" || bare.endsWith(".localhost") || bare === "::1" || bare === "0:0:0:0:0:0:0:1") {
    return true;
  }
  if (bare === "::" || bare === "0.0.0.0" || bare === "0") return true;
  const hexMapped = /^(?:::|(?:0{1,4}:){5}|(?:0{1,4}:){1,4}:)ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(
    bare,
  );
  if (hexMapped) return Math.floor(parseInt(hexMapped[1], 16) / 256) === 127;
  const mapped = /^::ffff:(.+)$/.exec(bare);
  const value = ipv4Value(mapped ? mapped[1] : bare);
  return value !== undefined && (Math.floor(value / 2 ** 24) === 127 || value === 0);
}

function editDistanceAtMost(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      best = Math.min(best, current[j]);
    }
    if (best > limit) return false;
    previous = current;
  }
  return previous[b.length] <= limit;
}

const compiled = new Map<string, RegExp[]>();

function allowedPatterns(environment: ShieldEnvironment): RegExp[] {
  const key = environment.allowedDomains.join("\n");
  let patterns = compiled.get(key);
  if (!patterns) {
    patterns = environment.allowedDomains.map((glob) => globToRegExp(glob.toLowerCase()));
    if (compiled.size < 16) compiled.set(key, patterns);
  }
  return patterns;
}

/** A name without its top-level labels (`registry.npmjs.com.co` -> `registry.npmjs`). */
function withoutSuffix(host: string): string {
  return host.replace(/(?:\.[a-z]{2,3})+$/, "");
}

/** An allowed name the host imitates: one or two edits away, the same name under another top-level domain, or
 * an allowed name followed by more labels. */
function lookalikeOf(host: string, environment: ShieldEnvironment): string | undefined {
  const base = withoutSuffix(host);
  for (const allowed of environment.allowedDomains) {
    if (allowed.includes("*") || allowed.length < 6 || /^[\d.[\]:]+$/.test(allowed)) continue;
    if (host.startsWith(allowed + ".")) return allowed;
    if (base.includes(".") && base === withoutSuffix(allowed)) return allowed;
    if (host !== allowed && editDistanceAtMost(host, allowed, allowed.length >= 10 ? 2 : 1)) return allowed;
  }
  return undefined;
}

/** Readings by URL per environment (bounded): the same hosts come back in action after action. */
const readings = new WeakMap<ShieldEnvironment, Map<string, HostReading | undefined>>();
const MAX_READINGS = 2048;

export function readHost(url: string, environment: ShieldEnvironment): HostReading | undefined {
  let known = readings.get(environment);
  if (!known) readings.set(environment, known = new Map());
  if (known.has(url)) return known.get(url);
  const reading = url.length > 2048 ? undefined : readUrl(url, environment);
  if (known.size >= MAX_READINGS) known.clear();
  known.set(url, reading);
  return reading;
}

function readUrl(url: string, environment: ShieldEnvironment): HostReading | undefined {
  const match = URL_PARTS.exec(url.startsWith("www.") ? `https://${url}` : url);
  if (!match) return undefined;
  const scheme = match[1].toLowerCase();
  const host = match[2].toLowerCase().replace(/\.$/, "");
  if (scheme === "file" || host === "") return undefined;
  const port = match[3] ? Number(match[3]) : undefined;
  const loopback = isLoopback(host);
  const bareIp = !loopback && (/^\[/.test(host) || ipv4Value(host) !== undefined);
  const allowed = (!loopback || !environment.enginePorts.includes(port ?? -1)) &&
    allowedPatterns(environment).some((pattern) => pattern.test(host));
  return {
    url,
    host,
    port,
    scheme,
    path: match[4] ?? "",
    query: match[5] ?? "",
    loopback,
    engine: loopback && port !== undefined && environment.enginePorts.includes(port),
    allowed,
    bareIp,
    lookalike: allowed || loopback || bareIp ? undefined : lookalikeOf(host, environment),
    suspicious: !allowed && SUSPICIOUS_HOSTS.test(host),
  };
}
