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

/** Our tool name for a respelled or namespaced one; the name itself when it is none of ours. */
export function plainToolName(type: string): string {
  if (KNOWN_TOOLS.has(type) || type.startsWith("mcp__")) return type;
  const whole = identifierWords(type).join("_");
  if (KNOWN_TOOLS.has(whole)) return whole;
  const namespace = Math.max(type.lastIndexOf("."), type.lastIndexOf("/"));
  if (namespace <= 0 || namespace === type.length - 1) return type;
  const last = type.slice(namespace + 1);
  const lastWords = identifierWords(last).join("_");
  if (KNOWN_TOOLS.has(lastWords)) return lastWords;
  return canonicalTool(last) && !canonicalTool(type) ? last : type;
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
  const payload = plainPayload(raw);
  if (type === carried.type && payload === raw) return carried;
  return { ...carried, type, payload };
}
