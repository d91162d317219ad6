/** Reads untrusted vendor JSON defensively: anything that is not a plain object reads as `{}`. */

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : {};
}

export function asCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

export function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
