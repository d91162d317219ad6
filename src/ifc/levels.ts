/** Sensitivity levels, lowest to highest: what a session has read decides where its data may flow. */

export const LEVELS = ["public", "internal", "confidential", "restricted", "critical"] as const;

export type Level = typeof LEVELS[number];

export function isLevel(value: unknown): value is Level {
  return typeof value === "string" && (LEVELS as readonly string[]).includes(value);
}

export function levelRank(level: Level): number {
  return LEVELS.indexOf(level);
}

export function maxLevel(...levels: Level[]): Level {
  return levels.reduce(
    (high, level) => (levelRank(level) > levelRank(high) ? level : high),
    "public" as Level,
  );
}
