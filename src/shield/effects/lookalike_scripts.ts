/** Scripts a page loads from a host dressed as a script CDN (round 38, beside round 5's hosts known to serve
 * malware): a `<script src>`, Next.js `<Script src>` or URL import whose host carries a well-known CDN's or tag
 * service's name without being it (`cdn.jsdelivr-stats.net`, `unpkg-cdn.com`, `googletagmanager.co`) or a name one
 * letter off (`cdn.jsdeliver.net`, `cdnjs.cloudfare.com`) -- what a poisoned rules file makes an agent add to every
 * page, and what Magecart skimmers hide behind. The real CDNs and tag hosts, and scripts from any other host, pass.
 * Sources: Pillar Security, Rules File Backdoor (2025); Sansec on the Polyfill.io takeover (2024) and on skimmers
 * behind fake Google Tag Manager domains; RiskIQ Magecart reports. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { ScriptSources, WELL_KNOWN_CDNS } from "./script_hosts.ts";

/** Script hosts sites load from, besides the CDNs of round 5. */
const SCRIPT_SERVICES =
  /(?:^|\.)(?:googletagmanager\.com|google-analytics\.com|gstatic\.com|google\.com|googleapis\.com|js\.stripe\.com|connect\.facebook\.net|cdn\.segment\.com|cloudflareinsights\.com|challenges\.cloudflare\.com|cloudflare\.com|cdn\.shopify\.com|jquery\.com|bootstrapcdn\.com|jsdelivr\.net|unpkg\.com|skypack\.dev|jspm\.io|esm\.sh)$/i;
/** Names of the CDNs and script services, as they appear in a host's labels. */
const SERVICE_NAMES = [
  "jsdelivr",
  "unpkg",
  "cdnjs",
  "cloudflare",
  "jquery",
  "googleapis",
  "googletagmanager",
  "google-analytics",
  "bootstrapcdn",
  "skypack",
  "jspm",
];

/** One letter added, dropped, changed, or two neighbours swapped (`jqeury`). */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    return a.slice(i + 1) === b.slice(i + 1) ||
      (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The service a host dresses as, if it does. */
function dressedAs(host: string): string | undefined {
  if (WELL_KNOWN_CDNS.test(host) || SCRIPT_SERVICES.test(host)) return undefined;
  const labels = host.toLowerCase().split(".");
  const words = labels.flatMap((label) => [label, ...label.split("-")]);
  return SERVICE_NAMES.find((name) =>
    words.some((word) => word === name || (name.length >= 6 && oneEditApart(word, name))) ||
    labels.some((label) => label.includes(name) && label !== name)
  );
}

export function judgeLookalikeScripts(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
  sources = new ScriptSources(),
): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length > 256 * 1024 || !(/<script/i.test(text) || text.includes("import"))) continue;
    for (const url of sources.of(text)) {
      const host = readHost(url, environment);
      const service = host && !host.loopback ? dressedAs(host.host) : undefined;
      if (service === undefined) continue;
      findings.escalate(
        "install",
        `"${tool}" makes the page load a script from "${host!.host}", dressed as "${service}"`,
      );
      return;
    }
  }
}
