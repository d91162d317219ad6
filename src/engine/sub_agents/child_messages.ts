/** The engine's check of what a child writes: every line is hostile input and must fit these schemas exactly
 * (a line that does not ends the child). */
import { z } from "zod";
import type { ChildMessage } from "./protocol.ts";

const toolCall = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  arguments: z.string(),
  signature: z.string().optional(),
}).strict();

export const childMessage: z.ZodType<ChildMessage> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready") }).strict(),
  z.object({ type: z.literal("round"), round: z.number().int().min(1) }).strict(),
  z.object({ type: z.literal("token"), text: z.string().max(100_000) }).strict(),
  z.object({
    type: z.literal("usage"),
    input_tokens: z.number().int().min(0),
    output_tokens: z.number().int().min(0),
  }).strict(),
  z.object({
    type: z.literal("assistant"),
    content: z.string(),
    tool_calls: z.array(toolCall).min(1).max(64),
  })
    .strict(),
  z.object({ type: z.literal("tool_call"), call_id: z.string() }).strict(),
  z.object({ type: z.literal("done"), content: z.string() }).strict(),
  z.object({ type: z.literal("failed"), code: z.string().max(100), message: z.string().max(4000) }).strict(),
]);

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
