/** Stable identity of an action: SHA-256 hex of the canonical JSON (sorted keys, no spaces) of
 * {type, payload} (and annotations, when given). Used for the verdict cache and to bind Tier 3 approvals to the
 * exact call. */

import { canonicalJson } from "../lib/canonical_json.ts";
import { sha256Hex } from "../lib/sha256.ts";
import type { Action } from "./types.ts";

export function actionHash(action: Pick<Action, "type" | "payload" | "annotations">): string {
  // Annotations change the judgement, so they are part of the identity when present.
  const text = canonicalJson(
    action.annotations === undefined
      ? { type: action.type, payload: action.payload ?? {} }
      : { type: action.type, payload: action.payload ?? {}, annotations: action.annotations },
  );
  return sha256Hex(text);
}
