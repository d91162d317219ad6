/** Small subcommands: `hash-password` and `audit verify`. */
import { join } from "node:path";
import { hashSync } from "bcrypt-ts";
import { loadConfig } from "../config/load_config.ts";
import { readEnv } from "../config/env.ts";
import { runAuditVerifyCli } from "../security/audit/audit_verify_cli.ts";
import { configPathFrom, type OptionValues, stringOption } from "./options.ts";
import { terminalPrompter } from "./prompter.ts";

export function hashPasswordCommand(): number {
  // On a terminal the password is read without echo; piped, it is the first line of stdin.
  const password = readEnv("PARAPET_PASSWORD") ??
    (Deno.stdin.isTerminal() ? terminalPrompter().secret("Password for the web UI:") : prompt("Password:"));
  if (!password || password.length < 8) {
    console.error("The password must have at least 8 characters");
    return 2;
  }
  console.log(`web:\n  password_hash: "${hashSync(password, 12)}"`);
  return 0;
}

export async function auditCommand(positionals: string[], options: OptionValues): Promise<number> {
  if (positionals[0] !== "verify") {
    console.error(`Unknown audit command "${positionals[0]}": the only one is "verify"`);
    return 2;
  }
  const file = stringOption(options, "file") ??
    join((await loadConfig(configPathFrom(options))).workspace, ".engine", "audit.jsonl");
  return await runAuditVerifyCli(file);
}
