/** `parapet chronicle list | diff ID [PATH] | rollback ID` against the workspace of the config. */
import { join } from "node:path";
import { loadConfig } from "../config/load_config.ts";
import { configPathFrom, type OptionValues } from "./options.ts";
import { openChronicle } from "../chronicle/chronicle.ts";
import { systemClock } from "../lib/clock.ts";
import { runChronicleCliAudited } from "../chronicle/chronicle_command.ts";
import { auditPort, openEngineAudit } from "../app/audit_trail.ts";
import { openDatabase } from "../store/database.ts";
import { JsonLogger } from "../log/logger.ts";

export async function chronicleCommand(
  positionals: string[],
  options: OptionValues,
): Promise<number> {
  const loaded = await loadConfig(configPathFrom(options));
  const chronicle = await openChronicle({
    workspace: loaded.workspace,
    clock: systemClock,
    maxSnapshots: loaded.config.chronicle.max_snapshots,
    maxAgeDays: loaded.config.chronicle.max_age_days,
  });
  // The engine may be running: both write the same chain and keep the same anchor in engine.db.
  const stateDir = join(loaded.workspace, ".engine");
  await Deno.mkdir(stateDir, { recursive: true });
  const db = openDatabase(join(stateDir, "engine.db"));
  const logger = new JsonLogger({ stderr: true });
  try {
    const { log } = await openEngineAudit({
      stateDir,
      db,
      workspace: loaded.workspace,
      clock: systemClock,
      keyFile: loaded.config.security.audit_key_file,
      logger,
      onError: (error) => logger.error("audit_error", error.message, {}),
    });
    try {
      return await runChronicleCliAudited(
        chronicle,
        positionals,
        (line) => console.log(line),
        "cli",
        auditPort(log, logger),
      );
    } finally {
      await log.close();
    }
  } finally {
    db.close();
  }
}
