/** Shared helpers for audit tests: a fixed clock and a temp log filled with entries. */
import type { Clock } from "../../src/lib/clock.ts";
import { openAuditLog } from "../../src/audit/audit_log.ts";

export function fixedClock(start = 1_700_000_000_000): Clock {
  let now = start;
  return { now: () => now++ };
}

/** Creates a temp dir with an audit.jsonl holding `count` entries; returns its path and a cleanup. */
export async function makeLog(
  count: number,
): Promise<{ dir: string; path: string; cleanup: () => Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "parapet_audit_" });
  const path = `${dir}/audit.jsonl`;
  const log = await openAuditLog(path, { clock: fixedClock(), fsyncIntervalMs: 0 });
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      log.append({
        event: i % 2 ? "executed" : "proposed",
        session_id: `sess_${i % 3}`,
        action_type: "write_file",
        details: { path: `notes/${i}.md`, index: i },
      })),
  );
  await log.close();
  return { dir, path, cleanup: () => Deno.remove(dir, { recursive: true }) };
}

export async function readLines(path: string): Promise<string[]> {
  const text = await Deno.readTextFile(path);
  return text.split("\n").slice(0, -1);
}

export async function writeLines(path: string, lines: string[]): Promise<void> {
  await Deno.writeTextFile(path, lines.map((line) => line + "\n").join(""));
}
