/** `/chronicle` and `parapet chronicle`: list, diff and roll back snapshots; every rollback is audited. */
import type { Chronicle } from "./chronicle.ts";
import { runChronicleCli } from "./chronicle_cli.ts";
import type { AuditRecorder } from "../protocol/audit_events.ts";

export async function chronicleCommand(
  chronicle: Chronicle,
  text: string,
  sessionId: string,
  audit: AuditRecorder,
): Promise<{ ok: boolean; text: string }> {
  const args = text.trim().split(/\s+/).filter((word) => word !== "");
  if (args[0] === "/chronicle") args.shift();
  const lines: string[] = [];
  const code = await runChronicleCliAudited(chronicle, args, (line) => lines.push(line), sessionId, audit);
  return { ok: code === 0, text: lines.join("\n") };
}

export async function runChronicleCliAudited(
  chronicle: Chronicle,
  args: string[],
  out: (line: string) => void,
  sessionId: string,
  audit: AuditRecorder,
): Promise<number> {
  const code = await runChronicleCli(chronicle, args, out, { sessionId });
  if (args[0] === "rollback") {
    audit.record(code === 0 ? "rollback" : "rollback_failed", sessionId, "chronicle", {
      snapshot_id: args[1] ?? "",
    });
  }
  return code;
}
