/** Turns one tool an MCP server listed into an engine tool: its arguments validated against the server's
 * schema, its annotations handed to Shield, and -- unless it declares itself read-only -- judged at least by
 * Tier 2 (or the human), since what it does cannot be established from its name alone (contract 15). */
import { z } from "zod";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types";
import type { AnyTool, ToolAnnotations, ToolResult } from "../types.ts";
import { capDescription, capSchemaText } from "./description_guard.ts";

const MAX_OUTPUT_CHARS = 60_000;

export interface McpCaller {
  call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult>;
}

export function mcpTool(server: string, listed: Tool, name: string, caller: McpCaller): AnyTool {
  const annotations = annotationsOf(listed);
  const readOnly = annotations.readOnlyHint === true && annotations.destructiveHint !== true;
  const schema = capSchemaText(listed.inputSchema ?? { type: "object" }) as Record<string, unknown>;
  const title = listed.annotations?.title ?? listed.title;
  const description = capDescription(
    `${title ? `${title}: ` : ""}${listed.description ?? ""}`.trim() ||
      `Tool "${listed.name}" of MCP server "${server}"`,
  );
  return {
    name,
    group: "mcp",
    description: `[MCP server "${server}"] ${description}`,
    parameters: argumentSchema(schema),
    inputSchema: schema,
    annotations,
    writes: !readOnly,
    minimumTier: readOnly ? undefined : 2,
    async execute(args, context): Promise<ToolResult> {
      const result = await caller.call(listed.name, args, context.signal);
      return { output: outputText(result), isError: result.isError === true };
    },
  };
}

function annotationsOf(listed: Tool): ToolAnnotations {
  const source = listed.annotations ?? {};
  const annotations: ToolAnnotations = {};
  for (const key of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
    if (typeof source[key] === "boolean") annotations[key] = source[key];
  }
  return annotations;
}

/** The server's JSON Schema as a validator; a schema zod cannot read still requires a JSON object. */
function argumentSchema(schema: Record<string, unknown>): z.ZodType<Record<string, unknown>> {
  try {
    return z.fromJSONSchema(schema) as z.ZodType<Record<string, unknown>>;
  } catch {
    return z.record(z.string(), z.unknown());
  }
}

/** Text parts as they are; other parts described; structured content when there is no text. */
export function outputText(result: CallToolResult): string {
  const parts: string[] = [];
  for (const part of result.content ?? []) {
    if (part.type === "text") parts.push(part.text);
    else if (part.type === "image" || part.type === "audio") {
      parts.push(`[${part.type}: ${part.mimeType}, ${Math.round(part.data.length * 0.75)} bytes]`);
    } else if (part.type === "resource_link") parts.push(`[resource: ${part.uri}]`);
    else if (part.type === "resource") {
      const resource = part.resource as { uri: string; text?: string };
      parts.push(resource.text ?? `[resource: ${resource.uri}]`);
    }
  }
  if (parts.length === 0 && result.structuredContent) parts.push(JSON.stringify(result.structuredContent));
  const text = parts.join("\n") || (result.isError ? "The tool failed without a message" : "(no output)");
  return text.length > MAX_OUTPUT_CHARS
    ? `${text.slice(0, MAX_OUTPUT_CHARS)}\n[... ${text.length - MAX_OUTPUT_CHARS} characters omitted]`
    : text;
}
