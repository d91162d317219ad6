/** The set of tools offered to the model: every tool minus the disabled groups, with their JSON specs. */
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
}

export interface ToolRegistry {
  /** Enabled tools, in registration order. */
  list(): AnyTool[];
  /** An enabled tool by name; undefined when unknown or disabled. */
  get(name: string): AnyTool | undefined;
  /** Specs sent to the LLM: name, description and the JSON Schema of the arguments. */
  specs(): ToolSpec[];
  /** `GET /api/tools` items. */
  describe(): { name: string; description: string }[];
}

export function createToolRegistry(tools: AnyTool[], options: ToolRegistryOptions): ToolRegistry {
  const disabled = new Set(options.disabledGroups);
  const enabled = new Map<string, AnyTool>();
  for (const tool of tools) {
    if (disabled.has(tool.group)) continue;
    if (enabled.has(tool.name)) throw new Error(`Duplicate tool name "${tool.name}"`);
    enabled.set(tool.name, tool);
  }
  let cachedSpecs: ToolSpec[] | undefined;
  return {
    list: () => [...enabled.values()],
    get: (name) => enabled.get(name),
    specs: () => cachedSpecs ??= [...enabled.values()].map(toSpec),
    describe: () => [...enabled.values()].map(({ name, description }) => ({ name, description })),
  };
}

function toSpec(tool: AnyTool): ToolSpec {
  const schema = z.toJSONSchema(tool.parameters, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  return { name: tool.name, description: tool.description, parameters: { type: "object", ...schema } };
}
