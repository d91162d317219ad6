/** Maps a Gemini `finishReason` to the normalized FinishReason. */

import type { FinishReason } from "../types.ts";

const FILTERED = new Set(["SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY"]);

export function mapGoogleFinishReason(reason: string | undefined, sawToolCalls: boolean): FinishReason {
  if (reason === "STOP") return sawToolCalls ? "tool_calls" : "stop";
  if (reason === "MAX_TOKENS") return "length";
  if (reason !== undefined && FILTERED.has(reason)) return "content_filter";
  return "other";
}
