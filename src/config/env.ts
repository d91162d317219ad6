/** The only place that reads the process environment: secrets come from the variables `*_env` keys name. */
import type { Config } from "./schema.ts";

export function readEnv(name: string | undefined): string | undefined {
  if (!name) return undefined;
  try {
    const value = Deno.env.get(name);
    return value === "" ? undefined : value;
  } catch {
    return undefined;
  }
}

/** Every environment variable name the config refers to (also the engine's --allow-env list). */
function referencedEnvNames(config: Config): string[] {
  const names = new Set<string>();
  for (const model of config.models) if (model.api_key_env) names.add(model.api_key_env);
  const walk = (value: unknown, key = "") => {
    if (typeof value === "string" && key.endsWith("_env")) names.add(value);
    else if (typeof value === "object" && value !== null) {
      for (const [childKey, child] of Object.entries(value)) walk(child, childKey);
    }
  };
  walk(config.channels);
  return [...names];
}

/** Secret values currently set, so the logger can mask them wherever they would appear. */
export function secretValues(config: Config): string[] {
  return referencedEnvNames(config).map(readEnv).filter((value): value is string => value !== undefined);
}

export function homeDirectory(): string {
  return readEnv("HOME") ?? "/";
}
