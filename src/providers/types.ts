/** The one streaming interface every LLM provider implements, with normalized events. */

export interface ToolCall {
  id: string;
  name: string;
  /** Raw JSON text of the arguments exactly as the model produced it (may be invalid JSON). */
  arguments: string;
  /** Opaque vendor token that must be sent back with this call in later requests (Gemini thoughtSignature). */
  signature?: string;
}

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; name: string; content: string };

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema (type: "object") of the arguments. */
  parameters: Record<string, unknown>;
}

export type FinishReason = "stop" | "tool_calls" | "length" | "content_filter" | "other";

export type StreamEvent =
  | { type: "text-delta"; text: string }
  | { type: "reasoning-delta"; text: string }
  | { type: "tool-call"; call: ToolCall }
  | { type: "usage"; input_tokens: number; output_tokens: number }
  | { type: "finish"; reason: FinishReason };

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  maxTokens: number;
  signal?: AbortSignal;
}

export interface LanguageModel {
  readonly provider: string;
  readonly model: string;
  /** Streams one response. Throws ProviderError (from src/lib/errors.ts) on failure. */
  stream(request: ChatRequest): AsyncIterable<StreamEvent>;
}

export interface EmbeddingModel {
  readonly model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** One `models[]` entry of config.yaml. */
export interface ModelEntry {
  name: string;
  provider: "openai" | "anthropic" | "google" | "ollama";
  model: string;
  api_key_env?: string;
  base_url?: string;
}

/** What a provider needs from the outside world; injected so tests need no network. */
export interface ProviderDeps {
  fetch: typeof fetch;
  /** Reads an environment variable (only the config layer touches Deno.env). */
  env: (name: string) => string | undefined;
  /** Milliseconds of stream silence before the call fails with a retryable ProviderError (default 60000). */
  idleTimeoutMs?: number;
  /** Sleep used between retries (injected so tests do not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** Id for tool calls the vendor sends without one (Gemini); default newId("call_"). */
  generateId?: () => string;
}
