/** Converts Parapet chat messages to the Anthropic Messages API: the system prompt apart, tool results as
 * user `tool_result` blocks, consecutive same-role turns merged (the API requires alternating roles). */

import type { ChatMessage, ToolSpec } from "../types.ts";

export type AnthropicBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
  | { type: "tool_result"; tool_use_id: string; content: string };

export interface AnthropicMessage {
  role: "user" | "assistant";
  content: AnthropicBlock[];
}

export interface AnthropicPrompt {
  system?: string;
  messages: AnthropicMessage[];
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export function convertToAnthropicMessages(messages: ChatMessage[]): AnthropicPrompt {
  const system: string[] = [];
  const turns: AnthropicMessage[] = [];
  for (const message of messages) {
    if (message.role === "system") {
      system.push(message.content);
      continue;
    }
    const role = message.role === "assistant" ? "assistant" : "user";
    const blocks = toBlocks(message);
    if (blocks.length === 0) continue;
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  }
  return { ...(system.length > 0 ? { system: system.join("\n\n") } : {}), messages: turns };
}

export function convertToAnthropicTools(tools: ToolSpec[]): AnthropicTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.parameters,
  }));
}

function toBlocks(message: Exclude<ChatMessage, { role: "system" }>): AnthropicBlock[] {
  switch (message.role) {
    case "user":
      // The API rejects empty text blocks.
      return message.content === "" ? [] : [{ type: "text", text: message.content }];
    case "assistant": {
      const text: AnthropicBlock[] = message.content === "" ? [] : [{ type: "text", text: message.content }];
      const calls = (message.tool_calls ?? []).map((call): AnthropicBlock => ({
        type: "tool_use",
        id: call.id,
        name: call.name,
        input: parseInput(call.arguments),
      }));
      return [...text, ...calls];
    }
    case "tool":
      return [{ type: "tool_result", tool_use_id: message.tool_call_id, content: message.content }];
  }
}

/** `input` must be an object; arguments the model got wrong are sent back as an empty object. */
function parseInput(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}
