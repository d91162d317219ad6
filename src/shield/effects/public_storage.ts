/** Storage made public by a vendor's own setting (round 54): Backblaze B2's `bucketType: "allPublic"`, a canned ACL
 * (`public-read`, `public-read-write`, `authenticated-read`; GCS `publicRead`), Azure's container `publicAccess` of
 * `container` or `blob`, GCS members `allUsers`/`allAuthenticatedUsers`, a Cloudflare R2 bucket's public access or
 * `r2.dev` address switched on. Every file in it is then one guessable address from anyone: MITRE ATT&CK T1530 and
 * the breach reports of open buckets. Private settings (`allPrivate`, `private`, `off`) pass; a bucket tool's other
 * arguments are left to the older checks. Sources: Backblaze B2 `b2_update_bucket`; Amazon S3 canned ACLs; Azure
 * Blob anonymous read access; Google Cloud Storage IAM; Cloudflare R2 public buckets. */

import type { Findings } from "./findings.ts";
import { identifierWords } from "./words.ts";

/** Keys whose value is a vendor's public setting, and the values that open the storage. */
const SETTING_KEY =
  /^(?:buckettype|bucket_type|acl|cannedacl|canned_acl|x-amz-acl|predefinedacl|predefined_acl|predefineddefaultobjectacl|object_acl|objectacl|default_acl|publicaccess|public_access|public_access_level|blobpublicaccess|container_access|access_level|access_type)$/i;
const PUBLIC_VALUE =
  /^(?:allpublic|public-read|public-read-write|authenticated-read|publicread|publicreadwrite|allauthenticatedusers|allusers|container|blob|public)$/i;
/** Members that mean anyone (GCS, and the same words in other vendors' bindings), and S3's grantee group URI. */
const ANYONE = /^(?:allUsers|allAuthenticatedUsers)$/;
const ANYONE_KEY = /^(?:entity|member|principal|grantee|uri)$/i;
const ANYONE_VALUE =
  /^(?:allUsers|allAuthenticatedUsers)$|\/groups\/global\/(?:AllUsers|AuthenticatedUsers)$/;
/** A tool that switches a bucket's public address on (R2's `r2.dev` domain, a "public access" toggle). */
const STORAGE_WORDS = new Set(["bucket", "buckets", "container", "blob", "storage", "r2", "b2", "s3", "gcs"]);
const ENABLED = /^(?:true|enabled?|on|yes)$/i;

function setting(payload: Record<string, unknown>, depth: number): string | undefined {
  for (const [key, value] of Object.entries(payload).slice(0, 48)) {
    if (typeof value === "string" && SETTING_KEY.test(key) && PUBLIC_VALUE.test(value.trim())) {
      return `${key}: ${value.trim()}`;
    }
    if (typeof value === "string" && ANYONE_KEY.test(key) && ANYONE_VALUE.test(value.trim())) {
      return `${key}: ${value.trim()}`;
    }
    if (Array.isArray(value)) {
      const anyone = value.slice(0, 32).find((item) => typeof item === "string" && ANYONE.test(item));
      if (anyone !== undefined) return `${key}: ${anyone}`;
      for (const item of value.slice(0, 16)) {
        if (depth < 3 && item && typeof item === "object") {
          const found = setting(item as Record<string, unknown>, depth + 1);
          if (found) return found;
        }
      }
    } else if (depth < 3 && value && typeof value === "object") {
      const found = setting(value as Record<string, unknown>, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** An R2-style toggle: a storage tool named for public access or its dev address, given an enabling value. */
function publicToggle(tool: string, payload: Record<string, unknown>): string | undefined {
  const words = identifierWords(tool);
  if (!words.some((word) => STORAGE_WORDS.has(word))) return undefined;
  if (!words.includes("public") && !(words.includes("dev") && words.includes("url"))) return undefined;
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (/^(?:enabled?|public|allow|value|state|status)$/i.test(key) && ENABLED.test(String(value))) {
      return `${key}: ${String(value)}`;
    }
  }
  return undefined;
}

export function judgePublicStorage(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  const found = setting(payload, 0) ?? publicToggle(tool, payload);
  if (found !== undefined) {
    findings.escalate("access", `"${tool}" makes storage public ("${found.slice(0, 60)}")`);
  }
}
