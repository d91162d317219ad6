/** Tool names read as ours whatever agent wrote them: respelled (`SendEmail`, `send-email`, `SEND_EMAIL`), under a
 * namespace that says nothing of its own (`functions.bash`, `server.execute_command`), calendar tools by other
 * names, and our delegation and message tools served by an MCP server. Used by `action_shape.ts` (round 9). */

import { canonicalTool, VERSION_SUFFIX } from "./effects/tool_aliases.ts";
import { identifierWords, mcpParts } from "./effects/words.ts";
import { KNOWN_TOOLS } from "./payload_fields.ts";
import { ownTable } from "../lib/own_table.ts";

/** Namespaces that only say where a tool lives (OpenAI's `functions.`, Gemini's `default_api.`, an MCP client's
 * `server.` or `tools.`, Goose's built-in `developer__` extension), not what it does. */
const GENERIC_NAMESPACES = new Set([
  "functions",
  "function",
  "default_api",
  "api",
  "tools",
  "tool",
  "server",
  "srv",
  "mcp",
  "plugin",
  "plugins",
  "builtin",
  "builtins",
  "local",
  "agent",
  "assistant",
  "developer",
]);

/** Other names of our tools that `effects/tool_aliases.ts` has no class for (calendars): Google Calendar's
 * `events.insert` as MCP servers name it, Outlook's and CalDAV clients' tool names. */
const OUR_TOOL_SYNONYMS: Record<string, string> = ownTable({
  create_calendar_event: "create_event",
  calendar_create_event: "create_event",
  add_calendar_event: "create_event",
  schedule_meeting: "create_event",
  create_meeting: "create_event",
  insert_event: "create_event",
  update_calendar_event: "update_event",
  calendar_update_event: "update_event",
  modify_event: "update_event",
  edit_event: "update_event",
});

/** Our tool name for a respelled or namespaced one; the name itself when it is none of ours. A namespace is dropped
 * when what follows is one of our tool names, or another agent's name for one under a namespace that says nothing
 * of its own (`mark.as.read` and `graphql.request` keep their words). */
export function plainToolName(type: string, versioned = true): string {
  if (KNOWN_TOOLS.has(type) || type.startsWith("mcp__")) return type;
  // One suffix only: `x_v1_v2...` is not peeled a thousand times.
  const unversioned = versioned ? versionless(type) : type;
  if (unversioned !== type) return plainToolName(unversioned, false);
  const whole = identifierWords(type).join("_");
  if (KNOWN_TOOLS.has(whole)) return whole;
  if (OUR_TOOL_SYNONYMS[whole]) return OUR_TOOL_SYNONYMS[whole];
  const [prefix, last] = namespaced(type);
  if (last === undefined) return type;
  const lastWords = identifierWords(last).join("_");
  if (KNOWN_TOOLS.has(lastWords) && lastWords.includes("_")) return lastWords;
  return GENERIC_NAMESPACES.has(prefix.toLowerCase()) && canonicalTool(last) ? last : type;
}

/** A name's namespace and tool (`server.bash`, `tools/bash`, `server:bash`, Goose's `developer__shell`); no tool
 * when the name has no namespace. */
function namespaced(type: string): [string, string | undefined] {
  const separator = /^(.+?)(?:__|[./:])([^./:]+)$/.exec(type);
  return separator && !separator[2].startsWith("_") ? [separator[1], separator[2]] : [type, undefined];
}

/** A version or date suffix (`send_email_v2`, `SendEmailV2`, Anthropic's `bash_20250124`) dropped when what is left
 * is one of our tools or another agent's name for one; the name itself otherwise. */
function versionless(type: string): string {
  const base = type.replace(VERSION_SUFFIX, "");
  if (base === type || base === "") return type;
  const words = identifierWords(base).join("_");
  return KNOWN_TOOLS.has(words) || OUR_TOOL_SYNONYMS[words] || canonicalTool(base) ? base : type;
}

/** Our tools that hand work or words to others, served by an MCP server (`mcp__srv__create_agent`,
 * `mcp__srv__update_event`): judged as ours, whose checks read their recipients and tasks. Other tools keep their
 * MCP name (a git server's `git_diff` takes arguments ours does not) and file tools their server's say
 * (`effects/tool_aliases.ts`). */
const MCP_OUR_TOOLS = new Set([
  "create_agent",
  "agent_message",
  "send_email",
  "send_message",
  "create_event",
  "update_event",
  "memory_write",
  "create_schedule",
]);

export function mcpKnownTool(type: string): string {
  const parts = mcpParts(type);
  if (!parts) return type;
  const name = identifierWords(parts.tool).join("_");
  return MCP_OUR_TOOLS.has(name) ? name : type;
}

const named = new Map<string, string>();
const MAX_NAMED = 4096;

/** The name Shield judges a tool by (`plainToolName`, then an MCP-served tool of ours), remembered per name. */
export function ourToolName(type: string): string {
  let name = named.get(type);
  if (name === undefined) {
    name = mcpKnownTool(plainToolName(type));
    if (named.size < MAX_NAMED) named.set(type, name);
  }
  return name;
}
