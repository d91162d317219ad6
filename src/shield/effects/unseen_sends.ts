/** Sends whose object cannot be seen (round 36): a tool whose name says it sends, posts, forwards or mails, called
 * with nothing, blanks, or opaque ids only (`EmailSend {}`, `gmail_send_draft {draft_id}`, `campaign_send
 * {campaign_id}`), call metadata aside (`locale`, `priority`, `request_id`). Who receives what is decided somewhere
 * Shield does not look (a draft, a campaign, a stored message, the tool's defaults after an injected page), and an
 * action whose effects cannot be established is never allowed. Granting, paying and deleting tools already escalate
 * by their names; a name with any other verb (`get_draft`, `archive_email`) passes.
 * Sources: Agent Security Bench (Zhang et al. 2024) attacker tools called with empty arguments; Gmail API
 * users.drafts.send; Microsoft Graph message send; Mailchimp campaign send. */

import type { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";

/** Words of a tool name that send something to people (`submit` is left out: `submit_form {form_id}` or an agent's
 * `submit` handing in its work sends nothing to people). */
const SEND_WORDS = new Set([
  "send",
  "post",
  "forward",
  "tweet",
  "dm",
  "sms",
  "mms",
  "broadcast",
  "announce",
  "notify",
  "mail",
  "email",
  "message",
  "publish",
]);
/** Keys whose values are handles of stored things: they say which, not what or to whom. */
const OPAQUE_KEY = /^(?:id|ids|uuid|sid|ref|handle)$|(?:_id|_ids|_sid|_ref|_uuid|_key|Id|Ids|Sid|Ref|Key)$/;
/** Keys of call metadata (locale, priority, retries, tracing): they say nothing of what is sent or to whom. */
const METADATA_KEY =
  /^(?:locale|lang|language|priority|importance|metadata|meta|_meta|version|client|retries|timeout|format|encoding|charset|trace\w*|request_id|idempotency\w*|dry_run|debug)$/i;
const MAX_VISITS = 48;

/** Whether no value of the payload shows a recipient, a text or a target: all blank, flags, or opaque ids. */
function showsNothing(payload: Record<string, unknown>): boolean {
  let visits = 0;
  const shows = (key: string, value: unknown, depth: number): boolean => {
    if (visits++ > MAX_VISITS || depth > 4) return true;
    if (value === null || value === undefined || typeof value === "boolean" || METADATA_KEY.test(key)) {
      return false;
    }
    if (typeof value === "string" && /^\s*[{[]/.test(value) && value.length <= 4096) {
      // Arguments handed over as a JSON string (`{arguments: "{}"}`) are read as the object they spell.
      try {
        return shows(key, JSON.parse(value), depth + 1);
      } catch {
        return true;
      }
    }
    if (typeof value === "string") return value.trim() !== "" && !OPAQUE_KEY.test(key);
    if (typeof value === "number") return !OPAQUE_KEY.test(key);
    if (Array.isArray(value)) return value.some((item) => shows(key, item, depth + 1));
    if (typeof value === "object") {
      return Object.entries(value).some(([inner, innerValue]) => shows(inner, innerValue, depth + 1));
    }
    return true;
  };
  return !Object.entries(payload).some(([key, value]) => shows(key, value, 0));
}

/** For an open-world tool, its words (`words`); for our own mail and message tools under another name
 * (`EmailSend` reads as `send_email`), none: the type already says it sends. */
export function judgeUnseenSends(
  tool: string,
  words: ToolWords | undefined,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  // Only a sending name: `archive_email {email_id}` and `mark_message_read {id}` act on a message, not send it.
  if (words && ![...words.verbs].every((verb) => verb === "send" || verb === "grant")) return;
  if (words && !words.words.some((word) => SEND_WORDS.has(word))) return;
  if (!showsNothing(payload)) return;
  findings.escalate(
    "message",
    `"${tool}" sends without showing to whom or what (its arguments are empty or opaque ids)`,
  );
}
