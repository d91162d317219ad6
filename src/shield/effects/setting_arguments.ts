/** Open-world arguments that undo what keeps data and services alive, whatever the tool is called: deletion
 * protection, backups, retention, versioning or recovery switched off (`DeletionProtection: false`,
 * `BackupRetentionPeriod: 0`), a lifecycle rule that expires everything within days, a service scaled to zero,
 * and invite links that never expire and admit anyone (`max_age: 0, max_uses: 0`). */

import type { Findings } from "./findings.ts";

/** Keys of settings that protect data or a service from deletion. */
const PROTECTION_KEY =
  /^(?:deletion_?protection(?:_?enabled)?|termination_?protection|disable_?api_?termination|delete_?protection|backup_?retention(?:_?period|_?days)?|retention(?:_?days|_?period|_?in_?days)?|point_?in_?time_?recovery(?:_?enabled)?|pitr(?:_?enabled)?|versioning(?:_?status|_?enabled)?|mfa_?delete|prevent_?destroy|object_?lock(?:_?enabled)?|soft_?delete(?:_?enabled|_?retention_?days)?|purge_?protection(?:_?enabled)?|backups?_?enabled|enable_?backups?|automated_?backups?|snapshot_?retention(?:_?limit)?|protected)$/i;
/** `disable_api_termination: true` turns protection off; the other keys turn it off with these values. */
const INVERTED_KEY = /^disable_?api_?termination$/i;
const OFF = /^(?:false|0|off|disabled?|suspended|none|no)$/i;
const SCALE_KEY =
  /^(?:replicas|replica_?count|desired_?count|desired_?capacity|desired_?size|min_?size|max_?size|instance_?count|node_?count|capacity|scale|instances)$/i;
const INVITE_WORDS = /^(?:invite|invites|invitation|link|links)$/;
const LIFETIME_KEY =
  /^(?:max_?age|max_?uses|expires?(?:_?in|_?at|_?after)?|expiry|expiration|ttl|valid_?for)$/i;

interface Seen {
  protections: string[];
  expiryDays: number | undefined;
  emptyFilter: boolean;
  zeroScale: string[];
  endless: string[];
}

function isOff(key: string, value: unknown): boolean {
  if (INVERTED_KEY.test(key)) return value === true || value === "true";
  if (typeof value === "boolean") return value === false;
  if (typeof value === "number") return value === 0;
  return typeof value === "string" && OFF.test(value.trim());
}

function visit(key: string, value: unknown, depth: number, seen: Seen, budget: { left: number }): void {
  if (depth > 5 || --budget.left < 0) return;
  if (PROTECTION_KEY.test(key) && isOff(key, value)) seen.protections.push(key);
  if (SCALE_KEY.test(key) && (value === 0 || value === "0")) seen.zeroScale.push(key);
  if (LIFETIME_KEY.test(key) && (value === 0 || value === "0" || value === null || value === "never")) {
    seen.endless.push(key);
  }
  if (
    /^(?:prefix|filter)$/i.test(key) &&
    (value === "" || (value && typeof value === "object" && Object.keys(value).length === 0))
  ) {
    seen.emptyFilter = true;
  }
  if (/^expiration$/i.test(key) && value && typeof value === "object") {
    const days = Number((value as Record<string, unknown>).Days ?? (value as Record<string, unknown>).days);
    if (Number.isFinite(days)) seen.expiryDays = Math.min(seen.expiryDays ?? days, days);
  }
  if (
    /^(?:expiration_?days|expire_?after_?days|delete_?after_?days)$/i.test(key) && typeof value === "number"
  ) {
    seen.expiryDays = Math.min(seen.expiryDays ?? value, value);
  }
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 16)) visit(key, item, depth + 1, seen, budget);
  } else if (value && typeof value === "object") {
    for (const [inner, item] of Object.entries(value).slice(0, 32)) {
      visit(inner, item, depth + 1, seen, budget);
    }
  }
}

export function judgeSettingArguments(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const seen: Seen = {
    protections: [],
    expiryDays: undefined,
    emptyFilter: false,
    zeroScale: [],
    endless: [],
  };
  const budget = { left: 256 };
  for (const [key, value] of Object.entries(payload).slice(0, 64)) visit(key, value, 0, seen, budget);
  if (seen.protections.length > 0) {
    findings.escalate("security", `"${tool}" switches off a protection of data ("${seen.protections[0]}")`);
  }
  const noFilter = seen.emptyFilter || !JSON.stringify(payload).match(/"(?:prefix|filter)"/i);
  if (seen.expiryDays !== undefined && seen.expiryDays <= 7 && noFilter) {
    findings.escalate("delete", `"${tool}" expires everything stored within ${seen.expiryDays} days`);
  }
  if (seen.zeroScale.length > 0) findings.escalate("delete", `"${tool}" scales a service to zero`);
  if (seen.endless.length > 0 && words.some((word) => INVITE_WORDS.test(word))) {
    findings.escalate("access", `"${tool}" creates an invite link that never expires ("${seen.endless[0]}")`);
  }
}
