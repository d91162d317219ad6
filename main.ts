/** Parapet command line: parses arguments and calls one function per subcommand. */
import { parseCommandLine, UsageError } from "./src/cli/arguments.ts";
import { commandHelp, generalHelp, VERSION } from "./src/cli/help_text.ts";
import { engineCommand, startCommand } from "./src/cli/start_commands.ts";
import { auditCommand, hashPasswordCommand } from "./src/cli/commands.ts";
import { initCommand } from "./src/cli/init_command.ts";
import { doctorCommand } from "./src/cli/doctor_command.ts";
import { chatCommand } from "./src/cli/chat_command.ts";
import { shieldCommand } from "./src/cli/shield_command.ts";
import { chronicleCommand } from "./src/cli/chronicle_command.ts";
import { authCommand } from "./src/cli/auth_command.ts";
import type { OptionValues } from "./src/cli/options.ts";
import { formatConfigError, STARTUP_REFUSED_CODE, USAGE_CODE } from "./src/cli/startup_failure.ts";
import { ConfigError } from "./src/lib/errors.ts";

type Handler = (positionals: string[], options: OptionValues) => Promise<number> | number;

const HANDLERS: Record<string, Handler> = {
  start: (_, options) => startCommand(options),
  engine: (_, options) => engineCommand(options),
  init: (_, options) => initCommand(options),
  doctor: (_, options) => doctorCommand(options),
  chat: (_, options) => chatCommand(options),
  "hash-password": () => hashPasswordCommand(),
  audit: auditCommand,
  shield: shieldCommand,
  chronicle: chronicleCommand,
  auth: authCommand,
};

async function main(args: string[]): Promise<number> {
  const line = parseCommandLine(args);
  if (line.kind === "version") {
    console.log(`parapet ${VERSION} (deno ${Deno.version.deno})`);
    return 0;
  }
  if (line.kind === "help") {
    console.log(line.command ? commandHelp(line.command) : generalHelp());
    return 0;
  }
  return await HANDLERS[line.command.name](line.positionals, line.options);
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
