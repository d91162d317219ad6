/** `parapet chronicle list | diff ID [PATH] | rollback ID` against the workspace of the config. */
import { join } from "node:path";
import { loadConfig } from "../config/load_config.ts";
import { configPathFrom, type OptionValues } from "./options.ts";
import { openChronicle } from "../security/chronicle/chronicle.ts";
import { openAuditLog } from "../security/audit/audit_log.ts";
import { systemClock } from "../clock.ts";
import { runChronicleCliAudited } from "../engine/chronicle_command.ts";

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
  const audit = await openAuditLog(join(loaded.workspace, ".engine", "audit.jsonl"), { clock: systemClock });
  try {
    return await runChronicleCliAudited(chronicle, positionals, (line) => console.log(line), "cli", {
      record: (event, sessionId, actionType, details) =>
        void audit.append({ event, session_id: sessionId, action_type: actionType, details }),
    });
  } finally {
    await audit.close();
  }
}
