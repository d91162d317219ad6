/** Tool names for MCP tools: `mcp__<server>__<tool>` (contract 3), made of the characters every provider
 * accepts in a function name, at most 64 long, and unambiguous: the server part never holds "__", so the first
 * "__" after the prefix always ends it. Tools whose names collide after cleaning are refused, all of them. */
import { createHash } from "node:crypto";

export const MCP_PREFIX = "mcp__";
/** The limit OpenAI and others put on function names. */
export const MAX_TOOL_NAME = 64;

/** Letters, digits and "-", with single "_" between them. */
export function serverPart(serverName: string): string {
  return serverName.replace(/[^A-Za-z0-9_-]/g, "_").replace(/_+/g, "_").replace(/^_|_$/g, "") || "server";
}

/** The engine's name for a server's tool, or undefined when even a shortened form cannot fit. */
export function mcpToolName(serverName: string, toolName: string): string | undefined {
  const server = serverPart(serverName);
  const prefix = `${MCP_PREFIX}${server}__`;
  const tool = toolName.replace(/[^A-Za-z0-9_-]/g, "_") || "tool";
  if (prefix.length + tool.length <= MAX_TOOL_NAME) return prefix + tool;
  // Shortened names keep a digest of the original, so two long names stay apart.
  const digest = createHash("sha256").update(toolName).digest("hex").slice(0, 8);
  const room = MAX_TOOL_NAME - prefix.length - digest.length - 1;
  if (room < 4) return undefined;
  return `${prefix}${tool.slice(0, room)}_${digest}`;
}

export interface NamedTool {
  /** The server's own name for the tool. */
  original: string;
  name: string;
}

export interface Naming {
  accepted: NamedTool[];
  refused: { original: string; reason: string }[];
}

/** Names a server's tools; duplicates and names that clean to the same text are all refused. */
export function nameTools(serverName: string, originals: string[]): Naming {
  const byName = new Map<string, string[]>();
  const refused: Naming["refused"] = [];
  for (const original of originals) {
    const name = mcpToolName(serverName, original);
    if (!name) {
      refused.push({ original, reason: `its name cannot be made to fit ${MAX_TOOL_NAME} characters` });
      continue;
    }
    byName.set(name, [...(byName.get(name) ?? []), original]);
  }
  const accepted: NamedTool[] = [];
  for (const [name, sources] of byName) {
    if (sources.length === 1) {
      accepted.push({ original: sources[0], name });
      continue;
    }
    for (const original of sources) {
      const others = sources.filter((other) => other !== original).map((other) => `"${other}"`).join(", ");
      refused.push({
        original,
        reason: `its name "${name}" collides with ${others || "another tool of the same name"}`,
      });
    }
  }
  return { accepted, refused };
}
