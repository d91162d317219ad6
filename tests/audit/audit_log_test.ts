import assert from "node:assert/strict";
import { AuditTornTailError, openAuditLog } from "../../src/audit/audit_log.ts";
import { computeEntryHash, GENESIS_HASH, hashArguments } from "../../src/audit/audit_entry.ts";
import { verifyAuditFile } from "../../src/audit/verify_audit.ts";
import { fixedClock, makeLog, readLines } from "./_audit_fixture.ts";

Deno.test("audit log starts the chain at seq 0 with a zero prev_hash and hashes each entry", async () => {
  const { path, cleanup } = await makeLog(0);
  try {
    const log = await openAuditLog(path, { clock: fixedClock(42) });
    const first = await log.append({
      event: "proposed",
      session_id: "s1",
      action_type: "read_file",
      details: {},
    });
    const second = await log.append({ event: "executed", session_id: "s1", action_type: "read_file" });
    await log.close();
    assert.equal(first.seq, 0);
    assert.equal(first.prev_hash, GENESIS_HASH);
    assert.equal(first.ts, 42);
    assert.equal(second.seq, 1);
    assert.equal(second.prev_hash, first.hash);
    assert.equal(computeEntryHash(first), first.hash);
    const lines = await readLines(path);
    assert.deepEqual(JSON.parse(lines[1]), second);
  } finally {
    await cleanup();
  }
});

Deno.test("audit log keeps 1000 concurrent in-process appends in one valid chain", async () => {
  const { path, cleanup } = await makeLog(0);
  try {
    const log = await openAuditLog(path, { clock: fixedClock(), fsyncIntervalMs: 5 });
    const entries = await Promise.all(
      Array.from(
        { length: 1000 },
        (_, i) => log.append({ event: "executed", session_id: "s", action_type: "x", details: { i } }),
      ),
    );
    await log.close();
    assert.deepEqual(entries.map((entry) => entry.seq).sort((a, b) => a - b), [...Array(1000).keys()]);
    assert.deepEqual(await verifyAuditFile(path), { chain_valid: true, total_entries: 1000 });
  } finally {
    await cleanup();
  }
});

Deno.test("audit log keeps two processes appending at once in one valid chain", async () => {
  const { path, cleanup } = await makeLog(3);
  try {
    const worker = new URL("./_append_worker.ts", import.meta.url).pathname;
    const run = (name: string) =>
      new Deno.Command(Deno.execPath(), { args: ["run", "-A", worker, path, name, "500"], stderr: "inherit" })
        .output();
    const results = await Promise.all([run("a"), run("b")]);
    assert.deepEqual(results.map((result) => result.code), [0, 0]);
    assert.deepEqual(await verifyAuditFile(path), { chain_valid: true, total_entries: 1003 });
    const sessions = (await readLines(path)).map((line) => JSON.parse(line).session_id);
    assert.equal(sessions.filter((id) => id === "a").length, 500);
    assert.equal(sessions.filter((id) => id === "b").length, 500);
  } finally {
    await cleanup();
  }
});

Deno.test("audit log reopened continues the chain from the last entry", async () => {
  const { path, cleanup } = await makeLog(5);
  try {
    const log = await openAuditLog(path, { clock: fixedClock() });
    assert.equal(log.tornTail, undefined);
    const entry = await log.append({ event: "executed", session_id: "s", action_type: "x" });
    await log.close();
    const lines = await readLines(path);
    assert.equal(entry.seq, 5);
    assert.equal(entry.prev_hash, JSON.parse(lines[4]).hash);
    assert.deepEqual(await verifyAuditFile(path), { chain_valid: true, total_entries: 6 });
  } finally {
    await cleanup();
  }
});

Deno.test("audit log reports a torn tail on open, keeps it and logs audit_torn_tail", async () => {
  const { path, cleanup } = await makeLog(4);
  try {
    const lines = await readLines(path);
    const torn = lines[3].slice(0, 40);
    await Deno.writeTextFile(path, lines.slice(0, 3).map((line) => line + "\n").join("") + torn);
    const errors: Error[] = [];
    const log = await openAuditLog(path, { clock: fixedClock(), onError: (error) => errors.push(error) });
    assert.equal(log.tornTail?.after_seq, 2);
    assert.equal(log.tornTail?.bytes, 40);
    assert.ok(errors[0] instanceof AuditTornTailError);
    const next = await log.append({ event: "executed", session_id: "s", action_type: "x" });
    await log.close();
    const after = await readLines(path);
    assert.equal(after[3], torn, "the torn bytes are kept, ended by a newline");
    assert.equal(JSON.parse(after[4]).event, "audit_torn_tail");
    assert.equal(JSON.parse(after[4]).seq, 3);
    assert.equal(JSON.parse(after[4]).prev_hash, JSON.parse(lines[2]).hash);
    assert.equal(next.seq, 4);
    const result = await verifyAuditFile(path);
    assert.equal(result.chain_valid, false);
    assert.equal(result.chain_break_at, 3);
    assert.equal(result.total_entries, 6);
  } finally {
    await cleanup();
  }
});

Deno.test("audit log masks secrets and normalises numbers in details", async () => {
  const { path, cleanup } = await makeLog(0);
  try {
    const log = await openAuditLog(path, { clock: fixedClock(), fsyncIntervalMs: 0 });
    const entry = await log.append({
      event: "executed",
      session_id: "s",
      action_type: "http_request",
      details: { target: "https://user:hunter2pass@example.com/x", ratio: 0.5, skipped: undefined },
    });
    await log.close();
    assert.equal(entry.details.target, "https://user:[REDACTED]@example.com/x");
    assert.equal(entry.details.ratio, "0.5");
    assert.ok(!("skipped" in entry.details));
    assert.ok(!(await Deno.readTextFile(path)).includes("hunter2pass"));
  } finally {
    await cleanup();
  }
});

Deno.test("audit log rejects appends after close", async () => {
  const { path, cleanup } = await makeLog(0);
  try {
    const log = await openAuditLog(path, { clock: fixedClock() });
    await log.close();
    await assert.rejects(log.append({ event: "x", session_id: "s", action_type: "y" }), /is closed/);
  } finally {
    await cleanup();
  }
});

Deno.test("hashArguments ignores key order and distinguishes values", () => {
  assert.equal(hashArguments({ path: "a", content: "b" }), hashArguments({ content: "b", path: "a" }));
  assert.notEqual(hashArguments({ path: "a" }), hashArguments({ path: "b" }));
  assert.match(hashArguments(undefined), /^[0-9a-f]{64}$/);
});

Deno.test("audit log writes an append to an idle log at once and flush() writes queued ones early", async () => {
  const { path, cleanup } = await makeLog(0);
  try {
    // A one-minute spacing: if either step waited for it, the test would hang instead of passing.
    const log = await openAuditLog(path, { clock: fixedClock(), fsyncIntervalMs: 60_000 });
    await log.append({ event: "a", session_id: "s", action_type: "x" });
    const second = log.append({ event: "b", session_id: "s", action_type: "x" });
    await log.flush();
    assert.equal((await second).seq, 1);
    assert.equal((await readLines(path)).length, 2);
    await log.close();
  } finally {
    await cleanup();
  }
});
