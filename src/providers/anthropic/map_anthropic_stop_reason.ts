/** Maps an Anthropic `stop_reason` to the normalized FinishReason. */

import type { FinishReason } from "../types.ts";

export function mapAnthropicStopReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case "end_turn":
    case "stop_sequence":
      return "stop";
    case "tool_use":
      return "tool_calls";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "refusal":
      return "content_filter";
    default:
      return "other";
  }
}
