/** Subprocess for the cross-process test: appends N entries to an audit log, tagged with a worker name. */
import { openAuditLog } from "../../src/audit/audit_log.ts";
import { systemClock } from "../../src/lib/clock.ts";

const [path, worker, countText] = Deno.args;
const log = await openAuditLog(path, { clock: systemClock, fsyncIntervalMs: 1 });
// Barrier: both workers start appending only once both have opened the log, so their batches interleave.
await Deno.writeTextFile(`${path}.ready.${worker}`, "");
while (
  [...Deno.readDirSync(path.slice(0, path.lastIndexOf("/")))].filter((item) => item.name.includes(".ready."))
    .length < 2
) {
  await new Promise((resolve) => setTimeout(resolve, 5));
}
for (let round = 0; round < 10; round++) {
  const size = Number(countText) / 10;
  await Promise.all(
    Array.from(
      { length: size },
      (_, i) =>
        log.append({
          event: "executed",
          session_id: worker,
          action_type: "read_file",
          details: { i: round * size + i },
        }),
    ),
  );
}
await log.close();
