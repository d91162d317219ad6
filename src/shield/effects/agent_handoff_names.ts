/** Tools that hand words or work to another agent, under the names multi-agent frameworks give them (OpenAI Agents
 * SDK `transfer_to_<agent>` handoffs, AutoGen group-chat sends, CrewAI `delegate_work`/`ask_question` to a
 * coworker, agent buses, A2A sends): the commands their words carry -- code spans, command lines starting at a
 * command word, nested `command`/`cmd` values -- are parsed as the commands they hand on, while the tool keeps its
 * open-world judgement. Reading tools (`list_agents`, `get_agent_status`) hand nothing on. */

import { proseCommands } from "../prose_commands.ts";
import { identifierWords } from "./words.ts";
import { matchesOf } from "../match_all.ts";

/** Who receives handed-on work. Sources: OpenAI Agents SDK handoffs, AutoGen GroupChat, CrewAI delegation tools,
 * LangGraph supervisor `transfer_to_*`, A2A `message/send`. */
const AGENT_NOUNS = new Set([
  "agent",
  "agents",
  "subagent",
  "coworker",
  "executor",
  "executors",
  "crew",
  "peer",
  "peers",
  "worker",
  "workers",
  "planner",
  "swarm",
  "autogen",
  "a2a",
]);
/** How work is handed on. */
const HANDING_VERBS = new Set([
  "send",
  "message",
  "post",
  "transfer",
  "handoff",
  "hand",
  "delegate",
  "tell",
  "ask",
  "dispatch",
  "assign",
  "broadcast",
  "publish",
]);
/** A group chat sends to every agent in it (`autogen_group_chat_send`). */
const GROUP_CHAT = /(?:^|_)group_chat_(?:send|post|message)(?:_|$)/;
const READING = new Set([
  "get",
  "list",
  "read",
  "fetch",
  "search",
  "find",
  "describe",
  "status",
  "show",
  "view",
]);

/** True when the tool's words (split, lower case) say it hands words or work to another agent. */
export function handsToAgent(words: readonly string[]): boolean {
  if (words.length === 0 || words.length > 8 || READING.has(words[0])) return false;
  if (words.length === 1) return words[0] === "handoff";
  const joined = words.join("_");
  if (GROUP_CHAT.test(joined)) return true;
  if (joined === "hand_off" || joined.startsWith("handoff_") || joined.startsWith("hand_off_")) return true;
  return words.some((word) => AGENT_NOUNS.has(word)) && words.some((word) => HANDING_VERBS.has(word));
}

const CODE_SPAN = /`([^`\n]{2,400})`/g;
const MAX_HANDED = 16;

/** The command lines handed-on words carry: their code spans and the commands that start at a command word. */
export function handedCommands(variants: readonly string[]): string[] {
  const found: string[] = [];
  for (const text of variants.slice(0, 4)) {
    for (const match of matchesOf(CODE_SPAN, text)) found.push(match[1]);
  }
  return [...found, ...proseCommands([...variants.slice(0, 4)], true)].slice(0, MAX_HANDED);
}

/** Round 80: argument names that say who receives a message or a task; with a value that names an agent
 * (`{recipient: "DatabaseAgent"}`, `{to: "ops_agent"}`, `{target: "planner-agent"}`) the send hands work on. */
const RECIPIENT_KEY =
  /^(?:to|to_?(?:id|name)|recipients?|recipient_?(?:id|name)|receiver|target|target_?(?:id|name)|destination|dest|address|addressee|email|assignee|send_?to|handoff_?to|delegate_?to|member|participant)$/i;
/** Words that make a recipient's name an agent's. A person's address, a phone number or a channel never is. */
const AGENT_NAME_WORDS = new Set([
  "agent",
  "agents",
  "subagent",
  "coworker",
  "worker",
  "crew",
  "planner",
  "executor",
]);

function namesAgent(value: unknown): boolean {
  return typeof value === "string" && value.length <= 80 && !/[@#+]|^\d/.test(value) &&
    identifierWords(value).some((word) => AGENT_NAME_WORDS.has(word));
}

/** Whether a recipient argument (a string, or a short list) names an agent: the message or task is handed to an
 * agent that acts on it, whatever the send tool is called (`AgentCommunication__sendMessage`, `send_message`). */
export function recipientIsAgent(payload: Record<string, unknown>): boolean {
  for (const [key, value] of Object.entries(payload)) {
    if (!RECIPIENT_KEY.test(key)) continue;
    if (namesAgent(value)) return true;
    if (Array.isArray(value) && value.length <= 8 && value.some(namesAgent)) return true;
  }
  return false;
}
