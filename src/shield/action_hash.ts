/** Stable identity of an action: SHA-256 hex of the canonical JSON (sorted keys, no spaces) of
 * {type, payload} (and annotations, when given). Used for the verdict cache and to bind Tier 3 approvals to the exact call. */

import { createHash } from "node:crypto";
import type { Action } from "./types.ts";

/** JSON with object keys sorted at every level; undefined members dropped as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) {
    return `[${value.map((item) => item === undefined ? "null" : canonicalJson(item)).join(",")}]`;
  }
  const entries = Object.keys(value).sort()
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(",")}}`;
}

export function actionHash(action: Pick<Action, "type" | "payload" | "annotations">): string {
  // Annotations change the judgement, so they are part of the identity when present.
  const text = canonicalJson(
    action.annotations === undefined
      ? { type: action.type, payload: action.payload ?? {} }
      : { type: action.type, payload: action.payload ?? {}, annotations: action.annotations },
  );
  return createHash("sha256").update(text).digest("hex");
}
