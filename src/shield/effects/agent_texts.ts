/** Texts the agent reads and trusts rather than actions: tool definitions (a `tools/list` answer, a registration:
 * descriptions, parameter names and descriptions, enum values, defaults) and tool results, resources and prompts
 * (`tool_result`, `resources/read`, `prompts/get`, a `tools/call` result). Where they come from is the shape; what
 * they hold is judged by effects/agent_orders.ts. */

/** Action types that hand the agent text (results, listings, resources, prompts, sampling and elicitation
 * requests, notifications), not do anything themselves. */
const RESULT_TYPES =
  /^(?:tool[_-]?results?|tool[_-]?(?:response|output)s?|function[_-]?(?:call[_-]?output|response|result)|tools\/call\/result|tools\/list|resources\/(?:read|list|templates\/list)|prompts\/(?:get|list)|list[_-]?tools|sampling\/createMessage|elicitation\/create|completion\/complete|notifications\/[\w/]+|mcp[_-]?(?:response|result))$/i;
/** Requests that ask the user or the model for input: a request for secrets there is phishing, as in a definition. */
const ASKING_TYPES = /^(?:elicitation\/create|sampling\/createMessage)$/i;

/** Keys of identifiers and media types, not words anyone reads. */
const NOT_TEXT = new Set([
  "id",
  "uri",
  "mimetype",
  "type",
  "tool_use_id",
  "call_id",
  "jsonrpc",
  "role",
  "blob",
]);
/** Keys whose string values a definition's reader takes as its words. */
const TEXT_KEYS = new Set([
  "text",
  "description",
  "title",
  "default",
  "content",
  "instructions",
  "prompt",
  "examples",
  "enum",
  "message",
  "summary",
  "name",
]);
const MAX_TEXTS = 64;
const MAX_DEPTH = 8;

export interface AgentTexts {
  /** The action only hands the agent text (a result, listing, resource or prompt). */
  result: boolean;
  /** Tool definitions are among them (their words become the agent's instructions). */
  definitions: boolean;
  /** A request that asks the client's model or the user for input (MCP sampling, elicitation). */
  asking: boolean;
  texts: string[];
}

/** A tool's definition: a description beside an input schema (in a `tools` list, a name is enough). */
function isDefinition(value: Record<string, unknown>, listed = false): boolean {
  if (typeof value.description !== "string") return false;
  return (listed && typeof value.name === "string") || "inputSchema" in value || "input_schema" in value ||
    "parameters" in value;
}

function collect(value: unknown, key: string, into: AgentTexts, depth: number): void {
  if (into.texts.length >= MAX_TEXTS || depth > MAX_DEPTH) return;
  if (typeof value === "string") {
    // In a result every string reaches the model; in a definition, the fields the model reads as its words.
    const read = into.result ? !NOT_TEXT.has(key.toLowerCase()) : TEXT_KEYS.has(key);
    if (read && value.length > 0) into.texts.push(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 32)) collect(item, key, into, depth + 1);
    return;
  }
  if (!value || typeof value !== "object") return;
  const record = value as Record<string, unknown>;
  if (isDefinition(record, key === "tools")) into.definitions = true;
  for (const [name, inner] of Object.entries(record)) {
    // A schema's property names are words the agent reads (`content_of_the_env_file`).
    if (name === "properties" && inner && typeof inner === "object" && !Array.isArray(inner)) {
      const names = Object.keys(inner).slice(0, 32).join(" ").replace(/[_-]+/g, " ");
      if (names.length > 0) into.texts.push(names);
    }
    collect(inner, name, into, depth + 1);
  }
}

/** The texts an action hands the agent, or undefined when it is neither a result nor carries tool definitions. */
export function agentTextsOf(type: string, payload: Record<string, unknown>): AgentTexts | undefined {
  const result = RESULT_TYPES.test(type);
  const tools = payload.tools;
  const definitions = isDefinition(payload) ||
    (Array.isArray(tools) &&
      tools.some((tool) => tool && typeof tool === "object" && isDefinition(tool, true)));
  if (!result && !definitions) return undefined;
  const asking = ASKING_TYPES.test(type);
  const found: AgentTexts = { result, definitions: definitions || asking, asking, texts: [] };
  collect(payload, "", found, 0);
  return found;
}
