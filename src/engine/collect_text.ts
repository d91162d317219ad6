/** Runs one non-tool LLM call and collects its whole text answer (compaction, Tier 2). */
import type { ChatMessage, LanguageModel } from "../providers/types.ts";

export async function collectText(
  model: LanguageModel,
  messages: ChatMessage[],
  maxTokens: number,
  signal?: AbortSignal,
): Promise<{ text: string; inputTokens: number; outputTokens: number }> {
  let text = "";
  let inputTokens = 0;
  let outputTokens = 0;
  for await (const event of model.stream({ messages, maxTokens, signal })) {
    if (event.type === "text-delta") text += event.text;
    else if (event.type === "usage") {
      inputTokens += event.input_tokens;
      outputTokens += event.output_tokens;
    }
  }
  return { text: text.trim(), inputTokens, outputTokens };
}
