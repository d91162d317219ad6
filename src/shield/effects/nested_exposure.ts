/** Visibility flags inside nested settings objects (round 36): `public_access: {enabled: true}` on a Notion page,
 * `settings.public_access.enabled` on a Confluence space, `publishing: {published: true, discoverable: true}` on a
 * Coda doc, `{anonymous_view: true}`. Round 17's exposure check reads top-level keys (`allow_blob_public_access`);
 * here each leaf is read with its parent's key (`public_access` + `enabled`), so the same words say the same thing
 * at any depth. Turning public access off (`{enabled: false}`) and block-public settings turned on pass.
 * Sources: Notion "Share to web" (search engine indexing); Atlassian Confluence anonymous access; Coda publishing;
 * AgentDAM (data exposure by agents). */

import type { Findings } from "./findings.ts";
import { exposing } from "./exposure_settings.ts";
import { identifierWords } from "./words.ts";

const PUBLISH_PARENTS = new Set(["publishing", "publish", "sharing", "share", "visibility", "web", "link"]);
const PUBLISH_KEYS = new Set(["published", "discoverable", "public", "anonymous", "indexed", "listed"]);
const ANONYMOUS = new Set(["anonymous", "anon", "unauthenticated"]);
const READ_WORDS = new Set(["view", "read", "access", "browse", "download"]);
const MAX_VISITS = 96;

function opens(parent: string, key: string, value: unknown): string | undefined {
  const composed = exposing(`${parent}_${key}`, value);
  if (composed) return composed;
  if (value !== true && value !== "true") return undefined;
  const keyWords = identifierWords(key);
  const parentWords = identifierWords(parent);
  if (
    parentWords.some((word) => PUBLISH_PARENTS.has(word)) && keyWords.some((word) => PUBLISH_KEYS.has(word))
  ) {
    return "publishes it";
  }
  const words = [...parentWords, ...keyWords];
  if (words.some((word) => ANONYMOUS.has(word)) && words.some((word) => READ_WORDS.has(word))) {
    return "lets anonymous readers in";
  }
  return undefined;
}

export function judgeNestedExposure(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  let visits = 0;
  let found: string | undefined;
  const visit = (parent: string, value: Record<string, unknown>, depth: number) => {
    for (const [key, inner] of Object.entries(value).slice(0, 32)) {
      if (found || visits++ > MAX_VISITS) return;
      if (inner && typeof inner === "object" && !Array.isArray(inner)) {
        if (depth < 4) visit(key, inner as Record<string, unknown>, depth + 1);
      } else if (
        typeof inner === "boolean" || (typeof inner === "string" && inner.length <= 32)
      ) {
        const effect = opens(parent, key, inner);
        if (effect) found = `${effect} ("${parent.slice(0, 30)}.${key.slice(0, 30)}")`;
      }
    }
  };
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      visit(key, value as Record<string, unknown>, 1);
    }
  }
  if (found) findings.escalate("access", `"${tool}" ${found}`);
}
