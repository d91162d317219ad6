/** An action's outer shape made plain before it is judged, so the same intent reads the same whatever agent wrote
 * it: a call envelope opened, a tool name respelled in another case or under a namespace (`SendEmail`,
 * `send-email`, `functions.bash`, `server.execute_command`) read as ours, a payload wrapped whole under one key
 * (`{params: {…}}`, `{arguments: "{…}"}`) unwrapped, and single values given as one-element arrays, `{value: …}`
 * objects or with surrounding whitespace read as the value. Found by tests/shield/metamorphic.ts (round 9). */

import type { Action } from "./types.ts";
import { carriedCall } from "./effects/call_envelopes.ts";
import { identifierWords } from "./effects/words.ts";
import { canonicalTool } from "./effects/tool_aliases.ts";
import { KNOWN_TOOLS } from "./payload_fields.ts";

type Payload = Record<string, unknown>;

/** Keys agents put a whole payload under (OpenAI/MCP `arguments`, LangChain `tool_input`, Anthropic `input`, …). */
const WRAPPER_KEYS = new Set([
  "params",
  "parameters",
  "arguments",
  "args",
  "input",
  "tool_input",
  "kwargs",
  "data",
  "payload",
  "request",
]);
/** Keys of a one-key object that only holds a value (`{value: "…"}`). */
const VALUE_HOLDERS = new Set(["value", "text", "string", "raw", "content"]);
const MAX_UNWRAP = 3;

/** Other vocabularies' argument keys for ours, per tool (compared lower case, separators dropped): general words
 * from the same agents' tool sets as `effects/tool_aliases.ts` and the mail, HTTP and agent APIs' own field names.
 * A synonym is used only when our key is absent. */
const KEY_SYNONYMS: Record<string, Record<string, string[]>> = {
  execute_command: {
    command: ["cmd", "shellcommand", "commandline", "cmdline", "bashcommand", "script", "commandstring"],
  },
  send_email: {
    to: [
      "recipient",
      "recipients",
      "email",
      "emails",
      "emailaddress",
      "toaddress",
      "address",
      "dest",
      "sendto",
    ],
    body: ["content", "text", "message", "bodytext"],
  },
  http_request: { url: ["uri", "endpoint", "link", "href", "address", "target"] },
  browser_navigate: { url: ["uri", "link", "href", "address", "target"] },
  read_file: { path: ["file", "filepath", "filename", "target", "targetfile"] },
  write_file: { path: ["file", "filepath", "filename", "target", "targetfile"] },
  delete_file: { path: ["file", "filepath", "filename", "target", "targetfile"] },
  create_agent: { task: ["prompt", "instructions", "goal", "objective"] },
  create_event: { attendees: ["participants", "guests", "invitees", "attendeeemails", "guestemails"] },
  update_event: { attendees: ["participants", "guests", "invitees", "attendeeemails", "guestemails"] },
};
const compactKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, "");

const EMAIL = /^(?:mailto:)?[^\s@<>"]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;
const NOT_RECIPIENT = /^(?:from|sender|reply_?to|replyto|body|content|text|html|subject|snippet|raw)$/i;

/** Addresses a mail's nested API shape sends to (Gmail `payload.headers: [{name: "To", value}]`, Graph
 * `toRecipients: [{emailAddress: {address}}]`): every address-shaped string outside sender and body fields. */
function nestedRecipients(value: unknown, found: string[], depth = 0): string[] {
  if (depth > 6 || found.length >= 32) return found;
  if (typeof value === "string") {
    if (EMAIL.test(value.trim())) found.push(value.trim());
  } else if (Array.isArray(value)) {
    for (const item of value) nestedRecipients(item, found, depth + 1);
  } else if (value && typeof value === "object") {
    const entries = Object.entries(value as Payload);
    const header = (value as Payload).name;
    if (typeof header === "string" && NOT_RECIPIENT.test(header)) return found;
    for (const [key, inner] of entries) {
      if (!NOT_RECIPIENT.test(key)) nestedRecipients(inner, found, depth + 1);
    }
  }
  return found;
}

/** A known tool's payload with other vocabularies' keys renamed to ours (our key absent); the payload itself when
 * none is. */
function ourKeys(type: string, payload: Payload): Payload {
  const table = KEY_SYNONYMS[type];
  if (!table) return payload;
  let result: Payload | undefined;
  for (const [ours, synonyms] of Object.entries(table)) {
    if (payload[ours] !== undefined) continue;
    const key = Object.keys(payload).find((name) => synonyms.includes(compactKey(name)));
    if (key === undefined) continue;
    result ??= { ...payload };
    result[ours] = result[key];
    delete result[key];
  }
  if (type === "send_email" && (result ?? payload).to === undefined) {
    const nested = nestedRecipients(payload, []);
    if (nested.length > 0) (result ??= { ...payload }).to = nested;
  }
  return result ?? payload;
}

/** Namespaces that only say where a tool lives (OpenAI's `functions.`, Gemini's `default_api.`, an MCP client's
 * `server.` or `tools.`), not what it does. */
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
]);

/** Other names of our tools that `effects/tool_aliases.ts` has no class for (calendars): Google Calendar's
 * `events.insert` as MCP servers name it, Outlook's and CalDAV clients' tool names. */
const OUR_TOOL_SYNONYMS: Record<string, string> = {
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
};

/** Our tool name for a respelled or namespaced one; the name itself when it is none of ours. A namespace is dropped
 * when what follows is one of our tool names, or another agent's name for one under a namespace that says nothing
 * of its own (`mark.as.read` and `graphql.request` keep their words). */
export function plainToolName(type: string): string {
  if (KNOWN_TOOLS.has(type) || type.startsWith("mcp__")) return type;
  const whole = identifierWords(type).join("_");
  if (KNOWN_TOOLS.has(whole)) return whole;
  if (OUR_TOOL_SYNONYMS[whole]) return OUR_TOOL_SYNONYMS[whole];
  const namespace = Math.max(type.lastIndexOf("."), type.lastIndexOf("/"));
  if (namespace <= 0 || namespace === type.length - 1) return type;
  const last = type.slice(namespace + 1);
  const lastWords = identifierWords(last).join("_");
  if (KNOWN_TOOLS.has(lastWords) && lastWords.includes("_")) return lastWords;
  const prefix = type.slice(0, namespace).toLowerCase();
  return GENERIC_NAMESPACES.has(prefix) && canonicalTool(last) ? last : type;
}

function objectOf(value: unknown): Payload | undefined {
  if (typeof value === "string") {
    const text = value.trim();
    if (!text.startsWith("{") || text.length > 1024 * 1024) return undefined;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return value && typeof value === "object" && !Array.isArray(value) ? value as Payload : undefined;
}

/** The payload inside a lone wrapper key, up to three levels deep; the payload itself otherwise. */
function unwrapped(payload: Payload): Payload {
  for (let depth = 0; depth < MAX_UNWRAP; depth++) {
    const keys = Object.keys(payload);
    if (keys.length !== 1 || !WRAPPER_KEYS.has(keys[0].toLowerCase())) break;
    const inner = objectOf(payload[keys[0]]);
    if (!inner || Object.keys(inner).length === 0) break;
    payload = inner;
  }
  return payload;
}

/** A single value however it is held: `["x"]`, `{value: "x"}` and `"  x \n"` read as `"x"`. */
function plainValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.length === 1 && typeof value[0] === "string" ? plainValue(value[0]) : value;
  }
  if (typeof value === "string") {
    const trimmed = value.trim();
    return trimmed !== value && !trimmed.includes("\n") ? trimmed : value;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 1 && VALUE_HOLDERS.has(entries[0][0]) && typeof entries[0][1] === "string") {
      return plainValue(entries[0][1]);
    }
  }
  return value;
}

function plainPayload(payload: Payload): Payload {
  const inner = unwrapped(payload);
  let result: Payload | undefined;
  for (const [key, value] of Object.entries(inner)) {
    const plain = plainValue(value);
    if (plain !== value) (result ??= { ...inner })[key] = plain;
  }
  return result ?? inner;
}

/** The action as Shield judges it; the same object when nothing needed changing. */
export function plainAction(action: Action): Action {
  const carried = carriedCall(action) ?? action;
  const type = typeof carried.type === "string" ? plainToolName(carried.type) : carried.type;
  const raw = carried.payload && typeof carried.payload === "object" && !Array.isArray(carried.payload)
    ? carried.payload
    : {};
  const plain = plainPayload(raw);
  const tool = KNOWN_TOOLS.has(type) ? type : canonicalTool(type, plain);
  const payload = tool ? ourKeys(tool, plain) : plain;
  if (type === carried.type && payload === raw) return carried;
  return { ...carried, type, payload };
}
