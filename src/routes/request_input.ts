/** Parsing of request bodies and query strings with zod: bad input becomes a 400 naming the field. */
import type { Context } from "hono";
import type { z } from "zod";
import { ValidationError } from "../lib/errors.ts";

export async function readJsonBody<T>(context: Context, schema: z.ZodType<T>, optional = false): Promise<T> {
  const text = await context.req.text();
  if (text.trim() === "") {
    if (optional) return schema.parse({});
    throw new ValidationError("Request body must be a JSON object");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ValidationError(`Request body is not valid JSON: ${(error as Error).message}`, "INVALID_JSON");
  }
  return parseWith(schema, value, "Request body");
}

export function readQuery<T>(context: Context, schema: z.ZodType<T>): T {
  return parseWith(schema, context.req.query(), "Query");
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length > 0 ? `field "${issue.path.join(".")}"` : "value";
  throw new ValidationError(`${what} ${field}: ${issue.message}`);
}
