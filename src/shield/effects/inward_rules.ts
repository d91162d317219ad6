/** Standing rules that route nothing out: a mail rule that only files or labels what arrives, and a webhook to the
 * team's own chat-ops service (read by the open-world reading, `open_world.ts`, before it asks about a rule). */

import type { ShieldEnvironment } from "../environment.ts";
import { onlyTeamEndpoints } from "./event_subscriptions.ts";
import type { ToolWords } from "./tool_words.ts";
import { NOUNS } from "./vocabulary.ts";

/** A mail rule that only files or labels what arrives: no forwarding, deleting, hiding, replying or running. */
const MAIL_WORDS = new Set([
  "inbox",
  "mail",
  "email",
  "gmail",
  "outlook",
  "filter",
  "filters",
  "label",
  "labels",
]);
const OUTWARD_RULE =
  /forward|redirect|bcc|webhook|https?:|delete|trash|purge|permanent|remove_?label|archive|skip|hide|spam|block|mark_?as_?read|"(?:read|is_?read|markread)"\s*:\s*true|skip_?inbox|reply|respond|responder|vacation|run|exec|script|command|cron|schedule/i;

export function sortsMailOnly(words: ToolWords, payload: Record<string, unknown>): boolean {
  if (!words.words.some((word) => MAIL_WORDS.has(word))) return false;
  if (
    words.words.some((word) =>
      /^(?:forward|forwarding|redirect|responder|autoreply|vacation|webhook|hook|hooks)$/.test(word)
    )
  ) {
    return false;
  }
  const actions = JSON.stringify(
    Object.entries(payload).filter(([key]) =>
      !/^(?:name|title|conditions?|criteria|from|query|match)$/i.test(key)
    ),
  );
  return actions.length < 4096 && !OUTWARD_RULE.test(actions);
}

/** A webhook to the team's own chat-ops service or an allowed host: a notice channel, not a standing route out. */
export function teamWebhook(
  words: ToolWords,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
): boolean {
  const ruleWords = words.words.filter((word) => NOUNS.get(word)?.includes("rule"));
  return ruleWords.length > 0 && ruleWords.every((word) => /^(?:webhook|webhooks|hook|hooks)$/.test(word)) &&
    onlyTeamEndpoints(payload, environment);
}
