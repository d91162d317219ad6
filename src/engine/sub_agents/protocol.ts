/** The line protocol between the engine and a sub-agent child process: one JSON object per line on the child's
 * stdin (engine → child) and stdout (child → engine). The engine treats every child line as hostile input:
 * it is parsed with these schemas, and a line that does not fit ends the child. */
import { z } from "zod";

/** A child line longer than this ends the child (a tool call's arguments included). */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

const modelEntry = z.object({
  name: z.string(),
  provider: z.enum(["openai", "anthropic", "google", "ollama"]),
  model: z.string(),
  base_url: z.string().optional(),
});

const toolSpec = z.object({
  name: z.string(),
  description: z.string(),
  parameters: z.record(z.string(), z.unknown()),
});

const toolCall = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  arguments: z.string(),
  signature: z.string().optional(),
});

/** Engine → child. */
export const parentMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("start"),
    task: z.string(),
    system_prompt: z.string(),
    model: modelEntry,
    /** Handed over the pipe, never through the environment or the command line. */
    api_key: z.string().optional(),
    tools: z.array(toolSpec),
    max_rounds: z.number().int().min(1),
    max_response_tokens: z.number().int().min(1),
  }),
  z.object({
    type: z.literal("tool_result"),
    call_id: z.string(),
    content: z.string(),
    is_error: z.boolean(),
  }),
  /** A message from the parent agent (agent_message), read before the child's next LLM round. */
  z.object({ type: z.literal("message"), content: z.string() }),
]);
export type ParentMessage = z.infer<typeof parentMessage>;
export type StartMessage = Extract<ParentMessage, { type: "start" }>;

/** Child → engine. */
export const childMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready") }),
  /** Sent before each LLM call; the engine counts them against agents.max_sub_agent_rounds. */
  z.object({ type: z.literal("round"), round: z.number().int().min(1) }),
  z.object({ type: z.literal("token"), text: z.string().max(100_000) }),
  z.object({
    type: z.literal("usage"),
    input_tokens: z.number().int().min(0),
    output_tokens: z.number().int().min(0),
  }),
  /** The end of a round that asked for tools: its text and every call, for the transcript. */
  z.object({
    type: z.literal("assistant"),
    content: z.string(),
    tool_calls: z.array(toolCall).min(1).max(64),
  }),
  /** One call to run; the child waits for its `tool_result` before sending the next. */
  z.object({ type: z.literal("tool_call"), call_id: z.string() }),
  z.object({ type: z.literal("done"), content: z.string() }),
  z.object({ type: z.literal("failed"), code: z.string().max(100), message: z.string().max(4000) }),
]);
export type ChildMessage = z.infer<typeof childMessage>;

export function encodeLine(message: ParentMessage | ChildMessage): string {
  return JSON.stringify(message) + "\n";
}

export type Decoded<T> = { ok: true; message: T } | { ok: false; error: string };

/** Parses one line with a schema; never throws. */
export function decodeLine<T>(schema: z.ZodType<T>, line: string): Decoded<T> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, error: `Line is not JSON: "${line.slice(0, 80)}"` };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: `Line does not fit the protocol: ${issue.path.join(".")}: ${issue.message}` };
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
