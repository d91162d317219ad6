/** Maps an OpenAI-compatible `finish_reason` to the normalized FinishReason. */

import type { FinishReason } from "../types.ts";

export function mapOpenAiFinishReason(
  reason: string | null | undefined,
  sawToolCalls: boolean,
): FinishReason {
  switch (reason) {
    case "stop":
      // Some compatible servers (older ollama) say "stop" even when the answer is tool calls.
      return sawToolCalls ? "tool_calls" : "stop";
    case "tool_calls":
    case "function_call":
      return "tool_calls";
    case "length":
      return "length";
    case "content_filter":
      return "content_filter";
    default:
      return "other";
  }
}
