/** Stable identity of an action: SHA-256 hex of the canonical JSON (sorted keys, no spaces) of
 * {type, payload}. Used for the verdict cache and to bind Tier 3 approvals to the exact call. */

import { canonicalJson } from "../lib/canonical_json.ts";
import { sha256Hex } from "../lib/sha256.ts";
import type { Action } from "./types.ts";

export function actionHash(action: Pick<Action, "type" | "payload">): string {
  const text = canonicalJson({ type: action.type, payload: action.payload ?? {} });
  return sha256Hex(text);
}
