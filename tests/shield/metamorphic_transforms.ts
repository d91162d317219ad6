/** Meaning-preserving transforms of an action for metamorphic testing of Shield: the same intent under another
 * tool name, argument key, nesting, value spelling, padding or call envelope. Each is deterministic and returns
 * undefined when it does not apply to the action (nothing to rename, no address to respell, …). */

import type { Action } from "../../src/shield/types.ts";
import {
  KEY_SYNONYMS,
  PADDING_FIELDS,
  PADDING_TEXT,
  PROSE_KEYS,
  RENAMED_TO_ONLY,
  TOOL_SYNONYMS,
} from "./metamorphic_vocabulary.ts";

export type Transform = (action: Action) => Action | undefined;

type Payload = Record<string, unknown>;

/** Splits a tool name into lower-case words: snake, kebab, dotted and camel boundaries. */
export function nameWords(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_\-./]+/).filter((word) => word !== "").map((word) => word.toLowerCase());
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Renames the tool part of a name (an `mcp__server__` prefix stays as it is). */
function renamed(action: Action, spell: (words: string[]) => string): Action | undefined {
  const match = /^(mcp__[^_]+(?:_[^_]+)*__)(.+)$/.exec(action.type);
  const prefix = match ? match[1] : "";
  const words = nameWords(match ? match[2] : action.type);
  if (words.length === 0) return undefined;
  const type = prefix + spell(words);
  return type === action.type ? undefined : { ...action, type };
}

function withPayload(action: Action, payload: Payload): Action {
  return { ...action, payload };
}

/** The member `step` places further on in the group holding `name` (case-insensitive), if any. */
function synonymOf(groups: readonly (readonly string[])[], name: string, step: number): string | undefined {
  const group = groups.find((members) =>
    members.some((member) => member.toLowerCase() === name.toLowerCase())
  );
  if (!group) return undefined;
  const index = group.findIndex((member) => member.toLowerCase() === name.toLowerCase());
  return group[(index + step) % group.length];
}

function renameKeys(value: unknown, step: number): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, step));
  if (!value || typeof value !== "object") return value;
  const source = value as Payload;
  const result: Payload = {};
  for (const [key, inner] of Object.entries(source)) {
    const other = RENAMED_TO_ONLY.has(key) ? undefined : synonymOf(KEY_SYNONYMS, key, step);
    const target = other && !(other in source) && !(other in result) ? other : key;
    result[target] = renameKeys(inner, step);
  }
  return result;
}

function mapStrings(value: unknown, change: (text: string, key: string) => string, key = ""): unknown {
  if (typeof value === "string") return change(value, key);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change, key));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Payload).map(([inner, item]) => [inner, mapStrings(item, change, inner)]),
  );
}

/** Applies a string change everywhere; undefined when nothing changed. */
function respelled(action: Action, change: (text: string, key: string) => string): Action | undefined {
  const payload = mapStrings(action.payload, change) as Payload;
  return JSON.stringify(payload) === JSON.stringify(action.payload)
    ? undefined
    : withPayload(action, payload);
}

/** Keys whose value is a path: padding a path with spaces would name another file. */
const PATH_KEYS = /path|file|dir|folder|target|dest|source/i;
const EMAIL_ONLY = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const URL_HOST = /\b(https?:\/\/)([\w-]+(?:\.[\w-]+)+)(:\d+)?(?=[/?#"'\s]|$)/g;

function spellUrls(text: string, spell: (scheme: string, host: string, port: string) => string): string {
  return text.replace(
    URL_HOST,
    (_all, scheme: string, host: string, port?: string) => spell(scheme, host, port ?? ""),
  );
}

function nested(key: string, asJson = false): Transform {
  return (action) => withPayload(action, { [key]: asJson ? JSON.stringify(action.payload) : action.payload });
}

function envelope(type: string, nameKey: string, argumentKey: string, asJson = false): Transform {
  return (action) => ({
    ...action,
    type,
    payload: {
      [nameKey]: action.type,
      [argumentKey]: asJson ? JSON.stringify(action.payload) : action.payload,
    },
  });
}

function topLevel(action: Action, change: (value: unknown, key: string) => unknown): Action | undefined {
  const payload: Payload = {};
  let changed = false;
  for (const [key, value] of Object.entries(action.payload)) {
    payload[key] = change(value, key);
    if (payload[key] !== value) changed = true;
  }
  return changed ? withPayload(action, payload) : undefined;
}

/** Every transform by name, in report order. */
export const TRANSFORMS: Readonly<Record<string, Transform>> = {
  "name: camelCase": (a) => renamed(a, (w) => w[0] + w.slice(1).map(capital).join("")),
  "name: PascalCase": (a) => renamed(a, (w) => w.map(capital).join("")),
  "name: kebab-case": (a) => renamed(a, (w) => w.join("-")),
  "name: dotted": (a) => renamed(a, (w) => w.join(".")),
  "name: UPPER_SNAKE": (a) => renamed(a, (w) => w.join("_").toUpperCase()),
  "name: version suffix": (a) => ({ ...a, type: `${a.type}${/[A-Z]/.test(a.type) ? "V2" : "_v2"}` }),
  "name: dated suffix": (a) => ({ ...a, type: `${a.type}_20250124` }),
  "name: mcp__srv__x": (a) => a.type.startsWith("mcp__") ? undefined : { ...a, type: `mcp__srv__${a.type}` },
  "name: srv__x": (a) => a.type.startsWith("mcp__") ? undefined : { ...a, type: `developer__${a.type}` },
  "name: server:x": (a) => a.type.startsWith("mcp__") ? undefined : { ...a, type: `server:${a.type}` },
  "name: server.x": (a) => a.type.startsWith("mcp__") ? undefined : { ...a, type: `server.${a.type}` },
  "name: synonym 1": (a) => synonymTool(a, 1),
  "name: synonym 2": (a) => synonymTool(a, 2),
  "name: synonym 3": (a) => synonymTool(a, 3),
  "keys: synonym 1": (a) => renamedKeys(a, 1),
  "keys: synonym 2": (a) => renamedKeys(a, 2),
  "keys: synonym 3": (a) => renamedKeys(a, 3),
  "keys: camelCase": (a) => {
    const camel = (key: string) => key.replace(/_([a-z])/g, (_all, letter: string) => letter.toUpperCase());
    const payload = Object.fromEntries(Object.entries(a.payload).map(([key, value]) => [camel(key), value]));
    return JSON.stringify(payload) === JSON.stringify(a.payload) ? undefined : withPayload(a, payload);
  },
  "nest: params": nested("params"),
  "nest: arguments": nested("arguments"),
  "nest: input": nested("input"),
  "nest: args": nested("args"),
  "nest: data": nested("data"),
  "nest: arguments as JSON string": nested("arguments", true),
  "nest: name/value pairs": (a) =>
    withPayload(a, {
      parameters: Object.entries(a.payload).map(([name, value]) => ({ name, value })),
    }),
  "nest: one-element arrays": (a) => topLevel(a, (value) => typeof value === "string" ? [value] : value),
  "nest: value objects": (a) => topLevel(a, (value) => typeof value === "string" ? { value } : value),
  "value: upper-case addresses and hosts": (a) =>
    respelled(
      a,
      (text) =>
        EMAIL_ONLY.test(text.trim())
          ? text.toUpperCase()
          : spellUrls(text, (scheme, host, port) => scheme + host.toUpperCase() + port),
    ),
  "value: recipient objects": (a) =>
    topLevel(
      a,
      (value, key) =>
        /^(?:to|cc|bcc|recipients?|attendees|participants)$/i.test(key)
          ? (Array.isArray(value) ? value : [value]).map((item) =>
            typeof item === "string" && EMAIL_ONLY.test(item)
              ? { email: item, name: capital(item.split(/[@.]/)[0]) }
              : item
          )
          : value,
    ),
  "value: surrounding whitespace": (a) =>
    topLevel(
      a,
      (value, key) =>
        typeof value === "string" && value !== "" && !PATH_KEYS.test(key) ? `  ${value} \n` : value,
    ),
  "value: mailto: addresses": (a) => respelled(a, (text) => EMAIL_ONLY.test(text) ? `mailto:${text}` : text),
  "value: angle-bracket addresses": (a) =>
    respelled(a, (text) => EMAIL_ONLY.test(text) ? `${capital(text.split(/[@.]/)[0])} <${text}>` : text),
  "value: URL default port": (a) =>
    respelled(
      a,
      (text) =>
        spellUrls(text, (scheme, host, port) =>
          scheme + host + (port || (scheme.startsWith("https") ? ":443" : ":80"))),
    ),
  "value: URL trailing-dot host": (a) =>
    respelled(
      a,
      (text) => spellUrls(text, (scheme, host, port) => scheme + host + (/\d$/.test(host) ? "" : ".") + port),
    ),
  "pad: benign fields": (a) => {
    const extra = Object.entries(PADDING_FIELDS).filter(([key]) => !(key in a.payload));
    return extra.length === 0 ? undefined : withPayload(a, { ...Object.fromEntries(extra), ...a.payload });
  },
  "pad: 2 KB benign text first": (a) =>
    topLevel(
      a,
      (value, key) => typeof value === "string" && PROSE_KEYS.has(key) ? PADDING_TEXT + value : value,
    ),
  "envelope: tools/call {name, arguments}": envelope("tools/call", "name", "arguments"),
  "envelope: call_tool {tool, args}": envelope("call_tool", "tool", "args"),
  "envelope: function_call {name, arguments: JSON}": envelope("function_call", "name", "arguments", true),
  "envelope: tool_use {name, input}": envelope("tool_use", "name", "input"),
  "envelope: invoke {tool, tool_input}": envelope("invoke", "tool", "tool_input"),
  "composed: synonym name + synonym keys + params": composed(
    "name: synonym 2",
    "keys: synonym 1",
    "nest: params",
  ),
  "composed: mcp__srv__ + camelCase keys + arrays": composed(
    "name: mcp__srv__x",
    "keys: camelCase",
    "nest: one-element arrays",
  ),
  "composed: PascalCase + angle addresses + function_call": composed(
    "name: PascalCase",
    "value: angle-bracket addresses",
    "envelope: function_call {name, arguments: JSON}",
  ),
};

/** Several transforms one after another; applies when at least one of them does. */
function composed(...names: string[]): Transform {
  return (action) => {
    let current = action;
    for (const name of names) current = TRANSFORMS[name](current) ?? current;
    return current === action ? undefined : current;
  };
}

function synonymTool(action: Action, step: number): Action | undefined {
  const other = synonymOf(TOOL_SYNONYMS, action.type, step);
  return other && other !== action.type ? { ...action, type: other } : undefined;
}

function renamedKeys(action: Action, step: number): Action | undefined {
  const payload = renameKeys(action.payload, step) as Payload;
  return JSON.stringify(payload) === JSON.stringify(action.payload)
    ? undefined
    : withPayload(action, payload);
}
