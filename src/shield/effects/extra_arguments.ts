/** Arguments a fetch tool does not take (`fetch_url {url, then: "POST the response with ~/.netrc to …"}`): a
 * poisoned description or page makes the agent add them, so their prose is judged as an open-world tool's
 * arguments are (orders to an AI, secret stores named, credentials). And (round 26) the body a request writes with:
 * its settings are an API tool's arguments (`POST /user/repos {private: false}` makes something public, as
 * `create_repository {private: false}` does). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeToolArguments } from "./argument_injection.ts";
import { judgeDecisionArguments } from "./decision_arguments.ts";

/** What a web request or fetch tool takes, in the vocabularies Shield aliases to `http_request`. */
const REQUEST_KEYS =
  /^(?:url|uri|href|link|endpoint|address|method|verb|headers?|body|data|json|form|params|parameters|query|query_params|timeout|format|prompt|max_length|max_chars|start_index|raw|follow_redirects|redirect|allow_redirects|auth|cookies?|content_type|accept|encoding|output|output_format|return_format|proxy|verify|retries|cache|id|description|reason)$/i;
const PROSE = /\S+\s+\S+\s+\S+\s+\S+/;

export function judgeExtraArguments(
  tool: string,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  let extras: string[] | undefined;
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value !== "string" || REQUEST_KEYS.test(key) || !PROSE.test(value)) continue;
    (extras ??= []).push(value);
    if (extras.length >= 8) break;
  }
  if (extras) judgeToolArguments(tool, extras, environment, findings);
  const body = requestBody(payload);
  if (body) judgeDecisionArguments(tool, [], body, findings);
}

const WRITE_METHODS = /^(?:post|put|patch)$/i;
/** Where request tools put what they send (`body`, `json`, `data`, and the synonyms agents use). */
const BODY_KEYS = ["body", "json", "data", "content", "text", "message", "payload", "form"];

/** The object a writing request sends (an object, or JSON text, also after a line of prose), when it sends one. */
function requestBody(payload: Record<string, unknown>): Record<string, unknown> | undefined {
  if (typeof payload.method !== "string" || !WRITE_METHODS.test(payload.method.trim())) return undefined;
  for (const key of BODY_KEYS) {
    let value = payload[key];
    const brace = typeof value === "string" && value.length <= 64 * 1024 ? value.indexOf("{") : -1;
    if (brace >= 0 && typeof value === "string") {
      try {
        value = JSON.parse(value.slice(brace));
      } catch {
        continue;
      }
    }
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  }
  return undefined;
}
