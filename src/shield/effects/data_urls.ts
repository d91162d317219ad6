/** Pages built from the address itself: a `data:text/html` (or SVG, script) URL or a `javascript:` URL opened by a
 * browser tool runs whatever script it carries, with the browser's cookies and sessions, on no host anyone
 * allowed. Such an address that runs script escalates (HTML smuggling, MITRE ATT&CK T1027.006). */

import type { Findings } from "./findings.ts";

const SCRIPT_URL =
  /^\s*(?:data:(?:text\/html|image\/svg\+xml|text\/javascript|application\/(?:x-)?javascript)|javascript:)/i;
const RUNS_SCRIPT =
  /<script|\bon[a-z]{3,20}\s*=|\bfetch\s*\(|XMLHttpRequest|sendBeacon|\blocation\s*(?:\.href\s*)?=|document\.cookie|localStorage|\beval\s*\(|\bimport\s*\(/i;

function decodedBody(url: string): string {
  const comma = url.indexOf(",");
  if (comma < 0) return url;
  const head = url.slice(0, comma);
  const body = url.slice(comma + 1, comma + 1 + 64 * 1024);
  try {
    return /;base64$/i.test(head) ? atob(body.replace(/\s+/g, "")) : decodeURIComponent(body);
  } catch {
    return body;
  }
}

export function judgeDataUrls(tool: string, urls: readonly string[], findings: Findings): void {
  for (const url of urls.slice(0, 32)) {
    const first = url.charCodeAt(0) | 0x20;
    if ((first !== 0x64 && first !== 0x6a && first !== 0x20) || !SCRIPT_URL.test(url)) continue;
    const javascript = /^\s*javascript:/i.test(url);
    if (javascript || RUNS_SCRIPT.test(decodedBody(url))) {
      findings.escalate("network", `"${tool}" opens a page built from its own address that runs script`);
      return;
    }
  }
}
