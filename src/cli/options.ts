/** Typed readers of the parsed command-line options shared by several subcommands. */
import { absolutePath } from "../lib/absolute_path.ts";
import { type OptionValues, UsageError } from "./arguments.ts";

export type { OptionValues };

export function stringOption(options: OptionValues, name: string): string | undefined {
  const value = options[name];
  return typeof value === "string" ? value : undefined;
}

export function configPathFrom(options: OptionValues): string {
  return absolutePath(stringOption(options, "config") ?? "config.yaml");
}

export function portFrom(options: OptionValues): number | undefined {
  const text = stringOption(options, "port");
  if (text === undefined) return undefined;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new UsageError(`Invalid --port "${text}": give a whole number from 0 to 65535`);
  }
  return port;
}
