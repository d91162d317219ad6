/** Canonical JSON: object keys sorted recursively, no whitespace; the byte form every hash in Parapet covers. */

/**
 * Serialises `value` like `JSON.stringify` but with object keys sorted by code unit at every depth, so
 * the same data always gives the same bytes (and `jq -cS` prints the same text for audit entries).
 * Throws on values JSON cannot represent faithfully (non-finite numbers, bigint, functions, symbols).
 */
export function canonicalJson(value: unknown): string {
  return write(value, "$");
}

function write(value: unknown, where: string): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) {
        throw new TypeError(`Cannot encode ${where}: number "${value}" is not finite`);
      }
      return JSON.stringify(value);
    case "object":
      return Array.isArray(value)
        ? writeArray(value, where)
        : writeObject(value as Record<string, unknown>, where);
    default:
      throw new TypeError(`Cannot encode ${where}: ${typeof value} is not a JSON value`);
  }
}

function writeArray(items: unknown[], where: string): string {
  const parts: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    // Same as JSON.stringify: holes and undefined become null inside arrays.
    parts.push(item === undefined ? "null" : write(item, `${where}[${i}]`));
  }
  return "[" + parts.join(",") + "]";
}

function writeObject(object: Record<string, unknown>, where: string): string {
  const keys = Object.keys(object).sort();
  let out = "{";
  let first = true;
  for (const key of keys) {
    const item = object[key];
    // Same as JSON.stringify: undefined members are left out.
    if (item === undefined) continue;
    out += (first ? "" : ",") + JSON.stringify(key) + ":" + write(item, `${where}.${key}`);
    first = false;
  }
  return out + "}";
}
