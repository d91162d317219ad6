/** `chronicle list | diff ID [PATH] | rollback ID` for the command line and the `/chronicle` slash command. */
import type { Chronicle } from "./chronicle.ts";
import type { SnapshotRecord } from "./snapshot_types.ts";

const USAGE = "Usage: chronicle list | chronicle diff ID [PATH] | chronicle rollback ID";

/** Exit codes: 0 done, 1 failed (unknown id, damaged store), 2 usage error. */
export async function runChronicleCli(
  chronicle: Chronicle,
  args: string[],
  out: (line: string) => void,
  options: { sessionId?: string } = {},
): Promise<number> {
  const [command = "list", id, path, ...extra] = args;
  try {
    if (command === "list" && !id) return listSnapshots(chronicle, out);
    if (command === "diff" && id && extra.length === 0) return await showDiff(chronicle, id, path, out);
    if (command === "rollback" && id && !path) {
      return await rollback(chronicle, id, options.sessionId ?? "cli", out);
    }
    out(USAGE);
    return 2;
  } catch (error) {
    out(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

/** Text answer for `/chronicle`, `/chronicle list`, `/chronicle diff ID [PATH]`, `/chronicle rollback ID`. */
export async function formatChronicleCommand(
  chronicle: Chronicle,
  text: string,
  options: { sessionId?: string } = {},
): Promise<string> {
  const args = text.trim().split(/\s+/).filter((word) => word !== "");
  if (args[0] === "/chronicle") args.shift();
  const lines: string[] = [];
  await runChronicleCli(chronicle, args, (line) => lines.push(line), options);
  return lines.join("\n");
}

function listSnapshots(chronicle: Chronicle, out: (line: string) => void): number {
  const records = chronicle.list();
  if (records.length === 0) out("No snapshots yet");
  for (const record of records.toReversed()) out(formatRecord(record));
  return 0;
}

function formatRecord(record: SnapshotRecord): string {
  const when = new Date(record.ts).toISOString().replace("T", " ").slice(0, 19);
  const scope = record.paths === "*" ? "whole workspace" : record.paths.join(", ");
  const what = record.kind === "pre_rollback" ? `before rollback to ${record.rollback_of}` : record.tool_name;
  return `${record.id}  ${when}  ${what}  ${scope}  (${record.file_count} files, ${record.total_bytes} bytes)`;
}

async function showDiff(
  chronicle: Chronicle,
  id: string,
  path: string | undefined,
  out: (line: string) => void,
): Promise<number> {
  if (path) {
    const text = await chronicle.diffText(id, path);
    out(text === "" ? `No changes to "${path}" since ${id}` : text.trimEnd());
    return 0;
  }
  const changes = await chronicle.diff(id);
  if (changes.length === 0) out(`No changes since ${id}`);
  for (const change of changes) out(`${change.change.padEnd(8)} ${change.path}`);
  return 0;
}

async function rollback(chronicle: Chronicle, id: string, sessionId: string, out: (line: string) => void) {
  const result = await chronicle.rollback(id, { sessionId });
  out(
    `Rolled back to ${id}: ${result.restored.length} restored, ${result.removed.length} removed; ` +
      `undo with "chronicle rollback ${result.snapshot.id}"`,
  );
  for (const path of result.restored) out(`restored ${path}`);
  for (const path of result.removed) out(`removed  ${path}`);
  return 0;
}
