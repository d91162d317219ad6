/** Audit benchmark: durable appends per second (group commit) and full verification of 1,000,000 entries. */
import { openAuditLog } from "../src/audit/audit_log.ts";
import { buildEntry, GENESIS_HASH, serializeEntry } from "../src/audit/audit_entry.ts";
import { verifyAuditFile } from "../src/audit/verify_audit.ts";
import { systemClock } from "../src/lib/clock.ts";
import { sha256Hex } from "../src/lib/sha256.ts";

const APPENDS = 100_000;
const PRODUCERS = 1_000;
const VERIFY_ENTRIES = 1_000_000;
const encoder = new TextEncoder();

function input(i: number) {
  return {
    event: "executed",
    session_id: `sess_${i % 7}`,
    action_type: "write_file",
    details: { path: `src/module_${i}.ts`, args_sha256: "ab".repeat(32), tier: 1 },
  };
}

/** PRODUCERS concurrent callers, each awaiting its own appends one after another (the engine's shape). */
async function appendRate(path: string, fsyncIntervalMs: number): Promise<number> {
  const log = await openAuditLog(path, { clock: systemClock, fsyncIntervalMs });
  const start = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: PRODUCERS }, async () => {
    while (next < APPENDS) await log.append(input(next++));
  }));
  await log.close();
  return APPENDS / ((performance.now() - start) / 1000);
}

/** Every append issued at once and awaited together: what batched fsync can absorb. */
async function burstRate(path: string): Promise<number> {
  const log = await openAuditLog(path, { clock: systemClock });
  const start = performance.now();
  await Promise.all(Array.from({ length: APPENDS }, (_, i) => log.append(input(i))));
  await log.close();
  return APPENDS / ((performance.now() - start) / 1000);
}

/** Baseline: the same lines in the same batch sizes, written and fsynced with no hashing, JSON or lock. */
async function rawRate(path: string, batch: number): Promise<number> {
  const line = serializeEntry(buildEntry(input(0), 0, Date.now(), GENESIS_HASH)) + "\n";
  const file = await Deno.open(path, { append: true, create: true });
  const start = performance.now();
  for (let done = 0; done < APPENDS; done += batch) {
    const bytes = encoder.encode(line.repeat(Math.min(batch, APPENDS - done)));
    for (let written = 0; written < bytes.length;) written += await file.write(bytes.subarray(written));
    await file.syncData();
  }
  file.close();
  return APPENDS / ((performance.now() - start) / 1000);
}

async function writeChain(path: string): Promise<void> {
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  let prev = GENESIS_HASH;
  let lines = "";
  for (let seq = 0; seq < VERIFY_ENTRIES; seq++) {
    // Written as text with the keys already sorted, so generating stays quicker than the run it feeds;
    // the first entry is checked against the real writer's form below.
    const body = `{"action_type":"write_file","details":{"args_sha256":"${"ab".repeat(32)}",` +
      `"path":"src/module_${seq}.ts","tier":1},"event":"executed","prev_hash":"${prev}","seq":${seq},` +
      `"session_id":"sess_${seq % 7}","ts":${1_700_000_000_000 + seq}}`;
    prev = sha256Hex(body);
    lines += body.slice(0, -1) + ',"hash":"' + prev + '"}\n';
    if (seq % 10_000 === 9_999 || seq === VERIFY_ENTRIES - 1) {
      const bytes = encoder.encode(lines);
      for (let written = 0; written < bytes.length;) written += await file.write(bytes.subarray(written));
      lines = "";
    }
  }
  file.close();
}

/** The generator's first line must be exactly what the writer produces for the same entry. */
async function checkGeneratedForm(path: string): Promise<void> {
  const first = await Deno.readTextFile(path).then((text) => text.slice(0, text.indexOf("\n")));
  const { event, session_id, action_type, details } = input(0);
  const entry = buildEntry({ event, session_id, action_type, details }, 0, 1_700_000_000_000, GENESIS_HASH);
  if (serializeEntry(entry) !== first) throw new Error(`Generated line differs from the writer's: ${first}`);
}

/** Best of `runs` timings of `fn`, in ms, with its last result. */
async function timed<T>(runs: number, fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  let best = Infinity;
  let result!: T;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    result = await fn();
    best = Math.min(best, performance.now() - start);
  }
  return { ms: best, result };
}

async function readLinesOnly(path: string): Promise<number> {
  let lines = 0;
  for await (const chunk of (await Deno.open(path)).readable.pipeThrough(new TextDecoderStream())) {
    for (let at = chunk.indexOf("\n"); at !== -1; at = chunk.indexOf("\n", at + 1)) lines++;
  }
  return lines;
}

const dir = await Deno.makeTempDir({ prefix: "parapet_audit_bench_" });
try {
  const burst = await burstRate(`${dir}/burst.jsonl`);
  const grouped = await appendRate(`${dir}/a.jsonl`, 50);
  const immediate = await appendRate(`${dir}/b.jsonl`, 0);
  const raw = await rawRate(`${dir}/raw.jsonl`, PRODUCERS);
  console.log(
    `appends/s, ${APPENDS} appends issued at once, default 50 ms spacing: ${
      burst.toFixed(0)
    } (target >= 20000)`,
  );
  console.log(
    `appends/s, ${PRODUCERS} producers each awaiting its append, 50 ms spacing: ${grouped.toFixed(0)}`,
  );
  console.log(
    `appends/s, ${PRODUCERS} producers each awaiting its append, no spacing: ${immediate.toFixed(0)}`,
  );
  console.log(`baseline raw write+fsync of the same lines in batches of ${PRODUCERS}: ${raw.toFixed(0)}/s`);
  console.log(
    `ratio burst / raw: ${(burst / raw).toFixed(2)}; producers (no spacing) / raw: ${
      (immediate / raw).toFixed(2)
    }`,
  );

  const path = `${dir}/verify.jsonl`;
  let start = performance.now();
  await writeChain(path);
  const generateMs = performance.now() - start;
  await checkGeneratedForm(path);
  const size = (await Deno.stat(path)).size;
  const expected = { chain_valid: true, total_entries: VERIFY_ENTRIES };
  const check = (what: string, result: unknown) => {
    if (JSON.stringify(result) !== JSON.stringify(expected)) {
      throw new Error(`Unexpected ${what} result: ${JSON.stringify(result)}`);
    }
  };
  const fast = await timed(3, () => verifyAuditFile(path));
  check("verification", fast.result);
  const single = await timed(1, () => verifyAuditFile(path, { workers: 1 }));
  check("single-thread verification", single.result);
  const reference = await timed(1, () => verifyAuditFile(path, { fastPath: false }));
  check("reference verification", reference.result);
  start = performance.now();
  const lines = await readLinesOnly(path);
  const readMs = performance.now() - start;
  start = performance.now();
  await new Deno.Command("sha256sum", { args: [path], stdout: "null" }).output();
  const shaMs = performance.now() - start;
  if (lines !== VERIFY_ENTRIES) throw new Error(`Read ${lines} lines`);
  const workers = Math.min(4, navigator.hardwareConcurrency || 1);
  console.log(
    `generated ${VERIFY_ENTRIES} entries (${(size / 1e6).toFixed(0)} MB) in ${generateMs.toFixed(0)} ms`,
  );
  console.log(
    `full verification of ${VERIFY_ENTRIES} entries, ${workers} workers, best of 3: ${
      fast.ms.toFixed(0)
    } ms (target < 5000)`,
  );
  console.log(`same, one thread: ${single.ms.toFixed(0)} ms`);
  console.log(
    `baseline: reference path (parse and re-serialise every line), ${workers} workers: ${
      reference.ms.toFixed(0)
    } ms; ratio ${(fast.ms / reference.ms).toFixed(2)}`,
  );
  console.log(
    `baseline read+split lines only: ${readMs.toFixed(0)} ms; ratio ${(fast.ms / readMs).toFixed(2)}`,
  );
  console.log(
    `baseline sha256sum of the whole file: ${shaMs.toFixed(0)} ms; ratio ${(fast.ms / shaMs).toFixed(2)}`,
  );
  const load = await Deno.readTextFile("/proc/loadavg").catch(() => "unknown");
  console.log(
    `machine: ${navigator.hardwareConcurrency} cores, load average ${load.split(" ").slice(0, 3).join(" ")}`,
  );
} finally {
  await Deno.remove(dir, { recursive: true });
}
