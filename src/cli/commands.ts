/** Small subcommands: `hash-password` and `audit verify`. */
import { dirname, join, resolve } from "node:path";
import { hashSync } from "bcrypt-ts";
import { loadConfig } from "../config/load_config.ts";
import { readEnv } from "../config/env.ts";
import { runAuditVerifyCli } from "./audit_verify.ts";
import { readAuditKey } from "../audit/audit_key.ts";
import { readAnchorReadOnly } from "../audit/anchor_store.ts";
import { ConfigError } from "../lib/errors.ts";
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
  let file = stringOption(options, "file");
  let keyFile = stringOption(options, "key");
  if (file === undefined) {
    const loaded = await loadConfig(configPathFrom(options));
    file = join(loaded.workspace, ".engine", "audit.jsonl");
    keyFile ??= loaded.config.security.audit_key_file;
  }
  const database = join(dirname(resolve(file)), "engine.db");
  try {
    const key = keyFile ? await readAuditKey(keyFile) : undefined;
    return await runAuditVerifyCli(file, console.log, {
      readAnchor: () => readAnchorReadOnly(database),
      key,
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.log(`${error.message}: ${error.problems.join("; ")}`);
    return 1;
  }
}
