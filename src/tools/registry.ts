/** The set of tools offered to the model: every tool minus the disabled groups, with their JSON specs. Tools
 * that come and go (MCP servers) join through a dynamic source; a built-in name always wins over theirs. */
import { z } from "zod";
import type { AnyTool } from "./types.ts";

/** A tool as offered to a model: the shape every provider's ToolSpec accepts. */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema (type: "object") of the arguments. */
  parameters: Record<string, unknown>;
}

export interface ToolRegistryOptions {
  /** `tools.disabled_groups` from config: these groups are removed everywhere. */
  disabledGroups: string[];
  /** Tools known only at run time (MCP); `version` changes whenever the list does. */
  dynamic?: DynamicTools;
}

export interface DynamicTools {
  tools(): AnyTool[];
  version(): number;
}

export interface ToolRegistry {
  /** Enabled tools, in registration order. */
  list(): AnyTool[];
  /** An enabled tool by name; undefined when unknown or disabled. */
  get(name: string): AnyTool | undefined;
  /** Specs sent to the LLM: name, description and the JSON Schema of the arguments. */
  specs(): ToolSpec[];
  /** `GET /api/tools` items: the same array until the tools change. */
  describe(): { name: string; description: string }[];
}

export function createToolRegistry(tools: AnyTool[], options: ToolRegistryOptions): ToolRegistry {
  const disabled = new Set(options.disabledGroups);
  const fixed = new Map<string, AnyTool>();
  for (const tool of tools) {
    if (disabled.has(tool.group)) continue;
    if (fixed.has(tool.name)) throw new Error(`Duplicate tool name "${tool.name}"`);
    fixed.set(tool.name, tool);
  }
  const dynamic = options.dynamic;
  let cached:
    | {
      version: number;
      enabled: Map<string, AnyTool>;
      specs?: ToolSpec[];
      described?: { name: string; description: string }[];
    }
    | undefined;
  const current = () => {
    const version = dynamic?.version() ?? 0;
    if (cached?.version === version) return cached;
    const enabled = new Map(fixed);
    for (const tool of dynamic?.tools() ?? []) {
      if (!disabled.has(tool.group) && !enabled.has(tool.name)) enabled.set(tool.name, tool);
    }
    cached = { version, enabled };
    return cached;
  };
  return {
    list: () => [...current().enabled.values()],
    get: (name) => current().enabled.get(name),
    specs: () => {
      const state = current();
      return state.specs ??= [...state.enabled.values()].map(toSpec);
    },
    // The same array while the tools stay the same, so the HTTP layer can keep its JSON.
    describe: () => {
      const state = current();
      return state.described ??= [...state.enabled.values()].map(({ name, description }) => ({
        name,
        description,
      }));
    },
  };
}

export function toSpec(tool: AnyTool): ToolSpec {
  if (tool.inputSchema) {
    const { $schema: _ignored, ...schema } = tool.inputSchema;
    return { name: tool.name, description: tool.description, parameters: { type: "object", ...schema } };
  }
  const schema = z.toJSONSchema(tool.parameters, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  return { name: tool.name, description: tool.description, parameters: { type: "object", ...schema } };
}
