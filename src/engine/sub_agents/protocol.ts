/** The line protocol between the engine and a sub-agent child process: one JSON object per line on the child's
 * stdin (engine -> child) and stdout (child -> engine). Plain types here, no schema library, so the child starts
 * fast; the engine checks every child line against child_messages.ts. */
import type { ModelEntry, ToolCall, ToolSpec } from "../../providers/types.ts";

/** A child line longer than this ends the child (a tool call's arguments included). */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

export interface StartMessage {
  type: "start";
  task: string;
  system_prompt: string;
  model: Pick<ModelEntry, "name" | "provider" | "model" | "base_url">;
  /** Handed over the pipe, never through the environment or the command line. */
  api_key?: string;
  tools: ToolSpec[];
  max_rounds: number;
  max_response_tokens: number;
}

/** Engine -> child. `message` is a message from the parent agent, read before the child's next round. */
export type ParentMessage =
  | StartMessage
  | { type: "tool_result"; call_id: string; content: string; is_error: boolean }
  | { type: "message"; content: string };

/** Child -> engine. */
export type ChildMessage =
  | { type: "ready" }
  /** Sent before each LLM call; the engine counts them against agents.max_sub_agent_rounds. */
  | { type: "round"; round: number }
  | { type: "token"; text: string }
  | { type: "usage"; input_tokens: number; output_tokens: number }
  /** The end of a round that asked for tools: its text and every call, for the transcript. */
  | { type: "assistant"; content: string; tool_calls: ToolCall[] }
  /** One announced call to run; the child waits for its `tool_result` before sending the next. */
  | { type: "tool_call"; call_id: string }
  | { type: "done"; content: string }
  | { type: "failed"; code: string; message: string };

export function encodeLine(message: ParentMessage | ChildMessage): string {
  return JSON.stringify(message) + "\n";
}

/** Splits a byte stream into lines, refusing any line over `maxBytes`. */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
  maxBytes = MAX_LINE_BYTES,
): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of stream) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.length > maxBytes) throw new Error(`A line is longer than ${maxBytes} bytes`);
      if (line.trim()) yield line;
    }
    if (buffer.length > maxBytes) throw new Error(`A line is longer than ${maxBytes} bytes`);
  }
  if (buffer.trim()) yield buffer;
}
