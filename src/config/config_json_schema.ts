/** The JSON Schema of config.yaml, derived from the zod schema: which keys exist where (for "did you mean")
 * and, for docs/configuration.md, each key's type, default and range. */
import { z } from "zod";
import { configSchema } from "./schema.ts";

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
}

let cached: JsonSchema | undefined;

/** Input shape (what a person writes), so defaulted keys count as optional. */
export function configJsonSchema(): JsonSchema {
  cached ??= z.toJSONSchema(configSchema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return cached;
}

/** The schema one step down: an object's property, a record's values or an array's items. */
export function childSchema(schema: JsonSchema, key: string | number): JsonSchema | undefined {
  const object = objectBranch(schema);
  if (typeof key === "number") return object.items;
  if (object.properties && key in object.properties) return object.properties[key];
  return typeof object.additionalProperties === "object" ? object.additionalProperties : undefined;
}

/** Keys an object at this place may have, or undefined when any key is allowed (a map) or it is no object. */
export function knownKeys(schema: JsonSchema): string[] | undefined {
  const object = objectBranch(schema);
  if (!object.properties || object.additionalProperties) return undefined;
  return Object.keys(object.properties);
}

/** Optional values may come as `anyOf: [X, {type: null}]`; the object or array branch is the one that nests. */
function objectBranch(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((branch) => branch.properties || branch.items || branch.additionalProperties) ??
    schema;
}
