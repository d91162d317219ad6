/** Calls carried inside a generic call envelope (`tools/call {name, arguments}` as MCP's JSON-RPC writes it,
 * `call_tool {tool, args}`, `invoke_tool {tool_name, input}`, OpenAI's `function_call {name, arguments}`,
 * Anthropic's `tool_use {name, input}`, LangChain's `invoke {tool, tool_input}`): the effects are those of the carried call, so the
 * envelope is opened and the carried tool judged by its own name and arguments (arguments given as a JSON string
 * are parsed). An envelope whose carried call cannot be read stays as it is. */

import type { Action } from "../types.ts";
import { compactName, mcpParts } from "./words.ts";

const ENVELOPES = new Set([
  "toolscall",
  "toolcall",
  "calltool",
  "mcpcall",
  "mcptoolcall",
  "invoketool",
  "usetool",
  "runtool",
  "executetool",
  "functioncall",
  "tooluse",
  "invoke",
  "toolinvocation",
  "functioninvocation",
  // Round 80: Cline's and Roo Code's MCP call (`use_mcp_tool {server_name, tool_name, arguments}`).
  "usemcptool",
  "callmcptool",
  // Round 92: OpenAI's chat message fields (`tool_calls: [{function: {name, arguments}}]`).
  "toolcalls",
  "functioncalls",
]);
const NAME_KEYS = ["name", "tool", "tool_name", "toolName"];
const ARGUMENT_KEYS = ["arguments", "args", "input", "params", "parameters", "tool_input", "kwargs"];
const MAX_DEPTH = 3;
const SERVER_PREFIX = /^[\w-]{1,40}(?:__|:|\.)(?=[\w/-]+$)/;
const NAME_SUFFIX = /[_-](?:v\d{1,3}|\d{8})$/i;

function isEnvelope(name: string): boolean {
  const lower = name.toLowerCase();
  return (lower.includes("call") || lower.includes("tool") || lower.includes("invo")) &&
    ENVELOPES.has(compactName(name));
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === "string" && value.length < 64 * 1024 && value.trimStart().startsWith("{")) {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return value && typeof value === "object" && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
}

/** The call an envelope carries, opened up to three levels deep; undefined when `action` is no envelope. */
export function carriedCall(action: Action): Action | undefined {
  let current = action;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (typeof current.type !== "string") break;
    // Round 80: a server prefix (`srv__`, `server:`, `server.`) and a version or date suffix (`_v2`, `_20250124`) on
    // the envelope's own name leave it the envelope it is (`server:tools/call_v2`).
    const name = mcpParts(current.type)?.tool ?? current.type;
    if (!isEnvelope(name) && !isEnvelope(name.replace(SERVER_PREFIX, "").replace(NAME_SUFFIX, ""))) break;
    // Round 80: a JSON-RPC request whose call is under `params` (`{jsonrpc, method: "tools/call", params: {name,
    // arguments}}`, as MCP's wire format writes it).
    // Round 92: OpenAI's `tool_calls: [{id, type, function: {name, arguments}}]` and `function: {name, arguments}`
    // (arguments a JSON string): the first call is carried, the others are kept beside it.
    const listed = current.payload.tool_calls;
    if (
      Array.isArray(listed) && listed.length > 0 &&
      NAME_KEYS.every((key) => current.payload[key] === undefined)
    ) {
      const first = objectOf(listed[0]);
      const { tool_calls: _calls, ...rest } = current.payload;
      if (first) {
        current = {
          ...current,
          payload: { ...rest, ...first, ...(listed.length > 1 ? { other_calls: listed.slice(1) } : {}) },
        };
      }
    }
    const fn = objectOf(current.payload.function);
    if (fn && typeof fn.name === "string" && NAME_KEYS.every((key) => current.payload[key] === undefined)) {
      const { function: _fn, ...rest } = current.payload;
      current = { ...current, payload: { ...rest, ...fn } };
    }
    const params = objectOf(current.payload.params);
    if (params && NAME_KEYS.every((key) => current.payload[key] === undefined)) {
      if (NAME_KEYS.some((key) => typeof params[key] === "string")) current = { ...current, payload: params };
    }
    const carried = NAME_KEYS.map((key) => current.payload[key]).find((value) =>
      typeof value === "string" && /^[\w./:-]{1,128}$/.test(value)
    ) as string | undefined;
    const argumentKey = ARGUMENT_KEYS.find((key) => current.payload[key] !== undefined);
    const payload = argumentKey === undefined ? {} : objectOf(current.payload[argumentKey]);
    if (!carried || !payload) break;
    const others = Object.keys(current.payload).filter((key) =>
      !NAME_KEYS.includes(key) && key !== argumentKey &&
      !/^(?:jsonrpc|id|method|server|server_name|type)$/i.test(key)
    );
    // Anything else beside the call is kept, so nothing in the envelope goes unread.
    const kept = Object.fromEntries(others.map((key) => [key, current.payload[key]]));
    current = { ...current, type: carried, payload: { ...kept, ...payload } };
  }
  return current === action ? undefined : current;
}
