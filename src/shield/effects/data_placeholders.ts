/** Template placeholders that pull private data into what leaves (round 35): `{{all_unread_bodies}}` in a mail to an
 * outside address, `$PREVIOUS_OUTPUT` posted to a partner channel, `<full conversation>`, `{{chat_history}}`,
 * `[paste all messages from #exec here]` -- whatever fills them in (a template step, the receiving tool, the agent
 * told to) sends the inbox, the conversation or the last result on; and follow-up calls chained inside a tool's
 * arguments (`get_file_contents {..., then: {tool: "create_issue", args: {repo: "public-notes", body: "{{content}}"}}}`):
 * no tool takes another call as an argument, so the chain is the injected toxic flow. Mail-merge fields
 * (`{{first_name}}`, `{{order_id}}`) and automation expressions naming a trigger's field pass. Sources: Invariant
 * Labs, GitHub MCP exploited (2025); AgentDojo workspace and slack suites (2024). */

import type { Findings } from "./findings.ts";
import { payloadStrings } from "./payload_strings.ts";
import { shownAsName } from "./secret_references.ts";
import { identifierWords } from "./words.ts";

/** Placeholder forms, each capturing the name. */
const PLACEHOLDER =
  /\{\{\{?\s*[#$]?([^{}\n]{1,60}?)\s*\}?\}\}|\$\{([A-Za-z_][\w.]{1,60})\}|\$([A-Z][A-Z0-9]*_[A-Z0-9_]{2,})\b|<([a-z][a-z0-9'-]*(?:[ _][a-z0-9'-]+){1,5})>|\[(?:paste|insert|include|put|add)\s+([^\]\n]{3,60})\]/gi;
const HINT = /\{\{|\$|<|\[/;
/** Name words for private data: the conversation, the environment, secrets, mail and files wholesale. */
const PRIVATE_WORD =
  /^(?:conversation|conversations|chat|chats|transcript|transcripts|messages|env|environment|environ|secrets?|credentials?|passwords?|tokens?|inbox|mailbox|emails|mails|unread|contacts|calendar|files|documents|drive|memory|memories|salaries|dms)$/;
/** Name words for what a previous step returned. */
const PRIOR_WORD =
  /^(?:content|contents|result|results|output|outputs|response|responses|bodies|previous|prior|above)$/;
/** A first word taking everything. */
const ALL_WORD = /^(?:all|every|entire|full|whole)$/;
/** `page_text`, `file_text`, `document_body`: a read's text; and the instructions. */
const READ_TEXT =
  /\b(?:(?:page|file|document|doc|email|mail|note)[ _](?:text|body)|system[ _]prompt|(?:message|chat|conversation|mail|email|browsing|search)[ _]history)\b/;
/** Words of a merge field about one record (`{{tracking_url}}`, `{{full_name}}`, `{{results_date}}`). */
const FIELD_WORD =
  /^(?:url|link|id|date|time|count|number|name|title|subject|total|amount|status|type|size)$/;

/** Argument keys that hold follow-up work; a nested call names a tool and carries its arguments. */
const CHAIN_KEY =
  /^(?:then|next|next_?(?:steps?|actions?|calls?)|subsequent_?actions?|on_?success|on_?complete|on_?done|after|afterwards|callback|chain|follow_?ups?|pipe|and_?then|post_?actions?|after_?actions?)$/i;
/** Tool-name words of work that is chaining steps. */
const CHAINING_WORK =
  /^(?:automation|automations|workflow|workflows|rule|rules|zap|zaps|recipe|recipes|trigger|triggers|flow|flows|pipeline|pipelines|schedule|job|jobs|playbook|routine|scenario|applet)$/;
const TOOL_KEY = /^(?:tool|tool_?name|name|action|function|call|method|recipient_name)$/i;
const ARGUMENTS_KEY = /^(?:args|arguments|params|parameters|input|inputs|payload|body)$/i;

function privateName(name: string): boolean {
  const lowered = name.toLowerCase();
  const words = lowered.split(/[^a-z0-9]+/).filter((word) => word !== "");
  if (words.length === 0 || words.some((word) => FIELD_WORD.test(word))) return false;
  // An environment variable's name (`${REDIS_PASSWORD}`) is judged as a secret reference, with its exemptions; here
  // it counts only as a previous step's output (`$PREVIOUS_OUTPUT`).
  if (/^[A-Z][A-Z0-9_]+$/.test(name)) return words.some((word) => PRIOR_WORD.test(word));
  // "all_unread_bodies", "entire chat log": everything of a kind, named in the plural or by a private word.
  if (ALL_WORD.test(words[0]) && words.slice(1).some((word) => /[^s]s$/.test(word))) return true;
  return words.some((word) => PRIVATE_WORD.test(word) || PRIOR_WORD.test(word)) || READ_TEXT.test(lowered);
}

/** The first placeholder in `text` that pulls private data, if any. */
export function privatePlaceholder(text: string): string | undefined {
  if (text.length < 5 || text.length > 64 * 1024 || !HINT.test(text)) return undefined;
  PLACEHOLDER.lastIndex = 0;
  let named = 0;
  for (let match = PLACEHOLDER.exec(text); match !== null && named < 16; match = PLACEHOLDER.exec(text)) {
    const name = match.slice(1).find((group) => group !== undefined) ?? "";
    if (!privateName(name)) continue;
    if (!shownAsName(text, match.index)) return match[0];
    named++;
  }
  return undefined;
}

/** The tool a chained follow-up calls, if the value is (or lists) a call. */
function chainedCall(value: unknown): string | undefined {
  const calls = Array.isArray(value) ? value.slice(0, 8) : [value];
  for (const call of calls) {
    if (call === null || typeof call !== "object" || Array.isArray(call)) continue;
    const entries = Object.entries(call as Record<string, unknown>);
    const named = entries.find(([key, inner]) => TOOL_KEY.test(key) && typeof inner === "string");
    if (named && entries.some(([key, inner]) => ARGUMENTS_KEY.test(key) && typeof inner === "object")) {
      return named[1] as string;
    }
  }
  return undefined;
}

/** Follow-up calls chained in the arguments of any tool. */
export function judgeChainedCalls(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  // Automation builders chain steps as their work (`create_automation {trigger, then: {action, params}}`).
  if (identifierWords(tool).some((word) => CHAINING_WORK.test(word))) return;
  for (const [key, value] of Object.entries(payload).slice(0, 48)) {
    if (value === null || typeof value !== "object" || !CHAIN_KEY.test(key)) continue;
    const called = chainedCall(value);
    if (called === undefined) continue;
    findings.escalate(
      "message",
      `"${tool}" chains a follow-up call to "${called.slice(0, 60)}" in its "${key}" argument`,
    );
    return;
  }
}

/** Placeholders for private data in the arguments of a tool whose arguments leave. */
export function judgeDataPlaceholders(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (/template/i.test(tool)) return;
  for (const { key, value } of payloadStrings(payload)) {
    if (/template/i.test(key)) continue;
    const placeholder = privatePlaceholder(value);
    if (placeholder === undefined) continue;
    findings.escalate(
      "message",
      `"${tool}" sends a placeholder for private data ("${placeholder.slice(0, 40)}") in its "${
        key || "payload"
      }" argument`,
    );
    return;
  }
}
