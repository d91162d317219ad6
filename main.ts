/** Parapet command line: parses arguments and calls one function per subcommand. Each subcommand's module is
 * imported only when it runs, so `start` (the long-lived supervisor) loads none of the engine. */
import { parseCommandLine, UsageError } from "./src/cli/arguments.ts";
import type { OptionValues } from "./src/cli/options.ts";
import { formatConfigError, STARTUP_REFUSED_CODE, USAGE_CODE } from "./src/cli/startup_failure.ts";
import { ConfigError } from "./src/lib/errors.ts";
import { importWhenNeeded } from "./src/lib/import_when_needed.ts";
import { needsConfig, rerunWithConfig } from "./src/cli/config_rerun.ts";

type Handler = (positionals: string[], options: OptionValues) => Promise<number> | number;

/** A subcommand's module, imported only when that subcommand runs. */
const load = <Module>(path: string) => importWhenNeeded<Module>(new URL(path, import.meta.url));

const HANDLERS: Record<string, () => Promise<Handler>> = {
  start: async () => {
    const { startCommand } = await load<typeof import("./src/cli/start_command.ts")>(
      "./src/cli/start_command.ts",
    );
    return (_, options) => startCommand(options);
  },
  "engine-plan": async () => {
    const { enginePlanCommand } = await load<typeof import("./src/cli/engine_plan.ts")>(
      "./src/cli/engine_plan.ts",
    );
    return (_, options) => enginePlanCommand(options);
  },
  engine: async () => {
    const { engineCommand } = await load<typeof import("./src/cli/engine_command.ts")>(
      "./src/cli/engine_command.ts",
    );
    return (_, options) => engineCommand(options);
  },
  init: async () => {
    const { initCommand } = await load<typeof import("./src/cli/init_command.ts")>(
      "./src/cli/init_command.ts",
    );
    return (_, options) => initCommand(options);
  },
  doctor: async () => {
    const { doctorCommand } = await load<typeof import("./src/cli/doctor_command.ts")>(
      "./src/cli/doctor_command.ts",
    );
    return (_, options) => doctorCommand(options);
  },
  chat: async () => {
    const { chatCommand } = await load<typeof import("./src/cli/chat_command.ts")>(
      "./src/cli/chat_command.ts",
    );
    return (_, options) => chatCommand(options);
  },
  "hash-password": async () => {
    const { hashPasswordCommand } = await load<typeof import("./src/cli/commands.ts")>(
      "./src/cli/commands.ts",
    );
    return () => hashPasswordCommand();
  },
  audit: async () =>
    (await load<typeof import("./src/cli/commands.ts")>("./src/cli/commands.ts")).auditCommand,
  shield: async () =>
    (await load<typeof import("./src/cli/shield_command.ts")>("./src/cli/shield_command.ts")).shieldCommand,
  chronicle: async () =>
    (await load<typeof import("./src/cli/chronicle_command.ts")>("./src/cli/chronicle_command.ts"))
      .chronicleCommand,
  auth: async () =>
    (await load<typeof import("./src/cli/auth_command.ts")>("./src/cli/auth_command.ts")).authCommand,
};

async function main(args: string[]): Promise<number> {
  const line = parseCommandLine(args);
  if (line.kind === "version" || line.kind === "help") {
    // Help reads deno.json (a JSON module costs the long-lived `start` process memory): imported only here.
    const { commandHelp, generalHelp, VERSION } = await load<typeof import("./src/cli/help_text.ts")>(
      "./src/cli/help_text.ts",
    );
    if (line.kind === "version") console.log(`parapet ${VERSION} (deno ${Deno.version.deno})`);
    else console.log(line.command ? commandHelp(line.command) : generalHelp());
    return 0;
  }
  // `deno task start` runs this file with --no-config, for the supervisor's sake (src/cli/config_rerun.ts).
  if (needsConfig(line.command.name)) return await rerunWithConfig(args);
  const handler = await HANDLERS[line.command.name]();
  return await handler(line.positionals, line.options);
}

try {
  Deno.exit(await main(Deno.args));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(error.message);
    Deno.exit(USAGE_CODE);
  }
  if (error instanceof ConfigError) {
    console.error(formatConfigError(error));
    Deno.exit(STARTUP_REFUSED_CODE);
  }
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  Deno.exit(1);
}
