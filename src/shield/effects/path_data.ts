/** Data encoded into an address's path (`https://cdn.example/i/QUtJQV....png`): a long base64 or hex segment that
 * decodes to readable text, sent to a host that is not allowed, carries that text out as surely as a query string
 * does (image-URL exfiltration). Identifiers (document ids, hashes) decode to bytes, not text, and pass. */

import type { Findings } from "./findings.ts";
import type { HostReading } from "./hosts.ts";

const ENCODED_SEGMENT = /^(?:[A-Za-z0-9+_-]{24,}={0,2}|(?:[0-9a-fA-F]{2}){16,})$/;
const SECRET_MARK = /AKIA|ASIA|sk-|ghp_|gho_|github_pat|xox[abp]-|passw|secret|token|key|BEGIN|@/i;

function decodedSegment(segment: string): string | undefined {
  try {
    if (/^(?:[0-9a-fA-F]{2})+$/.test(segment)) {
      return String.fromCharCode(...segment.match(/../g)!.map((pair) => parseInt(pair, 16)));
    }
    const standard = segment.replace(/-/g, "+").replace(/_/g, "/");
    return atob(standard + "=".repeat((4 - (standard.length % 4)) % 4));
  } catch {
    return undefined;
  }
}

function readable(text: string): boolean {
  let printable = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0x20 && code < 0x7f) || code === 0x0a) printable++;
  }
  return text.length >= 12 && printable / text.length >= 0.97 && /[a-z]{3}/i.test(text);
}

export function judgePathData(tool: string, hosts: readonly HostReading[], findings: Findings): void {
  for (const host of hosts) {
    if (host.allowed || host.loopback || host.path.length < 25) continue;
    for (const part of host.path.split("/").slice(0, 16)) {
      const segment = part.replace(/\.[a-z0-9]{2,5}$/i, "");
      if (segment.length < 24 || segment.length > 4096 || !ENCODED_SEGMENT.test(segment)) continue;
      const text = decodedSegment(segment);
      if (text === undefined || !readable(text)) continue;
      const level = SECRET_MARK.test(text) ? "block" : "escalate";
      findings.add(level, "network", `"${tool}" sends encoded text to "${host.host}" in the address path`);
      return;
    }
  }
}
