/** Cloud data locked away by its own encryption controls (round 57): a bucket copied onto itself under a customer key
 * only the caller holds (`aws s3 cp s3://b s3://b --recursive --sse-c ...`, `s3api copy-object` with the same bucket
 * and `--sse-customer-key`), the deletion of the key that protects the data (`aws kms schedule-key-deletion`,
 * `gcloud kms keys versions destroy`, `az keyvault key delete`), and a storage account's encryption moved to a key
 * in another vault (`az storage account encryption-scope update --key-uri`, `az storage account update
 * --encryption-key-vault`). Downloads with the team's SSE-C key, uploads under SSE-KMS and reads of key settings
 * pass. Sources: Halcyon, "Abusing AWS native services: ransomware encrypting S3 buckets with SSE-C" (2025); AWS KMS
 * ScheduleKeyDeletion; Google Cloud KMS destroy; Azure storage encryption scopes; MITRE ATT&CK T1486. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const bucketOf = (url: string) => /^s3:\/\/([^/]+)/.exec(url)?.[1];

function valueOf(argv: readonly string[], name: string): string | undefined {
  const at = argv.findIndex((word) => word === name || word.startsWith(`${name}=`));
  if (at < 0) return undefined;
  return argv[at].includes("=") ? argv[at].slice(name.length + 1) : argv[at + 1];
}

/** Days of 7 or fewer after which a lifecycle rule over the whole bucket (no prefix, an empty filter) expires
 * every object: the deletion that follows the re-encryption in the Codefinger attack. */
const QUICK_EXPIRY_DAYS = 7;

function expiresAll(configuration: string | undefined): string | undefined {
  if (!configuration?.trimStart().startsWith("{")) return undefined;
  try {
    const rules = (JSON.parse(configuration) as { Rules?: unknown }).Rules;
    for (const rule of Array.isArray(rules) ? rules.slice(0, 16) : []) {
      const { Expiration, Filter, Prefix, Status } = rule as Record<
        string,
        Record<string, unknown> | undefined
      >;
      const days = Number(Expiration?.Days);
      const prefix = (Filter?.Prefix ?? Prefix ?? "") as unknown;
      const whole = prefix === "" && !Filter?.Tag && !Filter?.And;
      if (String(Status) !== "Disabled" && whole && days >= 0 && days <= QUICK_EXPIRY_DAYS) {
        return `expires every object of the bucket within ${days} days`;
      }
    }
  } catch {
    // Not JSON: a file the command reads.
  }
  return undefined;
}

function lockout(segment: Segment): string | undefined {
  const argv = segment.argv;
  const verb = `${argv[1] ?? ""} ${argv[2] ?? ""}`;
  if (segment.program === "aws") {
    if ((verb === "s3 cp" || verb === "s3 sync") && argv.some((word) => /^--sse-c(?:=|$)/.test(word))) {
      const buckets = argv.slice(3).filter((word) => word.startsWith("s3://")).map(bucketOf);
      if (buckets.length >= 2 && buckets[0] === buckets[1]) {
        return `re-encrypts bucket "${buckets[0]}" in place with a customer key only the caller holds`;
      }
    }
    if (verb === "s3api copy-object" && argv.some((word) => word.startsWith("--sse-customer-key"))) {
      const source = (valueOf(argv, "--copy-source") ?? "").replace(/^\//, "").split("/")[0];
      if (source && source === valueOf(argv, "--bucket")) {
        return `re-encrypts objects of bucket "${source}" in place with a customer key only the caller holds`;
      }
    }
    if (verb === "kms schedule-key-deletion") return "schedules the deletion of a KMS key";
    if (verb === "s3api put-bucket-lifecycle-configuration") {
      return expiresAll(valueOf(argv, "--lifecycle-configuration"));
    }
  }
  if (
    segment.program === "gsutil" && argv.includes("rewrite") &&
    argv.some((word) => /encryption_key=/.test(word))
  ) {
    return "rewrites objects under a customer-supplied key only the caller holds";
  }
  if (
    segment.program === "gcloud" && argv[1] === "storage" &&
    argv.some((word) => word.startsWith("--encryption-key"))
  ) {
    if (argv[2] === "objects" && argv[3] === "update") {
      return "rewrites objects under a customer-supplied key only the caller holds";
    }
  }
  if (segment.program === "gcloud" && argv[1] === "kms" && argv.includes("destroy")) {
    return "destroys a Cloud KMS key version";
  }
  if (segment.program === "az") {
    if (argv[1] === "keyvault" && argv[2] === "key" && (argv[3] === "delete" || argv[3] === "purge")) {
      return "deletes a Key Vault key";
    }
    if (argv[1] === "storage" && argv[2] === "account") {
      const keyUri = valueOf(argv, "--key-uri") ?? valueOf(argv, "--encryption-key-vault");
      if (keyUri) return `moves a storage account's encryption to the key at "${keyUri.slice(0, 80)}"`;
    }
  }
  return undefined;
}

export function judgeKeyLockouts(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 32)) {
    if (!/^(?:aws|gcloud|gsutil|az)$/.test(segment.program)) continue;
    const found = lockout(segment);
    if (found) {
      findings.escalate("delete", `"${segment.program}" ${found}`);
      return;
    }
  }
}

/** boto3 copying objects onto themselves under an SSE-C key (`copy_object(..., SSECustomerKey=...)`). */
const CODE_REENCRYPTION = /copy_object\s*\([^)]{0,400}SSECustomerKey|SSECustomerKey[^)]{0,400}CopySource/;

export function judgeKeyLockoutCode(code: readonly string[], findings: Findings): void {
  for (const text of code.slice(0, 8)) {
    if (!text.includes("SSECustomerKey")) continue;
    if (CODE_REENCRYPTION.test(text)) {
      findings.escalate("delete", "code copies objects under a customer key only the caller holds (SSE-C)");
      return;
    }
  }
}
