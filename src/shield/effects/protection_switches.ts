/** Standing changes carried in a changing tool's arguments rather than its name: a protection switched off
 * (`update_settings {approvals: {mode: "auto"}}`, `{shield: {enabled: false}}`, `{require_mfa: false}`,
 * `{required_pull_request_reviews: null}`) and a network rule opened to the whole internet (`CidrIp: 0.0.0.0/0`).
 * Judged on the key path's words and the value's shape, so any settings tool of any service reads the same. */

import type { Findings } from "./findings.ts";
import { NOUNS } from "./vocabulary.ts";
import { identifierWords } from "./words.ts";

/** Words of a key path that name a guard, beyond the vocabulary's security nouns (notifications excluded:
 * muting one's own notices is ordinary). */
const GUARD_WORDS = new Set([
  "shield",
  "guard",
  "guards",
  "safeguard",
  "safeguards",
  "protect",
  "protected",
  "protections",
  "require",
  "required",
  "requires",
  "enforce",
  "enforced",
  "confirm",
  "confirmation",
  "confirmations",
  "review",
  "reviews",
  "verify",
  "scan",
  "scanning",
  "lockdown",
  "evaluator",
]);
const QUIET_WORDS = new Set(["notification", "notifications", "motion", "camera"]);
/** Values that switch a guard off; `auto`/`never`/`yolo` only where approvals or confirmations are set. */
const OFF_VALUE = /^(?:off|false|disabled?|none|skip|bypass|permissive|allow[_-]?all|0)$/i;
const AUTO_VALUE =
  /^(?:auto|automatic|never|yolo|always[_-]?allow|auto[_-]?approve|trust(?:ed)?|full[_-]?auto)$/i;
const APPROVAL_WORDS =
  /^(?:approval|approvals|approve|confirm|confirmation|confirmations|permission|permissions)$/;
const OPEN_RANGE = /^(?:0\.0\.0\.0\/0|::\/0|\*|any)$/i;
const RANGE_KEYS =
  /^(?:cidr\w*|cidrip|cidr_?ipv6|source_?ranges?|source_?address\w*|ip_?ranges?|ip_?range|source)$/i;
const MAX_VISITS = 96;

function guardWord(word: string): boolean {
  return !QUIET_WORDS.has(word) && (GUARD_WORDS.has(word) || NOUNS.get(word)?.includes("security") === true);
}

export interface ArgumentChanges {
  /** The key path of a guard switched off (`approvals.mode`). */
  guardOff: string | undefined;
  /** The key of a network range opened to everyone. */
  openRange: string | undefined;
}

export function argumentChanges(payload: Record<string, unknown>): ArgumentChanges {
  const changes: ArgumentChanges = { guardOff: undefined, openRange: undefined };
  let visits = 0;
  const visit = (path: string[], value: unknown, depth: number) => {
    if (depth > 4 || visits++ > MAX_VISITS) return;
    const key = path[path.length - 1] ?? "";
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 16)) visit(path, item, depth + 1);
      return;
    }
    if (value && typeof value === "object") {
      for (const [inner, innerValue] of Object.entries(value).slice(0, 24)) {
        visit([...path, inner], innerValue, depth + 1);
      }
      return;
    }
    // Only short values and `false`/`null` can switch anything off: longer texts end here, before any words.
    const text = typeof value === "string" && value.length <= 32 ? value.trim() : undefined;
    if (text === undefined && value !== false && value !== null) return;
    if (text !== undefined && RANGE_KEYS.test(key) && OPEN_RANGE.test(text)) changes.openRange ??= key;
    if (changes.guardOff) return;
    const offText = text !== undefined && OFF_VALUE.test(text);
    const autoText = text !== undefined && AUTO_VALUE.test(text);
    if (text !== undefined && !offText && !autoText) return;
    const words = path.flatMap((part) => identifierWords(part));
    if (!words.some(guardWord)) return;
    const requirement = words.some((word) => /^(?:require|required|requires|enforce|enforced)$/.test(word));
    const off = value === false || offText || (value === null && requirement) ||
      (autoText && words.some((word) => APPROVAL_WORDS.test(word)));
    if (off) changes.guardOff = path.join(".");
  };
  for (const [key, value] of Object.entries(payload).slice(0, 32)) visit([key], value, 0);
  return changes;
}

/** For open-world tools that change something: guards switched off and ranges opened to everyone escalate. */
export function judgeProtectionSwitches(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const { guardOff, openRange } = argumentChanges(payload);
  if (guardOff) findings.escalate("security", `"${tool}" switches off a protection ("${guardOff}")`);
  if (openRange) {
    findings.escalate("access", `"${tool}" opens a network rule to the whole internet ("${openRange}")`);
  }
}
