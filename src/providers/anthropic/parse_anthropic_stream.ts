/** Turns Anthropic Messages streaming events (message_start, content_block_*, message_delta, message_stop,
 * error) into normalized stream events. Pure and stateful: one parser per response. */

import { ProviderError } from "../../lib/errors.ts";
import { asCount, asRecord, asString } from "../shared/as_record.ts";
import type { StreamEvent } from "../types.ts";
import { mapAnthropicStopReason } from "./map_anthropic_stop_reason.ts";

interface ToolBlock {
  id: string;
  name: string;
  json: string;
  /** `input` of content_block_start, used when no input_json_delta follows. */
  initialInput: unknown;
}

export interface AnthropicStreamParser {
  /** Events carried by one SSE event (`data` already parsed as JSON). */
  push(data: unknown): StreamEvent[];
  /** Closing events (usage, finish); throws when message_stop never came. */
  finish(): StreamEvent[];
}

/** Error types worth a second try, per https://docs.anthropic.com/en/api/errors. */
const RETRYABLE_ERRORS = new Set(["overloaded_error", "api_error", "rate_limit_error", "timeout_error"]);

export function createAnthropicStreamParser(label: string): AnthropicStreamParser {
  const tools = new Map<number, ToolBlock>();
  let inputTokens = 0;
  let outputTokens = 0;
  let stopReason: string | undefined;
  let stopped = false;

  return {
    push(data) {
      const event = asRecord(data);
      switch (event.type) {
        case "message_start": {
          const usage = asRecord(asRecord(event.message).usage);
          inputTokens = asCount(usage.input_tokens) + asCount(usage.cache_creation_input_tokens) +
            asCount(usage.cache_read_input_tokens);
          outputTokens = asCount(usage.output_tokens);
          return [];
        }
        case "content_block_start":
          return startBlock(tools, event);
        case "content_block_delta":
          return applyDelta(tools, event);
        case "content_block_stop":
          return stopBlock(tools, event);
        case "message_delta": {
          stopReason = asString(asRecord(event.delta).stop_reason) ?? stopReason;
          const usage = asRecord(event.usage);
          if (typeof usage.output_tokens === "number") outputTokens = asCount(usage.output_tokens);
          return [];
        }
        case "message_stop":
          stopped = true;
          return [];
        case "error":
          throw streamError(label, event.error);
        default:
          // ping and event types added later carry nothing we use.
          return [];
      }
    },
    finish() {
      if (!stopped) {
        throw new ProviderError(`Call to ${label} failed: the stream ended before message_stop`, true);
      }
      return [
        { type: "usage", input_tokens: inputTokens, output_tokens: outputTokens },
        { type: "finish", reason: mapAnthropicStopReason(stopReason) },
      ];
    },
  };
}

function startBlock(tools: Map<number, ToolBlock>, event: Record<string, unknown>): StreamEvent[] {
  const block = asRecord(event.content_block);
  if (block.type === "tool_use") {
    const id = asString(block.id) ?? "";
    tools.set(asCount(event.index), {
      id,
      name: asString(block.name) ?? "",
      json: "",
      initialInput: block.input,
    });
    return [];
  }
  if (block.type === "text" && typeof block.text === "string" && block.text !== "") {
    return [{ type: "text-delta", text: block.text }];
  }
  if (block.type === "thinking" && typeof block.thinking === "string" && block.thinking !== "") {
    return [{ type: "reasoning-delta", text: block.thinking }];
  }
  return [];
}

function applyDelta(tools: Map<number, ToolBlock>, event: Record<string, unknown>): StreamEvent[] {
  const delta = asRecord(event.delta);
  switch (delta.type) {
    case "text_delta":
      return delta.text ? [{ type: "text-delta", text: String(delta.text) }] : [];
    case "thinking_delta":
      return delta.thinking ? [{ type: "reasoning-delta", text: String(delta.thinking) }] : [];
    case "input_json_delta": {
      const tool = tools.get(asCount(event.index));
      if (tool) tool.json += asString(delta.partial_json) ?? "";
      return [];
    }
    default:
      // signature_delta and citations_delta are not part of the normalized events.
      return [];
  }
}

function stopBlock(tools: Map<number, ToolBlock>, event: Record<string, unknown>): StreamEvent[] {
  const index = asCount(event.index);
  const tool = tools.get(index);
  if (!tool) return [];
  tools.delete(index);
  const initial = asRecord(tool.initialInput);
  const fallback = Object.keys(initial).length > 0 ? JSON.stringify(initial) : "{}";
  const args = tool.json.trim() === "" ? fallback : tool.json;
  return [{ type: "tool-call", call: { id: tool.id, name: tool.name, arguments: args } }];
}

function streamError(label: string, error: unknown): ProviderError {
  const detail = asRecord(error);
  const type = asString(detail.type) ?? "error";
  const message = asString(detail.message) ?? "unknown error";
  return new ProviderError(`Call to ${label} failed: ${type}: ${message}`, RETRYABLE_ERRORS.has(type));
}
