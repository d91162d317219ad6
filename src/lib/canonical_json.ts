/** Canonical JSON: object keys sorted recursively, no whitespace; the byte form every hash in Parapet covers. */

/**
 * Serialises `value` like `JSON.stringify` but with object keys sorted by code unit at every depth, so
 * the same data always gives the same bytes (and `jq -cS` prints the same text for audit entries).
 * Throws on values JSON cannot represent faithfully (non-finite numbers, bigint, functions, symbols).
 */
export function canonicalJson(value: unknown): string {
  // Parsed audit lines already have sorted keys, and native JSON.stringify is several times faster
  // than a hand-written walk: use it whenever the value is plain JSON with keys already in order.
  return isOrderedJson(value, 0) ? JSON.stringify(value) : write(value);
}

function isOrderedJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "object" || depth > 64) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (!(i in value) || !isOrderedJson(value[i], depth + 1)) return false;
    }
    return true;
  }
  const object = value as Record<string, unknown>;
  if (typeof object.toJSON === "function") return false;
  const keys = Object.keys(object);
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && !(keys[i - 1] < keys[i])) return false;
    if (!isOrderedJson(object[keys[i]], depth + 1)) return false;
  }
  return true;
}

function write(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) {
        throw new TypeError(`Cannot encode number "${value}" as JSON: it is not finite`);
      }
      return JSON.stringify(value);
    case "object":
      return Array.isArray(value) ? writeArray(value) : writeObject(value as Record<string, unknown>);
    default:
      throw new TypeError(`Cannot encode a ${typeof value} as JSON`);
  }
}

function writeArray(items: unknown[]): string {
  const parts: string[] = [];
  // Same as JSON.stringify: holes and undefined become null inside arrays.
  for (let i = 0; i < items.length; i++) parts.push(items[i] === undefined ? "null" : write(items[i]));
  return "[" + parts.join(",") + "]";
}

function writeObject(object: Record<string, unknown>): string {
  const source = typeof object.toJSON === "function" ? object.toJSON() : object;
  if (source !== object) return write(source);
  let out = "{";
  for (const key of Object.keys(object).sort()) {
    const item = object[key];
    // Same as JSON.stringify: undefined and function members are left out.
    if (item === undefined || typeof item === "function") continue;
    out += (out.length > 1 ? "," : "") + JSON.stringify(key) + ":" + write(item);
  }
  return out + "}";
}
