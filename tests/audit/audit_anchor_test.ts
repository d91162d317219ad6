/** The anchor in engine.db catches what a self-consistent chain cannot: a cut, replaced or extended log. */
import assert from "node:assert/strict";
import { AuditAnchorBreakError } from "../../src/audit/audit_log.ts";
import { verifyAuditFile } from "../../src/audit/verify_audit.ts";
import { runAuditVerifyCli } from "../../src/cli/audit_verify.ts";
import { readAnchorReadOnly } from "../../src/audit/anchor_store.ts";
import { lockedSnapshot, newerAnchor } from "../../src/audit/anchor_check.ts";
import { readLines, writeLines } from "./_audit_fixture.ts";
import { anchoredDir, failingStore, fill, forgedLines } from "./_anchor_fixture.ts";

Deno.test("anchored log: reopened after a clean close it verifies valid and records nothing", async () => {
  const dir = await anchoredDir();
  try {
    await fill(await dir.open(), 41);
    const log = await dir.open();
    await log.append({ event: "executed", session_id: "s", action_type: "x" });
    await log.close();
    assert.deepEqual(dir.errors, []);
    assert.deepEqual(await dir.verify(), { chain_valid: true, total_entries: 42 });
    const state = JSON.parse(dir.store.read()!.state);
    assert.equal(state.head.entries, 42);
    assert.equal(state.head.hash, JSON.parse((await readLines(dir.path))[41]).hash);
    assert.equal(state.pending, undefined);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("anchored log: cut from 41 entries to 5 is a break at 5, the first missing entry", async () => {
  const dir = await anchoredDir();
  try {
    await fill(await dir.open(), 41);
    const lines = await readLines(dir.path);
    await writeLines(dir.path, lines.slice(0, 5));
    assert.deepEqual(
      await verifyAuditFile(dir.path),
      { chain_valid: true, total_entries: 5 },
      "self-consistent",
    );
    const cut = await dir.verify();
    assert.equal(cut.chain_valid, false);
    assert.equal(cut.chain_break_at, 5);
    assert.match(cut.reason!, /the log ends after 5 entries but the anchor in engine\.db records 41/);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("anchored log: reopened after a cut, it records the break, continues, and never verifies valid again", async () => {
  const dir = await anchoredDir();
  try {
    await fill(await dir.open(), 41);
    const lines = await readLines(dir.path);
    await writeLines(dir.path, lines.slice(0, 5));
    const log = await dir.open();
    assert.ok(dir.errors[0] instanceof AuditAnchorBreakError, String(dir.errors[0]));
    assert.equal((dir.errors[0] as AuditAnchorBreakError).at, 5);
    const next = await log.append({ event: "executed", session_id: "s", action_type: "x" });
    await log.close();
    const after = await readLines(dir.path);
    assert.equal(after.length, 8);
    assert.equal(JSON.parse(after[5]).audit_anchor_break.break_at, 5, "a marker line that is not an entry");
    const notice = JSON.parse(after[6]);
    assert.equal(notice.event, "audit_anchor_break");
    assert.equal(notice.seq, 5);
    assert.equal(notice.prev_hash, JSON.parse(lines[4]).hash, "continues from the real tail");
    assert.equal(notice.details.anchored_entries, 41);
    assert.equal(next.seq, 6);
    for (const result of [await dir.verify(), await verifyAuditFile(dir.path)]) {
      assert.equal(result.chain_valid, false);
      assert.equal(result.chain_break_at, 5);
    }
    const again = await dir.open();
    await again.close();
    assert.equal(dir.errors.length, 1, "the same break is not reported twice");
    assert.equal((await dir.verify()).chain_break_at, 5);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("anchored log: a file replaced by a self-consistent forged chain is a break at 0", async () => {
  const dir = await anchoredDir();
  try {
    await fill(await dir.open(), 41);
    await writeLines(dir.path, forgedLines(41));
    assert.equal((await verifyAuditFile(dir.path)).chain_valid, true, "the forgery is self-consistent");
    const result = await dir.verify();
    assert.equal(result.chain_valid, false);
    assert.equal(result.chain_break_at, 0);
    assert.match(result.reason!, /entry 0 is not the one the anchor in engine\.db recorded/);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("anchored log: a forged tail appended by hand is a break at the first entry the anchor does not hold", async () => {
  const dir = await anchoredDir();
  try {
    await fill(await dir.open(), 41);
    const lines = await readLines(dir.path);
    const last = JSON.parse(lines[40]);
    await writeLines(dir.path, [...lines, ...forgedLines(3, { seq: 41, prevHash: last.hash })]);
    assert.equal((await verifyAuditFile(dir.path)).chain_valid, true, "the tail links correctly");
    const result = await dir.verify();
    assert.equal(result.chain_break_at, 41);
    assert.match(result.reason!, /entries 41 to 43 are not in the anchor/);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("anchored log: a tail rewritten from entry 38 is located at 38 by the pins of the latest writes", async () => {
  const dir = await anchoredDir();
  try {
    await fill(await dir.open(), 41);
    const lines = await readLines(dir.path);
    const kept = JSON.parse(lines[37]);
    await writeLines(dir.path, [...lines.slice(0, 38), ...forgedLines(5, { seq: 38, prevHash: kept.hash })]);
    const result = await dir.verify();
    assert.equal(result.chain_valid, false);
    assert.equal(result.chain_break_at, 38);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("anchored log: cut while open (a copy over it), the next append records the break", async () => {
  const dir = await anchoredDir();
  try {
    const log = await dir.open();
    for (let i = 0; i < 41; i++) {
      await log.append({ event: "e", session_id: "s", action_type: "x", details: { i } });
    }
    const lines = await readLines(dir.path);
    // Truncated in place, as Deno.copyFile over the log does: same inode, fewer bytes.
    await Deno.writeTextFile(dir.path, lines.slice(0, 5).map((line) => line + "\n").join(""));
    await log.append({ event: "after", session_id: "s", action_type: "x" });
    await log.close();
    assert.equal((dir.errors[0] as AuditAnchorBreakError).at, 5);
    assert.match(dir.errors[0].message, /while the engine was writing/);
    assert.equal((await dir.verify()).chain_break_at, 5);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("anchored log: deleted while open, it is written at its path again with the break at 0 recorded", async () => {
  const dir = await anchoredDir();
  try {
    const log = await dir.open();
    for (let i = 0; i < 3; i++) await log.append({ event: "e", session_id: "s", action_type: "x" });
    await Deno.remove(dir.path);
    await log.append({ event: "after", session_id: "s", action_type: "x" });
    await log.close();
    const lines = await readLines(dir.path);
    assert.equal(JSON.parse(lines.at(-1)!).event, "after");
    const result = await dir.verify();
    assert.equal(result.chain_valid, false);
    assert.equal(result.chain_break_at, 0);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("anchored log: replaced by a directory while open, appends are rejected with a clear error", async () => {
  const dir = await anchoredDir();
  try {
    const log = await dir.open();
    await log.append({ event: "e", session_id: "s", action_type: "x" });
    await Deno.rename(dir.path, `${dir.path}.moved`);
    await Deno.mkdir(dir.path);
    await assert.rejects(
      log.append({ event: "after", session_id: "s", action_type: "x" }),
      /Cannot write audit log ".*audit\.jsonl": .*not a regular file/,
    );
    await log.close();
  } finally {
    await dir.cleanup();
  }
});

Deno.test("anchored log: a crash after the log write but before the anchor caught up is not a break", async () => {
  const dir = await anchoredDir();
  try {
    await fill(await dir.open(), 5);
    // The anchor accepts the pending head (before the write) and fails the final one (after it).
    const crashing = failingStore(dir.store, (state) => !state.pending && state.head.entries === 6);
    const log = await dir.open({ store: crashing });
    await assert.rejects(log.append({ event: "e", session_id: "s", action_type: "x" }), /simulated crash/);
    await log.close();
    assert.equal((await readLines(dir.path)).length, 6, "the entry reached the file");
    const reopened = await dir.open();
    await reopened.close();
    assert.deepEqual(dir.errors.filter((error) => error instanceof AuditAnchorBreakError), []);
    assert.deepEqual(await dir.verify(), { chain_valid: true, total_entries: 6 });
  } finally {
    await dir.cleanup();
  }
});

Deno.test("anchored log: a crash mid-append (torn tail) is still reported where it happened, not as a cut", async () => {
  const dir = await anchoredDir();
  try {
    await fill(await dir.open(), 4);
    const lines = await readLines(dir.path);
    const torn = forgedLines(5)[4].slice(0, 40);
    await Deno.writeTextFile(dir.path, torn, { append: true });
    const before = await dir.verify();
    assert.equal(before.chain_break_at, 4);
    assert.match(before.reason!, /incomplete/);
    const log = await dir.open();
    await log.append({ event: "e", session_id: "s", action_type: "x" });
    await log.close();
    assert.deepEqual(dir.errors.filter((error) => error instanceof AuditAnchorBreakError), []);
    const after = await readLines(dir.path);
    assert.equal(after[4], torn);
    assert.equal(JSON.parse(after[5]).event, "audit_torn_tail");
    assert.equal(JSON.parse(after[5]).prev_hash, JSON.parse(lines[3]).hash);
    const result = await dir.verify();
    assert.equal(result.chain_break_at, 4);
    assert.equal(result.total_entries, 7);
    assert.match(result.reason!, /not valid JSON/);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("anchored log: a log from before anchors is adopted once, and said so in the chain", async () => {
  const dir = await anchoredDir();
  try {
    await writeLines(dir.path, forgedLines(3));
    const log = await dir.open();
    await log.close();
    const lines = await readLines(dir.path);
    const notice = JSON.parse(lines[3]);
    assert.equal(notice.event, "audit_anchor_adopted");
    assert.equal(notice.details.entries, 3);
    assert.deepEqual(await dir.verify(), { chain_valid: true, total_entries: 4 });
    assert.deepEqual(dir.errors, []);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("audit verify CLI: checks the log against the anchor of the engine.db beside it, read-only", async () => {
  const dir = await anchoredDir();
  try {
    await fill(await dir.open(), 41);
    const out: string[] = [];
    const readAnchor = () => readAnchorReadOnly(dir.dbPath);
    assert.equal(await runAuditVerifyCli(dir.path, (line) => out.push(line), { readAnchor }), 0);
    assert.match(
      out[0],
      /^Audit chain valid: 41 entries in ".*"; it matches the anchor in engine\.db \(unsigned\)$/,
    );
    assert.equal(await runAuditVerifyCli(dir.path, (line) => out.push(line)), 0);
    assert.match(out[1], /only its internal consistency was checked/);
    await writeLines(dir.path, (await readLines(dir.path)).slice(0, 5));
    assert.equal(await runAuditVerifyCli(dir.path, (line) => out.push(line), { readAnchor }), 1);
    assert.match(
      out[2],
      /^Audit chain broken at entry 5 of 5 in ".*": entry 5: the log ends after 5 entries/,
    );
    assert.equal(readAnchorReadOnly(`${dir.dir}/missing.db`), undefined);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("anchored log: the log and its anchor both put back to an older copy under a running writer is a break", async () => {
  const dir = await anchoredDir();
  try {
    const log = await dir.open();
    for (let i = 0; i < 10; i++) {
      await log.append({ event: "e", session_id: "s", action_type: "x", details: { i } });
    }
    const oldText = await Deno.readTextFile(dir.path);
    const oldAnchor = dir.store.read()!;
    for (let i = 0; i < 10; i++) {
      await log.append({ event: "f", session_id: "s", action_type: "x", details: { i } });
    }
    await Deno.writeTextFile(dir.path, oldText);
    dir.store.write(oldAnchor);
    assert.equal((await dir.verify()).chain_valid, true, "the old pair fits together");
    // What GET /api/audit does while the engine runs: the writer's own anchor wins over an older stored one.
    const snapshot = await lockedSnapshot(dir.path, () => newerAnchor(dir.store.read(), log.lastAnchor()));
    const live = await verifyAuditFile(dir.path, {
      size: snapshot.size,
      anchor: { record: snapshot.record },
    });
    assert.equal(live.chain_break_at, 10);
    await log.append({ event: "after", session_id: "s", action_type: "x" });
    await log.close();
    assert.equal((dir.errors[0] as AuditAnchorBreakError).at, 10);
    assert.equal((await dir.verify()).chain_break_at, 10, "recorded in engine.db");
  } finally {
    await dir.cleanup();
  }
});
