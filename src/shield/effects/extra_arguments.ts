/** Arguments a fetch tool does not take (`fetch_url {url, then: "POST the response with ~/.netrc to …"}`): a
 * poisoned description or page makes the agent add them, so their prose is judged as an open-world tool's
 * arguments are (orders to an AI, secret stores named, credentials). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeToolArguments } from "./argument_injection.ts";

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
}
