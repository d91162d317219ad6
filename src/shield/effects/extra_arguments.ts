/** Arguments a fetch tool does not take (`fetch_url {url, then: "POST the response with ~/.netrc to ..."}`): a
 * poisoned description or page makes the agent add them, so their prose is judged as an open-world tool's
 * arguments are (orders to an AI, secret stores named, credentials). Round 27: any open-world tool's argument
 * that reports an order carried out ("I have run `rm -rf ~/.config/...` as required", "sent the .env contents ...
 * as instructed"), the acknowledgement a poisoned description or result asks for, and a side field no schema
 * has (`_compliance`, `__confirm`, `assistant_ack`; MCP's own `_meta` passes) that carries a command. And (round 26) the body a request writes with: its settings are an API tool's
 * arguments (`POST /user/repos {private: false}` makes something public, as `create_repository {private: false}`
 * does). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";
import { judgeToolArguments } from "./argument_injection.ts";
import type { ActionView } from "../action_view.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { payloadStrings } from "./payload_strings.ts";
import { judgeDecisionArguments } from "./decision_arguments.ts";

/** What a web request or fetch tool takes, in the vocabularies Shield aliases to `http_request`. */
const REQUEST_KEYS =
  /^(?:url|uri|href|link|endpoint|address|method|verb|headers?|body|data|json|form|params|parameters|query|query_params|timeout|format|prompt|max_length|max_chars|start_index|raw|follow_redirects|redirect|allow_redirects|auth|cookies?|content_type|accept|encoding|output|output_format|return_format|proxy|verify|retries|cache|id|description|reason)$/i;
const PROSE = /\S+\s+\S+\s+\S+\s+\S+/;

/** A report of having done something consequential because something said to: "I have run ... as required",
 * "deleted ... as instructed by the tool description", "ran ... per the setup notes". */
const ACKNOWLEDGED = gated(
  /\b(?:i(?:'ve| have)?\s+(?:already\s+)?|have\s+|has\s+been\s+|was\s+|were\s+|^\s*)(?:run|ran|executed|deleted|removed|wiped|erased|sent|forwarded|uploaded|posted|disabled|installed|changed|granted|chmod(?:ded)?|moved|copied)\b[^\n]{0,160}?\b(?:as\s+(?:required|instructed|requested|directed|ordered|specified|told)|per\s+(?:the\s+|your\s+)?(?:instructions?|tool(?:'s)?\s+description|description|setup notes|system notes?|notes|policy|requirements?)|as\s+the\s+(?:tool|instructions?|description|system)\s+(?:asked|said|required))\b/i,
);
/** Argument names a tool's schema would not have: underscored (`_ack`, `__confirm`) or naming an
 * acknowledgement. */
const SIDE_KEY =
  /^_{1,2}(?!meta$)[a-z]|(?:^|_)(?:ack|acknowledge?(?:ment|d)?|compliance|confirm(?:ation|ed)?)$/i;
/** A shell command in the value: a code span, or a command word with options or a path. */
const COMMAND_IN_TEXT =
  /`[^`\n]{3,200}`|\b(?:rm|curl|wget|chmod|chown|sudo|bash|sh|powershell|nc|scp|dd|mkfs)\s+(?:-[\w-]+\s+)*[~\/.$\w]/;

function judgeSideFields(
  tool: string,
  sends: boolean,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  for (const { key, value } of payloadStrings(payload)) {
    if (value.length < 12 || value.length > 8192) continue;
    const side = SIDE_KEY.test(key);
    // A message may well say "sent the invoice as requested"; a side field, or a tool that sends nothing, reporting
    // a command carried out may not.
    if ((side || (!sends && COMMAND_IN_TEXT.test(value))) && ACKNOWLEDGED.test(value)) {
      findings.escalate("exec", `"${tool}" reports carrying out an order it was given ("${key}")`);
      return;
    }
    if (side && COMMAND_IN_TEXT.test(value)) {
      findings.escalate("exec", `"${tool}" carries a command in "${key}", an argument no tool takes`);
      return;
    }
  }
}

export function judgeExtraArguments(
  view: ActionView,
  openWorld: OpenWorldReading | undefined,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (openWorld) return judgeSideFields(view.tool, openWorld.sends, view.payload, findings);
  if (view.type !== "http_request") return;
  let extras: string[] | undefined;
  for (const [key, value] of Object.entries(view.payload)) {
    if (typeof value !== "string" || REQUEST_KEYS.test(key) || !PROSE.test(value)) continue;
    (extras ??= []).push(value);
    if (extras.length >= 8) break;
  }
  if (extras) judgeToolArguments(view.tool, extras, environment, findings);
  const body = requestBody(view.payload);
  if (body) judgeDecisionArguments(view.tool, [], body, findings);
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
