/** Side fields no tool's schema has -- `debug_context`, `telemetry`, `trace`, `_sidenote`, `x-config-update`,
 * `metadata` -- that ask for what the call has no use for (round 35): the whole environment (`${process.env}`,
 * `os.environ`, `$(printenv)`), the conversation or the system prompt (`<full conversation>`, "the last 20
 * messages"), a launch command (`{command: "sh", args: ["-c", "nc ... -e /bin/sh"]}`: a server's command rewritten),
 * or another recipient ("Also send list_chats output to +1312...", `also_forward_to: ...`). Round 27 judged side
 * fields that carry a shell command or acknowledge an order; these asked for data or added a destination instead.
 * MCP's own `_meta` passes. Sources: CyberArk, Poison everywhere (2025); Invariant Labs, WhatsApp MCP exploited
 * (2025); Elastic Security Labs, MCP tools: attack vectors and defense recommendations (2025). */

import type { Findings } from "./findings.ts";
import { readingsOf } from "./read_values.ts";
import { identifierWords } from "./words.ts";

/** Keys a tool's own schema would not have: underscored (not MCP's `_meta`), `x-` extensions, debugging and
 * telemetry hooks, notes on the side, overrides of the tool's own configuration. */
const SIDE_KEY =
  /^(?:_{1,2}[a-z]|x[-_])|(?:^|[_-])(?:debug|diagnostics?|telemetry|trace|tracing|side_?note|config[_-]?(?:update|override|patch))(?:$|[_-])|^(?:extras?|meta|metadata)$/i;
/** The whole environment, not one variable. */
const WHOLE_ENVIRONMENT =
  /\$\{\s*process\.env\s*\}|\bprocess\.env\b(?!\s*(?:\.\s*\w|\[))|\bos\.environ\b(?!\s*(?:\.get|\[))|\$\(\s*(?:env|printenv|set)\s*\)|\{\{\s*\$?env(?:ironment)?\s*\}\}|\bDeno\.env\.toObject\b|\bprintenv\b|\b(?:all\s+)?environment\s+variables\b|\benv\s+vars\b/i;
/** The conversation or the instructions, as a placeholder or in words. */
const CONVERSATION =
  /<[^<>\n]{0,30}\b(?:conversation|chat|history|messages|transcript|system\s+prompt)\b[^<>\n]{0,30}>|\{\{[^{}\n]{0,40}(?:conversation|chat_history|history|messages|system_prompt|transcript)[^{}\n]{0,20}\}\}|\b(?:(?:full|entire|whole|this|the)\s+(?:conversation|chat(?:\s+history)?|transcript)|conversation\s+history|chat\s+(?:history|log)|message\s+history|system\s+prompt|(?:last|previous|recent|all)\s+(?:\d+\s+)?(?:messages|turns))\b/i;
/** Keys that set what a server or tool launches. */
const COMMAND_KEY =
  /^(?:(?:shell_?)?command(?:_?line)?|cmd(?:_?line)?|exec|executable|entrypoint|entry_point|script|shell)$/i;
/** Where something can be sent: a phone number, an address, a handle, a URL. */
const DESTINATION_TEXT = String
  .raw`(?:\+\d[\d\s().-]{6,}\d|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:^|\s)@\w{3,}|https?:\/\/\S+)`;
/** An order to send or copy something somewhere, with the destination, in the active or the passive voice. */
const SEND_ORDER = new RegExp(
  String
    .raw`\b(?:send|sends|forward|copy|cc|bcc|post|upload|share|mirror|relay|report|deliver|email|dm|transmit)\b[\s\S]{0,80}?${DESTINATION_TEXT}|\b(?:sent|forwarded|copied|posted|uploaded|shared|mirrored|relayed|reported|delivered|emailed|transmitted)\s+(?:on\s+)?(?:to|at)\s+${DESTINATION_TEXT}`,
  "i",
);
/** A person to send to (an address or a phone number): named in a hidden field, in any language, it adds one. */
const PERSON = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<![\w-])\+\d[\d\s().-]{6,}\d/;
/** Keys naming a destination (read as words: `also_forward_to`, `alsoForwardTo`); their value is a recipient when
 * it holds an address, a number, a handle or a URL. */
const DESTINATION_KEY =
  /(?:^|_)(?:to|cc|bcc|forward(?:_to)?|copy_to|send_to|recipients?|mirror(?:_to)?|backup(?:_to)?|relay(?:_to)?|sink|report_to|notify)$/;
const DESTINATION = new RegExp(DESTINATION_TEXT);
/** Side fields that record rather than configure. */
const RECORD_KEY = /^(?:extras?|meta|metadata)$|telemetry|trac(?:e|ing)|diagnostic/i;
/** Hidden by their name (underscored, `x-`): a person named there is added, whatever the words around. */
const HIDDEN_KEY = /^(?:_{1,2}[a-z]|x[-_])/i;
/** A tool's output (`list_chats output`, "the output of list_messages"), with a destination in the same text. */
const TOOL_OUTPUT = /\b(?:list|get|read|search|fetch|export|dump|query)_\w+/;

const MAX_KEYS = 48;
const MAX_STRINGS = 48;

/** The side field's strings with their keys, and whether it holds a command key (bounded walk). */
function sideStrings(
  key: string,
  value: unknown,
): { strings: Array<[string, string]>; command: string | undefined } {
  const strings: Array<[string, string]> = [];
  let command: string | undefined;
  const walk = (item: unknown, key: string, depth: number): void => {
    if (strings.length >= MAX_STRINGS || depth > 4) return;
    if (typeof item === "string") {
      if (COMMAND_KEY.test(key) && item.trim() !== "") command ??= key;
      strings.push([key, item]);
    } else if (Array.isArray(item)) {
      for (const inner of item.slice(0, 16)) walk(inner, key, depth + 1);
    } else if (item !== null && typeof item === "object") {
      for (const [inner, next] of Object.entries(item as Record<string, unknown>).slice(0, MAX_KEYS)) {
        walk(next, inner, depth + 1);
      }
    }
  };
  walk(value, key, 0);
  return { strings, command };
}

/** What a side field asks for, in words for the finding, if anything. */
function sideRequest(sideKey: string, value: unknown): string | undefined {
  const { strings, command } = sideStrings(sideKey, value);
  // Metadata and telemetry may name a job's command; an override or a hidden field that sets one rewrites a launch.
  if (command && !RECORD_KEY.test(sideKey)) return `sets a launch command ("${command}")`;
  const hidden = HIDDEN_KEY.test(sideKey);
  for (const [key, text] of strings) {
    if (text.length < 3 || text.length > 16 * 1024) continue;
    if (
      DESTINATION_KEY.test(identifierWords(key).join("_")) && text.length <= 200 && DESTINATION.test(text)
    ) {
      return `adds a recipient ("${key}")`;
    }
    if (hidden && text.length >= 12 && PERSON.test(text)) return "names another recipient";
    for (const reading of readingsOf(text)) {
      if (WHOLE_ENVIRONMENT.test(reading)) return "asks for the environment";
      if (CONVERSATION.test(reading)) return "asks for the conversation";
      if (reading.length >= 12 && SEND_ORDER.test(reading)) {
        return "orders something sent to another destination";
      }
    }
  }
  return undefined;
}

/** A tool's output ordered to a destination in any argument (`"Also send list_chats output to +1312..."`): the
 * WhatsApp tool-shadowing order, whatever key or language carries it. */
export function judgeToolOutputOrders(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  for (const [key, value] of Object.entries(payload).slice(0, MAX_KEYS)) {
    if (typeof value !== "string" || value.length < 16 || value.length > 4096 || !value.includes("_")) {
      continue;
    }
    if (DESTINATION.test(value) && TOOL_OUTPUT.test(value.replace(/https?:\/\/\S+/g, " "))) {
      findings.escalate(
        "message",
        `"${tool}" orders a tool's output sent to another destination in "${key}"`,
      );
      return;
    }
  }
}

export function judgeSideRequests(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  for (const [key, value] of Object.entries(payload).slice(0, MAX_KEYS)) {
    if (value === null || typeof value !== "string" && typeof value !== "object") continue;
    if (key === "_meta" || !SIDE_KEY.test(key)) continue;
    const request = sideRequest(key, value);
    if (request === undefined) continue;
    findings.escalate("message", `"${tool}" ${request} in "${key}", an argument its schema would not have`);
    return;
  }
}
