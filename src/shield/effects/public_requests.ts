/** Round 27: things made public through raw web calls and addresses rather than a tool that says so -- a browser sent
 * to a sharing address that opens a document to anyone as editor (`.../sharing?add=anyone&role=editor`), a request
 * to a forge, drive or paste API whose body creates or turns something public (`POST /user/repos {private: false}`,
 * the drop repositories of the s1ngularity attack; `PATCH {visibility: "public"}`; `POST /gists {public: true}`; a
 * Drive permission `{type: "anyone"}`; `x-amz-acl: public-read`; Pastebin's `api_paste_private=0`). The open-world
 * checks read these words in a tool's own arguments; here they are read in a request body or an address's query.
 * Listing filters (`GET /user/repos?visibility=public`, `?type=public` on a repositories page) pass. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { payloadScalars, payloadStrings } from "./payload_strings.ts";

const PUBLIC_VALUE =
  /^(?:public|public[-_]read(?:[-_]write)?|anyone|anyone_?with_?(?:the_?)?link|everyone|open|all)$/i;
const AUDIENCE_KEY =
  /^(?:visibility|access|privacy|sharing|share|add|audience|link_?access|general_?access|acl|x-amz-acl|type|permission|scope)$/i;
/** Keys whose true makes public, and whose false does ("private": false). */
const PUBLIC_FLAG = /^(?:public|is_?public|make_?public|publicly_?accessible|anyone_?can_?(?:view|edit))$/i;
const PRIVATE_FLAG = /^(?:private|is_?private)$/i;
/** An address that changes sharing: a share or permission page, or an editing role granted. */
const SHARING_ADDRESS =
  /\/(?:share|sharing|permissions?|acl|collaborators)\b|[?&](?:role|permission)=(?:edit|editor|writer|owner|commenter|can_edit)/i;
const WRITE_METHOD = /^(?:post|put|patch)$/i;

function publicSetting(key: string, value: string | number | boolean): boolean {
  if (PUBLIC_FLAG.test(key)) return value === true || value === "true" || value === 1 || value === "1";
  if (PRIVATE_FLAG.test(key) || /^api_paste_private$/i.test(key)) {
    return value === false || value === "false" || value === 0 || value === "0";
  }
  return typeof value === "string" && AUDIENCE_KEY.test(key) && PUBLIC_VALUE.test(value.trim()) &&
    !(/^type$/i.test(key) && /^(?:all|open)$/i.test(value.trim()));
}

/** The key=value pairs of an address's query. */
function queryPairs(url: string): Array<[string, string]> {
  const query = url.split("#", 1)[0].split("?", 2)[1];
  if (!query) return [];
  return query.split("&").slice(0, 32).map((pair) => {
    const equals = pair.indexOf("=");
    return equals < 0 ? [pair, ""] : [pair.slice(0, equals), pair.slice(equals + 1)];
  });
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

/** Keys that address the request rather than carry its body. */
const ADDRESS_KEY = /^(?:url|uri|href|link|endpoint|address|method|verb|timeout)$/i;

/** The request's body parts, under whatever key: objects as they are, JSON text parsed (from its first brace when
 * prose comes before it), form text read as a query. */
function bodyOf(payload: Record<string, unknown>): unknown[] {
  const parts: unknown[] = [];
  for (const { key, value } of payloadStrings(payload)) {
    if (ADDRESS_KEY.test(key) || value.length > 16 * 1024) continue;
    const brace = value.indexOf("{");
    if (brace >= 0) {
      try {
        parts.push(JSON.parse(value.slice(brace)));
        continue;
      } catch {
        // Not JSON from there: read as a form below.
      }
    }
    if (value.includes("=")) parts.push(Object.fromEntries(queryPairs(`?${value.trim()}`)));
  }
  parts.push(payload);
  return parts;
}

export function judgePublicRequests(view: ActionView, findings: Findings): void {
  for (const url of view.urls.slice(0, 16)) {
    if (!url.includes("?") || !SHARING_ADDRESS.test(url)) continue;
    if (queryPairs(url).some(([key, value]) => publicSetting(key, decoded(value)))) {
      findings.escalate("access", `"${view.tool}" opens an address that shares something with anyone`);
      return;
    }
  }
  if (view.type !== "http_request") return;
  const method = payloadScalars(view.payload).find(({ key }) => /^(?:method|verb)$/i.test(key))?.value;
  if (typeof method !== "string" || !WRITE_METHOD.test(method)) return;
  for (const part of bodyOf(view.payload)) {
    for (const { key, value } of payloadScalars(part)) {
      if (!ADDRESS_KEY.test(key) && publicSetting(key, value)) {
        findings.escalate(
          "access",
          `"${view.tool}" sends a request that makes what it names public ("${key}")`,
        );
        return;
      }
    }
  }
}
