/** Parses the raw JSON arguments a model produced for a tool and validates them against its schema. */
import type { AnyTool } from "./types.ts";

export type ParsedArguments =
  | { ok: true; args: Record<string, unknown> }
  | { ok: false; error: string };

export function parseToolArguments(tool: AnyTool, rawJsonText: string): ParsedArguments {
  let value: unknown;
  // Models send "" for a call without arguments.
  if (rawJsonText.trim() === "") value = {};
  else {
    try {
      value = JSON.parse(rawJsonText);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, error: `Invalid arguments for "${tool.name}": not valid JSON: ${detail}` };
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, error: `Invalid arguments for "${tool.name}": expected a JSON object` };
  }
  const result = tool.parameters.safeParse(value);
  if (result.success) return { ok: true, args: result.data as Record<string, unknown> };
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.length ? issue.path.map(String).join(".") : "(arguments)";
    return `${where}: ${issue.message}`;
  });
  return { ok: false, error: `Invalid arguments for "${tool.name}": ${problems.join("; ")}` };
}
