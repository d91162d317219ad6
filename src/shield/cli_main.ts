/** Minimal standalone entry for the Shield CLI (the engine's main.ts offers the same subcommands):
 * `deno run -A src/shield/cli_main.ts evaluate [--workspace DIR] < actions.jsonl`,
 * `deno run -A src/shield/cli_main.ts check-policy FILE`. */

import { createStandaloneShield, runCheckPolicy, runShieldEvaluate } from "./cli.ts";

const USAGE = "Usage: cli_main.ts evaluate [--workspace DIR] | check-policy FILE";

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === "evaluate") {
    const flag = rest.indexOf("--workspace");
    const workspace = flag >= 0 && rest[flag + 1] ? rest[flag + 1] : Deno.cwd();
    const home = Deno.env.get("HOME") ?? "/root";
    return await runShieldEvaluate(
      createStandaloneShield(workspace, home),
      Deno.stdin.readable,
      Deno.stdout.writable,
    );
  }
  if (command === "check-policy" && rest[0]) return await runCheckPolicy(rest[0]);
  console.error(USAGE);
  return 2;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
