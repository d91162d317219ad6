/** The live configuration: read through `current()` so live-applicable changes take effect at once. */
import type { Config } from "../config/schema.ts";

export class ConfigHolder {
  private listeners: ((config: Config) => void)[] = [];

  constructor(private config: Config, readonly path: string, readonly workspace: string) {}

  current(): Config {
    return this.config;
  }

  replace(config: Config): void {
    this.config = config;
    for (const listener of this.listeners) listener(config);
  }

  onChange(listener: (config: Config) => void): void {
    this.listeners.push(listener);
  }
}
