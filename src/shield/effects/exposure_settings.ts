/** Exposure settings by argument name (round 17): cloud and service calls that open a resource to everyone or weaken
 * its transport -- `allow_blob_public_access: true`, `public_network_access: Enabled`, a public-access block lifted
 * (`BlockPublicAcls: false`, `public_access_prevention: inherited`), the minimum TLS lowered to 1.0/1.1, HTTPS-only
 * switched off. The widening checks knew `public: true`; these name the same effect in each provider's words.
 * Sources: Azure CLI `az storage account update` (`--allow-blob-public-access`, `--min-tls-version`,
 * `--public-network-access`); AWS S3 PutPublicAccessBlock; GCP `publicAccessPrevention`; CIS benchmarks. */

import type { Findings } from "./findings.ts";
import { identifierWords } from "./words.ts";

const OPEN_VALUE =
  /^(?:true|enabled?|on|yes|public|allow|all|everyone|anonymous|inherited|unspecified|0\.0\.0\.0\/0)$/i;
const CLOSED_VALUE = /^(?:false|disabled?|off|no|none)$/i;
const OLD_TLS = /^(?:tls_?v?1(?:[._]?[01])?|1(?:\.[01])?|ssl_?v?[23]|tlsv1(?:[._][01])?)$/i;
/** Words that name a guard against exposure: turning it off opens. */
const GUARD_WORDS = new Set(["block", "blocks", "prevention", "restrict", "restricts", "deny", "private"]);
const PUBLIC_OBJECTS = new Set([
  "access",
  "network",
  "blob",
  "blobs",
  "read",
  "acl",
  "acls",
  "bucket",
  "buckets",
  "endpoint",
  "ip",
  "listing",
  "link",
  "sharing",
]);

export function exposing(key: string, value: unknown): string | undefined {
  const words = identifierWords(key);
  if (words.length > 7) return undefined;
  const text = typeof value === "string" ? value.trim() : String(value);
  if (words.includes("public") && words.some((word) => PUBLIC_OBJECTS.has(word))) {
    const guard = words.some((word) => GUARD_WORDS.has(word));
    if (
      guard ? CLOSED_VALUE.test(text) || /^(?:inherited|unspecified)$/i.test(text) : OPEN_VALUE.test(text)
    ) {
      return "opens it to the public";
    }
  }
  const tls = words.includes("tls") || words.includes("ssl");
  if (tls && words.some((word) => /^min(?:imum|imal)?$/.test(word)) && OLD_TLS.test(text)) {
    return "lowers its minimum TLS version";
  }
  if (words.includes("https") && words.includes("only") && CLOSED_VALUE.test(text)) {
    return "allows plain HTTP";
  }
  return undefined;
}

export function judgeExposureSettings(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  for (const [key, value] of Object.entries(payload).slice(0, 64)) {
    if (typeof value !== "string" && typeof value !== "boolean" && typeof value !== "number") continue;
    const effect = exposing(key, value);
    if (effect) {
      findings.escalate("access", `"${tool}" ${effect} ("${key.slice(0, 60)}")`);
      return;
    }
  }
}
