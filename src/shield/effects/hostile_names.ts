/** Destinations whose own names announce the attack (`reports@attacker-mail.com`, `exfil.pwnd.io`,
 * `malicious-domain.com`, `phishing-site.example`): the addresses attack write-ups and benchmarks send to. A name
 * is split into words; one of them must be such a word (`evilmartians.com` has none). */

import type { Findings } from "./findings.ts";

const HOSTILE_WORD =
  /^(?:attacker|attackers|attack|evil|malicious|malware|exfil|exfiltrate|exfiltration|exfiltrator|pwn|pwnd|pwned|hacker|hackers|hacked|phish|phishing|phisher|stealer|steal|stolen|c2|cnc|botnet|backdoor|keylogger|ransom|ransomware|badactor|badguy|adversary|threatactor)$/;
/** A few words glued to the front of a name (`attackerserver`, `exfildata`, `pwnedhost`). */
const HOSTILE_PREFIX = /^(?:attacker|exfil|pwn|malicious|phish|hacker)[a-z]{2,}$/;

/** Public sites named with an attack word (Hacker News and its Firebase API, HackerOne, HackerRank, HackerNoon,
 * HackerEarth): the word names the site, not an attacker (round 23). */
const SITE_NAMES = /(?:^|[^a-z0-9])hacker-?(?:news|one|rank|noon|earth)(?=[^a-z0-9]|$)/g;

/** Round 75: public security knowledge bases whose own host carries an attack word (MITRE ATT&CK at
 * `attack.mitre.org`, the pwn.college course, malware-traffic-analysis.net, PhishTank, ransomware.live): the pages
 * security teams read and cite. Matched at the end of the name, so a lookalike (`attack-mitre.org`) or a name
 * that only starts with one (`attack.mitre.org.evil-cdn.io`) is still judged. */
const REFERENCE_SITES =
  /(?:^|\.)(?:attack\.mitre\.org|pwn\.college|malware-traffic-analysis\.net|phishtank\.(?:org|com)|ransomware\.live)$/;

function hostileWord(domain: string): string | undefined {
  if (REFERENCE_SITES.test(domain.toLowerCase())) return undefined;
  for (const word of domain.toLowerCase().replace(SITE_NAMES, ".").split(/[^a-z0-9]+/)) {
    if (HOSTILE_WORD.test(word) || HOSTILE_PREFIX.test(word)) return word;
  }
  return undefined;
}

function domainOf(destination: string): string | undefined {
  const at = destination.lastIndexOf("@");
  if (at >= 0) return /^[a-z0-9.-]+\.[a-z]{2,}/i.exec(destination.slice(at + 1))?.[0];
  return /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/\s]*@)?([a-z0-9.-]+\.[a-z]{2,})/i.exec(destination)?.[1];
}

/** Links written without a scheme in a message (`www.phishing-link-77.com`), gated by one cheap test per text. */
function linkedDomains(texts: readonly string[]): string[] {
  const found: string[] = [];
  for (const text of texts.slice(0, 8)) {
    if (text.length > 64 * 1024 || !HOSTILE_HINT.test(text)) continue;
    for (const match of text.matchAll(/\b(?:www\.)?[a-z0-9-]{2,63}(?:\.[a-z0-9-]{1,63})*\.[a-z]{2,12}\b/gi)) {
      if (found.length < 32) found.push(match[0]);
    }
  }
  return found;
}

const HOSTILE_HINT =
  /attack|evil|malic|malware|exfil|pwn|hack|phish|steal|stolen|c2\.|botnet|backdoor|keylog|ransom/i;

/** Escalates the first recipient, host or linked domain whose name is made of an attack word. */
export function judgeHostileNames(
  tool: string,
  recipients: readonly string[],
  hosts: readonly string[],
  texts: readonly string[],
  findings: Findings,
): void {
  for (const destination of [...recipients.slice(0, 64), ...hosts.slice(0, 32), ...linkedDomains(texts)]) {
    const domain = domainOf(destination);
    if (domain === undefined) continue;
    const word = hostileWord(domain);
    if (word === undefined) continue;
    findings.escalate("network", `"${tool}" reaches "${domain}", named for an attack ("${word}")`);
    return;
  }
}
