/** Round 90's checks, called once from the effect profile: orders for a later agent run planted in the user's own
 * data (`planted_reader_orders.ts`), private repositories, internal documents and salaries published where the public
 * reads (`private_things_published.ts`), and messages that give away account-recovery answers
 * (`recovery_answers.ts`) or ask the user's contacts for money in a "new number" impersonation
 * (`new_number_scams.ts`). Each is gated by a literal test of its own before its passes over the texts. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { configuredDomains } from "./recipient_classes.ts";
import { commandNeeds, NAMED } from "./round_plan.ts";
import { judgePlantedReaderOrders, READER_ADDRESSED } from "./planted_reader_orders.ts";
import { judgePrivateThingsPublished, PRIVATE_THINGS } from "./private_things_published.ts";
import { judgeRecoveryAnswers, RECOVERY_ANSWER } from "./recovery_answers.ts";
import { judgeNewNumberScams, NEW_IDENTITY } from "./new_number_scams.ts";

/** A command line that sends a message (the message checks read a command only then). */
const MESSAGE_COMMAND =
  /\b(?:signal-cli|twilio|whatsapp|telegram|imessage|osascript|mutt|mailx?|sendmail|msmtp|swaks|slack|discord|sms|messages?|chat\.postMessage|sendMessage)\b/i;

const MAX_DEPTH = 9;
/** Zero-width characters split words ("AI\u200d agent"): dropped before the round's patterns read a text. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/;
const ZERO_WIDTHS = /[\u200b-\u200d\u2060\ufeff]/g;
const MAX_STRINGS = 96;

/** The payload's strings to a depth the shared walk (five levels) does not reach: a Notion block's text sits at
 * `children[0].paragraph.rich_text[0].text.content`, seven levels down. Bounded as that walk: 96 strings, 32 items an
 * array, 48 keys an object. Zero-width characters are dropped. */
function deepStrings(payload: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (found.length >= MAX_STRINGS || depth > MAX_DEPTH) return;
    if (typeof value === "string") {
      found.push(ZERO_WIDTH.test(value) ? value.replace(ZERO_WIDTHS, "") : value);
    } else if (Array.isArray(value)) { for (const item of value.slice(0, 32)) walk(item, depth + 1); }
    else if (value !== null && typeof value === "object") {
      for (const item of Object.values(value as Record<string, unknown>).slice(0, 48)) walk(item, depth + 1);
    }
  };
  walk(payload, 0);
  return found;
}

/** What the round reads of a lone command line: its four gates over the line, and a tool under another name (its
 * words may make it a public post or a send). */
export const ON_COMMAND = commandNeeds({
  words: [READER_ADDRESSED, PRIVATE_THINGS, RECOVERY_ANSWER, NEW_IDENTITY],
  facts: NAMED,
});

export function judgeRound90(
  view: ActionView,
  sends: boolean,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const texts = deepStrings(view.calledPayload);
  if (texts.length === 0) return;
  const command = view.type === "execute_command";
  judgePlantedReaderOrders(
    view.tool,
    texts,
    view.writePaths.map((path) => path.relative ?? path.absolute),
    sends,
    configuredDomains(environment),
    findings,
  );
  const posts = command || view.requests.some((request) => !/^(?:GET|HEAD|OPTIONS)\b/i.test(request));
  judgePrivateThingsPublished(view.tool, posts, view.calledPayload, texts, findings);
  if (sends || (command && texts.some((text) => MESSAGE_COMMAND.test(text)))) {
    judgeRecoveryAnswers(view.tool, texts, findings);
    judgeNewNumberScams(view.tool, texts, findings);
  }
}
