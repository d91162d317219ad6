/** Every string value of a payload with the key it sits under, at any depth up to a bound: the checks of round 15
 * read values wherever a tool's own schema puts them (`message.parts[0].text`, `service_data.flash`). */

export interface KeyedString {
  key: string;
  value: string;
}

const MAX_STRINGS = 96;
const MAX_DEPTH = 5;

/** The last payload walked and its strings: the checks of one action share one walk. */
let lastPayload: unknown;
let lastStrings: KeyedString[] = [];

/** The payload's values that `accept` takes, depth first, each with its key; array items carry the key of their
 * array. Bounded: at most MAX_STRINGS values, MAX_DEPTH levels, 32 items an array and 48 keys an object. */
function walkPayload<T>(
  payload: unknown,
  accept: (value: unknown) => value is T,
): Array<{ key: string; value: T }> {
  const found: Array<{ key: string; value: T }> = [];
  const walk = (value: unknown, key: string, depth: number): void => {
    if (found.length >= MAX_STRINGS || depth > MAX_DEPTH) return;
    if (accept(value)) {
      found.push({ key, value });
    } else if (Array.isArray(value)) {
      for (const item of value.slice(0, 32)) walk(item, key, depth + 1);
    } else if (value !== null && typeof value === "object") {
      for (const [inner, item] of Object.entries(value as Record<string, unknown>).slice(0, 48)) {
        walk(item, inner, depth + 1);
      }
    }
  };
  walk(payload, "", 0);
  return found;
}

const isString = (value: unknown): value is string => typeof value === "string";
const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/** The payload's strings, depth first; array items carry the key of their array. */
export function payloadStrings(payload: unknown): KeyedString[] {
  if (payload === lastPayload) return lastStrings;
  lastStrings = walkPayload(payload, isString);
  lastPayload = payload;
  return lastStrings;
}

/** The payload's keys and scalar values (strings, numbers, booleans) by key, at any depth. */
export function payloadScalars(payload: unknown): Array<{ key: string; value: string | number | boolean }> {
  return walkPayload(payload, isScalar);
}

/** Forgets the last payload (so no payload stays referenced after its evaluation). */
export function forgetPayloadStrings(): void {
  lastPayload = undefined;
  lastStrings = [];
}
