/** Collects a whole answer from a streaming model, for callers that need no streaming (compaction, the
 * Shield Tier 2 evaluator, the init wizard's model check). */

import type { ChatMessage, FinishReason, LanguageModel, ToolCall, ToolSpec } from "./types.ts";

export interface CompleteOptions {
  /** Default 4096 (the spec's agents.max_response_tokens default). */
  maxTokens?: number;
  signal?: AbortSignal;
  tools?: ToolSpec[];
}

export interface Completion {
  text: string;
  reasoning: string;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  /** Null when the provider reported no usage. */
  usage: { input_tokens: number; output_tokens: number } | null;
}

/** Throws like `stream()`: ProviderError on failure, a DOMException named "AbortError" on abort. */
export async function complete(
  model: LanguageModel,
  messages: ChatMessage[],
  options: CompleteOptions = {},
): Promise<Completion> {
  const result: Completion = { text: "", reasoning: "", toolCalls: [], finishReason: "other", usage: null };
  const request = {
    messages,
    tools: options.tools,
    maxTokens: options.maxTokens ?? 4096,
    signal: options.signal,
  };
  for await (const event of model.stream(request)) {
    switch (event.type) {
      case "text-delta":
        result.text += event.text;
        break;
      case "reasoning-delta":
        result.reasoning += event.text;
        break;
      case "tool-call":
        result.toolCalls.push(event.call);
        break;
      case "usage":
        result.usage = { input_tokens: event.input_tokens, output_tokens: event.output_tokens };
        break;
      case "finish":
        result.finishReason = event.reason;
        break;
    }
  }
  return result;
}
