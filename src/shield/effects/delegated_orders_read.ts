/** Shared reading for round 73's delegation checks: which tools hand work to another agent, the strings of their
 * payload, and whether an order found in them is said in the negative ("do not disable it"). */

import { DELEGATING_TOOL } from "./unrestricted_delegations.ts";
import { handsToAgent } from "./agent_handoff_names.ts";
import { identifierWords } from "./words.ts";
import { matchesOf } from "../match_all.ts";

/** Cloud coding agents, A2A and framework hand-off names beyond round 70's list: Devin and Codex sessions, Jules,
 * OpenHands, A2A `tasks/send`, CrewAI coworkers, OpenAI Agents SDK `transfer_to_<agent>`. */
const AGENT_SESSIONS =
  /devin|codex|jules|openhands|opendevin|swe_?agent|a2a|coworker|transfer_to_|tasks?[_/.]send|send_?task/i;

/** True when the tool hands words or work to another agent. */
export function delegates(tool: string, type: string): boolean {
  return type === "create_agent" || type === "agent_message" || DELEGATING_TOOL.test(tool) ||
    AGENT_SESSIONS.test(tool) || handsToAgent(identifierWords(tool));
}

/** The strings of a payload, a few levels deep, with the key each sits under. */
export function payloadStrings(
  value: unknown,
  found: { key: string; text: string }[] = [],
  key = "",
  depth = 0,
): { key: string; text: string }[] {
  if (found.length >= 32) return found;
  if (typeof value === "string") {
    if (value.length <= 16 * 1024) found.push({ key, text: value });
  } else if (Array.isArray(value) && depth < 5) {
    for (const item of value.slice(0, 16)) payloadStrings(item, found, key, depth + 1);
  } else if (value !== null && typeof value === "object" && depth < 5) {
    for (const [name, item] of Object.entries(value).slice(0, 32)) {
      payloadStrings(item, found, name, depth + 1);
    }
  }
  return found;
}

const NEGATION =
  /\b(?:don'?t|do not|never|not|without|no need to|instead of|rather than|nor|avoid|refuse to|shouldn'?t|must not|mustn'?t|won'?t)\b[^.;!?\n]{0,24}$/i;

/** The first match of `pattern` (global) in `text` that is not said in the negative, if any. */
export function affirmedMatch(pattern: RegExp, text: string): string | undefined {
  for (const match of matchesOf(pattern, text)) {
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (!NEGATION.test(before)) return match[0];
  }
  return undefined;
}
