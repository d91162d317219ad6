/** `parapet shield evaluate [--config PATH]` (docs/security.md, "Shield") and `parapet shield check-policy FILE`. */
import { createStandaloneShield, runCheckPolicy, runShieldEvaluate, type Shield } from "../shield/mod.ts";
import { loadConfig } from "../config/load_config.ts";
import { homeDirectory, readEnv } from "../config/env.ts";
import { systemClock } from "../lib/clock.ts";
import { buildShield, controlPathsOf } from "../app/build_shield.ts";
import { ConfigHolder } from "../config/config_holder.ts";
import { ModelResolver } from "../app/model_resolver.ts";
import { type OptionValues, stringOption } from "./options.ts";

export async function shieldCommand(positionals: string[], options: OptionValues): Promise<number> {
  const [command, file] = positionals;
  if (command === "check-policy" && file) return await runCheckPolicy(file);
  if (command !== "evaluate") {
    console.error(
      "Usage: deno task start -- shield evaluate [--config PATH] < actions.jsonl | shield check-policy FILE",
    );
    return 2;
  }
  const config = stringOption(options, "config");
  const shield = config
    ? await configuredShield(config)
    : createStandaloneShield(stringOption(options, "workspace") ?? Deno.cwd(), homeDirectory());
  return await runShieldEvaluate(shield, Deno.stdin.readable, Deno.stdout.writable);
}

/** With a config: its policy, heuristics, classifier and Tier 2; no Tier 3 (nobody to ask), no rate limit. */
async function configuredShield(path: string): Promise<Shield> {
  const loaded = await loadConfig(path);
  const config = {
    ...loaded.config,
    general: { ...loaded.config.general, rate_limit: 0, verdict_ttl_seconds: 0 },
  };
  const models = new ModelResolver(new ConfigHolder(config, loaded.path, loaded.workspace), {
    fetch,
    env: readEnv,
  });
  let used = 0;
  return await buildShield({
    config,
    workspace: loaded.workspace,
    policyFile: loaded.policyFile,
    controlPaths: controlPathsOf(loaded),
    home: homeDirectory(),
    clock: systemClock,
    fetch,
    budget: { usedToday: () => used, tryConsume: (limit) => used < limit ? (used++, true) : false },
    approvals: { request: () => Promise.resolve("unavailable") },
    evaluatorModel: () => models.language("shield"),
    observer: {},
  });
}
