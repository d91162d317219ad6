/** An action's outer shape made plain before it is judged, so the same intent reads the same whatever agent wrote
 * it: a call envelope opened, a tool name respelled in another case or under a namespace (`SendEmail`,
 * `send-email`, `functions.bash`, `server.execute_command`) read as ours, a payload wrapped whole under one key
 * (`{params: {...}}`, `{arguments: "{...}"}`, `[{name, value}]`) unwrapped, camelCase keys read in snake_case, and
 * single values given as one-element arrays, `{value: ...}` objects or with surrounding whitespace read as the value.
 * Found by tests/shield/metamorphic.ts (round 9). */

import type { Action } from "./types.ts";
import { carriedCall } from "./effects/call_envelopes.ts";
import { type CanonicalTool, canonicalTool } from "./effects/tool_aliases.ts";
import { KNOWN_TOOLS } from "./payload_fields.ts";
import { ourKeys, plainAddress, snakeKey } from "./argument_keys.ts";
import { ourToolName } from "./tool_names.ts";

type Payload = Record<string, unknown>;

/** Keys agents put a whole payload under (OpenAI/MCP `arguments`, LangChain `tool_input`, Anthropic `input`, ...). */
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
/** Keys of a one-key object that only holds a value (`{value: "..."}`). */
const VALUE_HOLDERS = new Set(["value", "text", "string", "raw", "content"]);
const MAX_UNWRAP = 3;

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
  if (Array.isArray(value)) return pairsObject(value);
  return value && typeof value === "object" ? value as Payload : undefined;
}

/** Arguments given as a list of `{name, value}` (or `{key, value}`) pairs, as an object; undefined when the list is
 * anything else. */
function pairsObject(list: unknown[]): Payload | undefined {
  if (list.length === 0 || list.length > 64) return undefined;
  const result: Payload = {};
  for (const item of list) {
    if (!item || typeof item !== "object" || Array.isArray(item)) return undefined;
    const pair = item as Payload;
    const name = pair.name ?? pair.key;
    if (typeof name !== "string" || !("value" in pair) || Object.keys(pair).length !== 2) return undefined;
    if (name in result) return undefined;
    result[name] = pair.value;
  }
  return result;
}

/** The payload inside a lone wrapper key, up to three levels deep; the payload itself otherwise. */
function unwrapped(payload: Payload): Payload {
  for (let depth = 0; depth < MAX_UNWRAP; depth++) {
    const only = onlyKey(payload);
    if (typeof only !== "string" || !isWrapperKey(only)) break;
    const inner = objectOf(payload[only]);
    // `{input: {value: "*** Begin Patch ..."}}` holds one text under the wrapper key, not a call's arguments.
    if (!inner || onlyKey(inner) === null || heldText(inner)) break;
    payload = inner;
  }
  return payload;
}

/** The one key of an object; undefined when it has more, null when it has none. */
function onlyKey(object: Payload): string | undefined | null {
  let only: string | null = null;
  for (const key in object) {
    if (only !== null) return undefined;
    only = key;
  }
  return only;
}

/** A lone `value` holding a text (`{value: "..."}`): a held value, never a call's arguments. */
const heldText = (object: Payload) => onlyKey(object) === "value" && typeof object.value === "string";

const isWrapperKey = (key: string) => WRAPPER_KEYS.has(key) || WRAPPER_KEYS.has(key.toLowerCase());
/** A lower-case letter followed by a capital: a camelCase key. */
const CAMEL = /[a-z][A-Z]/;

/** A single value however it is held: `["x"]`, `{value: "x"}` and `"  x \n"` read as `"x"`; addresses spelled
 * `mailto:x` or `Name <x>` as `x`, in lists too. */
function plainValue(value: unknown): unknown {
  if (typeof value === "string") {
    // Only a short value is respelled (a long text is judged as written; its padding hides nothing).
    if (value.length === 0 || value.length > 2048) return value;
    const padded = value.charCodeAt(0) <= 32 || value.charCodeAt(value.length - 1) <= 32;
    const trimmed = padded ? value.trim() : value;
    const plain = trimmed !== value && !trimmed.includes("\n") ? trimmed : value;
    return plainAddress(plain);
  }
  if (Array.isArray(value)) {
    if (value.length === 1 && typeof value[0] === "string") return plainValue(value[0]);
    if (value.length > 64 || !value.some(spelledAddress)) return value;
    const addresses = value.map((item) => typeof item === "string" ? plainAddress(item) : item);
    return addresses.some((item, index) => item !== value[index]) ? addresses : value;
  }
  if (value && typeof value === "object") {
    let only: string | undefined;
    for (const key in value) {
      if (only !== undefined) return value;
      only = key;
    }
    const held = only !== undefined && VALUE_HOLDERS.has(only) ? (value as Payload)[only] : undefined;
    if (typeof held === "string") return plainValue(held);
  }
  return value;
}

const spelledAddress = (item: unknown) =>
  typeof item === "string" && item.length <= 512 && item.includes("@");

function plainPayload(payload: Payload): Payload {
  const inner = unwrapped(payload);
  let result: Payload | undefined;
  for (const key in inner) {
    const value = inner[key];
    // A wrapper key's object is a call's arguments (`arguments: {content: "..."}`), not a held value; a long text is
    // judged as written.
    const plain = typeof value === "string"
      ? (value.length > 2048 ? value : plainValue(value))
      : value !== null && typeof value === "object" && !Array.isArray(value) && isWrapperKey(key) &&
          !heldText(value as Payload)
      ? value
      : plainValue(value);
    const snake = CAMEL.test(key) ? snakeKey(key) : key;
    if (snake !== key && !(snake in inner)) {
      result ??= { ...inner };
      delete result[key];
      result[snake] = plain;
    } else if (plain !== value) (result ??= { ...inner })[key] = plain;
  }
  return result ?? inner;
}

/** A call envelope opened (up to three deep), its arguments made plain first (`tools/call {params: {name,
 * arguments}}`); the action with a plain payload. */
function opened(action: Action, depth = 0): Action {
  const payload = action.payload && typeof action.payload === "object" && !Array.isArray(action.payload)
    ? plainPayload(action.payload)
    : {};
  const plain = payload === action.payload ? action : { ...action, payload };
  // Our own tools are never envelopes.
  const carried = depth < 3 && !KNOWN_TOOLS.has(plain.type) ? carriedCall(plain) : undefined;
  return carried ? opened(carried, depth + 1) : plain;
}

/** The action as Shield judges it, and our tool it stands for when its name is another vocabulary's
 * (`effects/tool_aliases.ts`); the same action object when nothing needed changing. */
export function plainCall(action: Action): { action: Action; tool?: CanonicalTool } {
  const carried = opened(action);
  const type = typeof carried.type === "string" ? ourToolName(carried.type) : carried.type;
  const tool = KNOWN_TOOLS.has(type) ? undefined : canonicalTool(type, carried.payload);
  const payload = ourKeys(tool ?? type, carried.payload);
  if (type === carried.type && payload === carried.payload) return { action: carried, tool };
  return { action: { ...carried, type, payload }, tool };
}
