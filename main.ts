/** Parapet command line: parses arguments and calls one function per subcommand. */
import { parseArguments } from "./src/cli/arguments.ts";
import {
  auditCommand,
  engineCommand,
  hashPasswordCommand,
  initCommand,
  startCommand,
} from "./src/cli/commands.ts";
import { shieldCommand } from "./src/cli/shield_command.ts";
import { chronicleCommand } from "./src/cli/chronicle_command.ts";
import { ConfigError } from "./src/errors.ts";

const USAGE = `Usage: deno task start [-- SUBCOMMAND] [--config PATH]
  start                      run the supervisor and the engine (default)
  engine [--port N]          run the engine alone (the supervisor uses this)
  init                       write the config, memory files and policy presets
  hash-password              print a bcrypt hash for web.password_hash
  audit verify               verify the audit hash chain
  shield evaluate            judge JSON-line actions from stdin (contract 6)
  shield check-policy FILE   validate a Tier 0 policy file
  chronicle list | diff ID [PATH] | rollback ID   workspace snapshots`;

async function main(args: string[]): Promise<number> {
  const { positionals, options } = parseArguments(args);
  // `deno task start -- hash-password` arrives as `start hash-password`: the task's own word comes first.
  if (positionals[0] === "start" && positionals.length > 1) positionals.shift();
  const [command = "start", ...rest] = positionals;
  switch (command) {
    case "start":
      return await startCommand(options);
    case "engine":
      return await engineCommand(options);
    case "init":
      return await initCommand(options);
    case "hash-password":
      return hashPasswordCommand();
    case "audit":
      return await auditCommand(rest, options);
    case "shield":
      return await shieldCommand(rest, options);
    case "chronicle":
      return await chronicleCommand(rest, options);
    case "help":
    case "--help":
      console.log(USAGE);
      return 0;
    default:
      console.error(`Unknown command "${command}"\n${USAGE}`);
      return 2;
  }
}

try {
  Deno.exit(await main(Deno.args));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.problems.length > 0 ? `${error.message}:` : error.message);
    for (const problem of error.problems) console.error(`  - ${problem}`);
    Deno.exit(78);
  }
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  Deno.exit(1);
}
