/** Converts Parapet chat messages to Gemini `contents` (roles user/model, functionCall and functionResponse
 * parts) plus `systemInstruction`; consecutive same-role turns are merged. */

import type { ChatMessage, ToolSpec } from "../types.ts";

/** Gemini's documented placeholder for calls whose thought signature was not kept (or came from elsewhere). */
const SKIP_THOUGHT_SIGNATURE = "skip_thought_signature_validator";

export type GooglePart =
  | { text: string }
  | { functionCall: { name: string; args: Record<string, unknown> }; thoughtSignature?: string }
  | { functionResponse: { name: string; response: Record<string, unknown> } };

export interface GoogleContent {
  role: "user" | "model";
  parts: GooglePart[];
}

export interface GooglePrompt {
  systemInstruction?: { parts: { text: string }[] };
  contents: GoogleContent[];
}

export interface GoogleTool {
  functionDeclarations: {
    name: string;
    description: string;
    parametersJsonSchema: Record<string, unknown>;
  }[];
}

export function convertToGoogleContents(messages: ChatMessage[]): GooglePrompt {
  const system: string[] = [];
  const contents: GoogleContent[] = [];
  for (const message of messages) {
    if (message.role === "system") {
      system.push(message.content);
      continue;
    }
    const role = message.role === "assistant" ? "model" : "user";
    const parts = toParts(message);
    if (parts.length === 0) continue;
    const last = contents.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  }
  const instruction = system.length > 0
    ? { systemInstruction: { parts: [{ text: system.join("\n\n") }] } }
    : {};
  return { ...instruction, contents };
}

/** Tools as JSON Schema (`parametersJsonSchema`), so zod's `$schema` and `additionalProperties` pass as is. */
export function convertToGoogleTools(tools: ToolSpec[]): GoogleTool[] {
  if (tools.length === 0) return [];
  return [{
    functionDeclarations: tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      parametersJsonSchema: tool.parameters,
    })),
  }];
}

function toParts(message: Exclude<ChatMessage, { role: "system" }>): GooglePart[] {
  switch (message.role) {
    case "user":
      return message.content === "" ? [] : [{ text: message.content }];
    case "assistant": {
      const text: GooglePart[] = message.content === "" ? [] : [{ text: message.content }];
      const calls = (message.tool_calls ?? []).map((call): GooglePart => ({
        functionCall: { name: call.name, args: parseObject(call.arguments) ?? {} },
        thoughtSignature: call.signature ?? SKIP_THOUGHT_SIGNATURE,
      }));
      return [...text, ...calls];
    }
    case "tool":
      return [{ functionResponse: { name: message.name, response: toResponse(message.content) } }];
  }
}

/** `response` must be an object: a JSON object result is passed through, anything else is wrapped. */
function toResponse(content: string): Record<string, unknown> {
  return parseObject(content) ?? { content };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
