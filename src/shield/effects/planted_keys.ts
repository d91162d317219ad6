/** An SSH public key handed to an agent or a tool together with an order to add it (deploy keys, authorized
 * keys, a user's keys): whoever holds the private half gets in. The user adding their own key names a file
 * (`gh ssh-key add ~/.ssh/id_ed25519.pub`), not key text handed on. */

import type { Findings } from "./findings.ts";

const PUBLIC_KEY =
  /\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d{3}|sk-ssh-ed25519@openssh\.com) AAAA[0-9A-Za-z+/]{40,}/;
const ADD_ORDER =
  /\b(?:add|adds|adding|append|install|plant|register|upload|put|grant|insert)\b[\s\S]{0,160}\b(?:deploy[ _-]?keys?|authorized[_ ]keys|ssh[ _-]?keys?|keys? list|as a key|public key)\b|\bdeploy[ _-]?keys?\b[\s\S]{0,80}\bwrite\b/i;

export function judgePlantedKeys(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 16)) {
    if (
      text.length > 64 * 1024 || !text.includes("AAAA") || !PUBLIC_KEY.test(text) || !ADD_ORDER.test(text)
    ) continue;
    findings.escalate("access", `"${tool}" hands on an SSH key to be added where it opens access`);
    return;
  }
}
