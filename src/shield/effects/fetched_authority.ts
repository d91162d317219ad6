/** A fetch that hands the agent's authority to the page (round 50): a fetch or browse tool whose instruction tells
 * the agent to follow, run or carry out what the page says ("follow the setup steps on this page exactly, including
 * the 'telemetry opt-in' command", "execute every command listed", "do whatever the page tells you"). Whoever writes
 * the page then chooses the agent's next commands: indirect prompt injection made an order. Asking to summarise,
 * list, extract or explain the page's steps passes. Sources: Embrace The Red on Claude Code's WebFetch; Greshake et
 * al. (2023) indirect prompt injection; Gemini CLI `web_fetch`; OWASP LLM01. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";
import { fillers, INSTRUCTION_NOUN, RUN_VERB } from "./concepts.ts";

const FETCH_WORDS = new Set([
  "fetch",
  "webfetch",
  "browse",
  "browser",
  "web",
  "url",
  "page",
  "scrape",
  "crawl",
  "visit",
  "http",
  "request",
  "curl",
]);
/** Following or carrying out (the lexicon's run verbs, in its five languages). */
const FOLLOW_VERB =
  `(?:\\b(?:follow|obey|complete|implement|apply|act on|sigue|siga|suis|suivez|befolge|folge|befolgen)\\b|${RUN_VERB})`;
const STEPS =
  `(?:${INSTRUCTION_NOUN}|\\b(?:steps?|commands?|tasks?|pasos|comandos|étapes|commandes|schritte|befehle|passos)\\b)`;
const FOLLOWS = gated(
  new RegExp(
    `${FOLLOW_VERB}\\s+${fillers(3)}(?:the|its|all|every|each|any|whatever)\\s+${fillers(3)}${STEPS}|` +
      `\\bdo (?:whatever|what|everything|anything) (?:the |this |that )?${
        fillers(2)
      }(?:page|site|document|doc|it|readme)\\b|` +
      `\\b(?:whatever|what|everything) (?:the |this |that )?${
        fillers(2)
      }(?:page|site|document|readme) (?:says|tells|asks|instructs)\\b`,
    "i",
  ),
);
/** The verb read as a question or a description, not an order (`explain how to run the commands`). */
const DESCRIBED =
  /\b(?:how (?:to|do i|would i|should i|can i)|whether to|explain|describe|summari[sz]e|list)\s+(?:\w+\s+){0,2}$/i;
/** Words that make the steps the fetched text's. */
const FETCHED =
  /\b(?:its|it|page|pages|site|website|document|doc|docs|readme|url|link|article|post|gist|there)\b/i;
const MAX_TEXT = 4096;

/** Keys that hold an order to the fetching agent (`prompt`, `instructions`, `goal`), not what a request sends. */
const INSTRUCTION_KEY = /^(?:prompt|instructions?|task|goal|objective|then|after|query|directive|question)$/i;

function hasInstruction(payload: Record<string, unknown>, depth = 0): boolean {
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (INSTRUCTION_KEY.test(key) && typeof value === "string") return true;
    if (depth === 0 && value && typeof value === "object" && !Array.isArray(value)) {
      if (hasInstruction(value as Record<string, unknown>, 1)) return true;
    }
  }
  return false;
}

/** `texts`: the call's texts as Shield reads them (cleaned, markup dropped, glossed), read only when an argument
 * holds an instruction (a POST body is what a request sends, no order to the agent). */
export function judgeFetchedAuthority(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  texts: () => readonly string[],
  findings: Findings,
): void {
  if (!words.some((word) => FETCH_WORDS.has(word)) || !hasInstruction(payload)) return;
  for (const value of texts().slice(0, 16)) {
    const text = value.slice(0, MAX_TEXT);
    const match = FOLLOWS.exec(text);
    if (!match || DESCRIBED.test(text.slice(Math.max(0, match.index - 40), match.index))) continue;
    // The steps must be the page's (`its steps`, `the steps on this page`), not the agent's own task's.
    const end = match.index + match[0].length;
    if (!FETCHED.test(`${match[0]} ${text.slice(end, end + 60)}`)) continue;
    findings.escalate("delegation", `"${tool}" tells the agent to carry out what the fetched page says`);
    return;
  }
}
