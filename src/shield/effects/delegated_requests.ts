/** Messages to another agent judged like the action they request (round 21): a tool that addresses an agent
 * (`sessions_send {session_key: "agent:ops:main"}`, `handoff {to_agent}`, `a2a_send_task {agent_url}`) hands on
 * work; mail it asks to forward to an address that is not a known contact leaves like a forward would
 * (OpenAI Agents SDK hand-offs, A2A tasks, OpenClaw sessions); and an order to widen the other agent's own
 * permission rules (`Bash(*)` in `.claude/settings.json`, an approval policy of never) turns its approvals off. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { isContact } from "./messaging.ts";
import { recipientIsAgent } from "./agent_handoff_names.ts";
import { matchesOf } from "../match_all.ts";

/** Argument names that address another agent; a session key of the form `agent:<name>:<session>` does too. */
const AGENT_KEY =
  /^(?:to_?agent|target_?agent|agent|agent_?(?:id|name|url|key|ref)|recipient_?agent|peer_?agent|coworkers?|sub_?agent)$/i;
const AGENT_SESSION = /^agent:[\w.-]+/;

/** Whether the payload addresses another agent by an argument's name, an agent session key, or (round 80) a
 * recipient argument whose value is an agent's name. */
export function addressesAgent(payload: Record<string, unknown>): boolean {
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value !== "string" || value === "") continue;
    if (AGENT_KEY.test(key) || AGENT_SESSION.test(value)) return true;
  }
  return recipientIsAgent(payload);
}

/** Mail as the object of a send: existing messages, threads, a mailbox, or documents kept in mail (plural or a
 * collection: "send a message to ..." composes one, it forwards nothing); or any forward to an address. */
const MAIL_SENT =
  /\b(?:forward\w*|send|share|copy|bcc|relay|redirect)\b(?:[^.\n]|\.(?!\s)){0,80}\b(?:e-?mails|mails|messages|threads|inbox|mailbox|invoices|purchase orders|contracts|attachments|anything|everything)\b|\bforward(?:s|ing)?\b[^.\n]{0,100}\bto\s+\S*@/i;
const TO_BEFORE = /\bto\s*$/i;
const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** Agent permission rules that allow every command of a tool (`Bash(*)`, `Write(*)`, `Shell(*:*)`). */
const EVERY_COMMAND_RULE =
  /\b(?:Bash|Shell|Terminal|Write|Edit|MultiEdit|WebFetch|Execute|Run|Command|PowerShell)\(\s*\*(?::\*)?\s*\)/;
/** An agent's own settings or permission files, and wording that widens them. */
const AGENT_SETTINGS =
  /\.claude\/settings(?:\.local)?\.json|\.codex\/config\.toml|\.gemini\/settings\.json|\.cursor\/(?:cli|settings|permissions)\.json|\.continue\/config|\.aider\.conf|\.roo\/|\.clinerules/i;
const WIDENS =
  /\b(?:allow(?:ed)?(?:[ _-]?list|edtools)?|auto[ -]?approve|approvals?|permissions?|trust(?:ed)?|bypass\w*|skip\w*)\b/i;

export function judgeDelegatedRequests(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const text = texts.join("\n");
  if (text.length > 32 * 1024) return;
  if (text.includes("@") && MAIL_SENT.test(text)) {
    // The destination (`... to x@y`) is named first when the text has one; a source address (`from legal@...`) after.
    const outsiders = [...matchesOf(ADDRESS, text)].slice(0, 16)
      .filter((match) => !isContact(match[0], environment))
      .sort((a, b) =>
        Number(TO_BEFORE.test(text.slice(0, b.index))) - Number(TO_BEFORE.test(text.slice(0, a.index)))
      );
    const outsider = outsiders[0]?.[0];
    if (outsider) {
      findings.escalate("delegation", `"${tool}" asks an agent to forward mail to "${outsider}"`);
    }
  }
  if (
    EVERY_COMMAND_RULE.test(text) ||
    (text.includes(".") && AGENT_SETTINGS.test(text) && WIDENS.test(text))
  ) {
    findings.escalate("delegation", `"${tool}" asks an agent to widen its own permission rules`);
  }
}
