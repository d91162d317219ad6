/** Shapes of the MCP poisoning matrix (round 11b): a tool call (`mcp__server__tool` beside the JSON-RPC
 * `tools/call` frame), a tool registration (`register_tool` beside a `tools/list` answer) and a tool result or
 * resource (`tool_result` beside `resources/read` and `prompts/get` answers), each row with a benign twin. */

import { action, type MatrixRow } from "./matrix_rows.ts";

/** A call of `tool` on `server`: ours is Claude Code's `mcp__server__tool`, the other the JSON-RPC frame. */
export function callRow(
  intent: string,
  mechanism: string,
  tool: string,
  attack: Record<string, unknown>,
  benign: Record<string, unknown>,
): MatrixRow {
  const [server, name] = tool.split(".");
  return {
    intent,
    mechanism,
    attack: action(`mcp__${server}__${name}`, attack),
    other: action("tools/call", { name, arguments: attack }),
    benign: action(`mcp__${server}__${name}`, benign),
  };
}

export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema?: Record<string, unknown>;
}

/** A tool registered or listed: ours is `register_tool`, the other a `tools/list` answer (the first listing, or the
 * `notifications/tools/list_changed` re-listing of a rug pull). */
export function registrationRow(
  intent: string,
  mechanism: string,
  attack: ToolDefinition,
  benign: ToolDefinition,
): MatrixRow {
  const schema = (tool: ToolDefinition) => tool.inputSchema ?? { type: "object", properties: {} };
  return {
    intent,
    mechanism,
    attack: action("register_tool", { ...attack, inputSchema: schema(attack) }),
    other: action("tools/list", { tools: [{ ...attack, inputSchema: schema(attack) }] }),
    benign: action("register_tool", { ...benign, inputSchema: schema(benign) }),
  };
}

let resultTurn = 0;

/** A tool result (ours: `tool_result`), the other shape taken in turn from a resource read, a prompt and a JSON-RPC
 * `tools/call` answer. */
export function resultRow(intent: string, mechanism: string, attack: string, benign: string): MatrixRow {
  const others = [
    (text: string) =>
      action("resources/read", {
        contents: [{ uri: "file:///docs/setup.md", mimeType: "text/markdown", text }],
      }),
    (text: string) =>
      action("prompts/get", {
        description: "Project helper",
        messages: [{ role: "user", content: { type: "text", text } }],
      }),
    (text: string) =>
      action("tools/call/result", {
        jsonrpc: "2.0",
        id: 7,
        result: { content: [{ type: "text", text }], isError: false },
      }),
  ];
  const result = (text: string) =>
    action("tool_result", { tool_use_id: "toolu_01A", content: [{ type: "text", text }] });
  return {
    intent,
    mechanism,
    attack: result(attack),
    other: others[resultTurn++ % others.length](attack),
    benign: result(benign),
  };
}

/** A property of an input schema. */
export function property(description: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: "string", description, ...extra };
}

export function schemaOf(properties: Record<string, unknown>): Record<string, unknown> {
  return { type: "object", properties, required: Object.keys(properties).slice(0, 1) };
}
