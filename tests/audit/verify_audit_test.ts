import assert from "node:assert/strict";
import { computeEntryHash, serializeEntry } from "../../src/audit/audit_entry.ts";
import { readAuditPage, verifyAuditFile } from "../../src/audit/verify_audit.ts";
import { runAuditVerifyCli } from "../../src/cli/audit_verify.ts";
import { NotFoundError, ValidationError } from "../../src/lib/errors.ts";
import { makeLog, readLines, writeLines } from "./_audit_fixture.ts";

async function tampered(
  edit: (lines: string[]) => string[] | string,
): Promise<Awaited<ReturnType<typeof verifyAuditFile>>> {
  const { path, cleanup } = await makeLog(10);
  try {
    const result = edit(await readLines(path));
    if (typeof result === "string") await Deno.writeTextFile(path, result);
    else await writeLines(path, result);
    return await verifyAuditFile(path);
  } finally {
    await cleanup();
  }
}

Deno.test("verifyAuditFile accepts an untouched chain", async () => {
  const { path, cleanup } = await makeLog(10);
  try {
    assert.deepEqual(await verifyAuditFile(path), { chain_valid: true, total_entries: 10 });
  } finally {
    await cleanup();
  }
});

Deno.test("verifyAuditFile breaks at an entry whose field was edited", async () => {
  const result = await tampered((lines) => {
    lines[4] = lines[4].replace('"write_file"', '"read_file"');
    return lines;
  });
  assert.equal(result.chain_valid, false);
  assert.equal(result.chain_break_at, 4);
  assert.match(result.reason!, /hash does not match/);
});

Deno.test("verifyAuditFile breaks where a line was deleted", async () => {
  const result = await tampered((lines) => lines.filter((_, i) => i !== 6));
  assert.equal(result.chain_break_at, 6);
  assert.equal(result.total_entries, 9);
});

Deno.test("verifyAuditFile breaks where two lines were swapped", async () => {
  const result = await tampered((lines) => {
    [lines[2], lines[3]] = [lines[3], lines[2]];
    return lines;
  });
  assert.equal(result.chain_break_at, 2);
});

Deno.test("verifyAuditFile breaks at a line truncated mid-way", async () => {
  const result = await tampered((lines) => lines.join("\n") + "\n" + '{"action_type":"wri');
  assert.equal(result.chain_valid, false);
  assert.equal(result.chain_break_at, 10);
  assert.equal(result.total_entries, 11);
  const cut = await tampered((lines) => lines.join("\n").slice(0, -30));
  assert.equal(cut.chain_break_at, 9);
  assert.match(cut.reason!, /incomplete/);
});

Deno.test("verifyAuditFile breaks at an appended forged line hashed over a wrong prev_hash", async () => {
  const result = await tampered((lines) => {
    const last = JSON.parse(lines[9]);
    const forged = { ...last, seq: 10, prev_hash: "f".repeat(64), details: { path: "forged" } };
    forged.hash = computeEntryHash(forged);
    return [...lines, serializeEntry(forged)];
  });
  assert.equal(result.chain_break_at, 10);
  assert.match(result.reason!, /prev_hash/);
});

Deno.test("verifyAuditFile breaks at an inserted line even when it is correctly linked and hashed", async () => {
  const result = await tampered((lines) => {
    const before = JSON.parse(lines[4]);
    const inserted = { ...before, seq: 5, prev_hash: before.hash, details: { path: "inserted" } };
    inserted.hash = computeEntryHash(inserted);
    return [...lines.slice(0, 5), serializeEntry(inserted), ...lines.slice(5)];
  });
  assert.equal(result.chain_break_at, 6);
  assert.equal(result.total_entries, 11);
});

Deno.test("verifyAuditFile breaks at a blank or non-JSON line", async () => {
  const result = await tampered((lines) => [...lines.slice(0, 3), "not json", ...lines.slice(3)]);
  assert.equal(result.chain_break_at, 3);
  assert.match(result.reason!, /not valid JSON/);
});

Deno.test("verifyAuditFile throws NotFoundError for a missing file", async () => {
  await assert.rejects(verifyAuditFile("/nonexistent/audit.jsonl"), NotFoundError);
});

Deno.test("readAuditPage returns the last lines before offset, oldest first, with whole-file verification", async () => {
  const { path, cleanup } = await makeLog(25);
  try {
    const page = await readAuditPage(path, { lines: 10, offset: 5 });
    assert.deepEqual(page.entries.map((entry) => entry.seq), [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    assert.equal(page.total_entries, 25);
    assert.equal(page.chain_valid, true);
    assert.equal(page.has_more, true);
    assert.ok(!("chain_break_at" in page));
    const all = await readAuditPage(path);
    assert.equal(all.entries.length, 25);
    assert.equal(all.has_more, false);
    const lines = await readLines(path);
    lines[1] = lines[1].replace("notes/1.md", "notes/x.md");
    await writeLines(path, lines);
    const broken = await readAuditPage(path, { lines: 2 });
    assert.deepEqual(broken.entries.map((entry) => entry.seq), [23, 24]);
    assert.equal(broken.chain_valid, false);
    assert.equal(broken.chain_break_at, 1);
  } finally {
    await cleanup();
  }
});

Deno.test("readAuditPage treats a missing file as an empty valid log and rejects bad paging", async () => {
  assert.deepEqual(await readAuditPage("/nonexistent/audit.jsonl"), {
    entries: [],
    total_entries: 0,
    chain_valid: true,
    has_more: false,
  });
  await assert.rejects(readAuditPage("/nonexistent/audit.jsonl", { lines: 0 }), ValidationError);
  await assert.rejects(readAuditPage("/nonexistent/audit.jsonl", { offset: -1 }), ValidationError);
});

Deno.test("runAuditVerifyCli prints one line and exits 0 for a valid chain, 1 for a broken or missing one", async () => {
  const { path, cleanup } = await makeLog(3);
  try {
    const out: string[] = [];
    assert.equal(await runAuditVerifyCli(path, (line) => out.push(line)), 0);
    assert.match(out[0], /Audit chain valid: 3 entries/);
    await Deno.writeTextFile(path, (await Deno.readTextFile(path)).replace("notes/2.md", "notes/9.md"));
    assert.equal(await runAuditVerifyCli(path, (line) => out.push(line)), 1);
    assert.match(out[1], /broken at entry 2 of 3/);
    assert.equal(await runAuditVerifyCli(`${path}.missing`, (line) => out.push(line)), 1);
    assert.match(out[2], /does not exist/);
  } finally {
    await cleanup();
  }
});

Deno.test("verifyAuditFile in parallel ranges finds the same break as one pass, also at a range boundary", async () => {
  const { path, cleanup } = await makeLog(300);
  try {
    assert.deepEqual(await verifyAuditFile(path, { workers: 3 }), { chain_valid: true, total_entries: 300 });
    const lines = await readLines(path);
    for (const index of [0, 99, 100, 101, 150, 299]) {
      const edited = [...lines];
      edited[index] = edited[index].replace(`notes/${index}.md`, "notes/forged.md");
      await writeLines(path, edited);
      const single = await verifyAuditFile(path, { workers: 1 });
      const parallel = await verifyAuditFile(path, { workers: 3 });
      assert.equal(single.chain_break_at, index);
      assert.deepEqual(parallel, single);
    }
    await writeLines(path, lines.filter((_, i) => i !== 100 && i !== 101));
    assert.equal((await verifyAuditFile(path, { workers: 3 })).chain_break_at, 100);
    await Deno.writeTextFile(path, lines.join("\n") + "\n" + lines[5].slice(0, 20));
    const torn = await verifyAuditFile(path, { workers: 4 });
    assert.deepEqual([torn.chain_break_at, torn.total_entries], [300, 301]);
    await writeLines(path, lines);
    const page = await readAuditPage(path, { lines: 150, offset: 10, workers: 3 });
    assert.deepEqual(page.entries.map((entry) => entry.seq), Array.from({ length: 150 }, (_, i) => 140 + i));
  } finally {
    await cleanup();
  }
});

Deno.test("readAuditPage leaves out an unfinished last line and pages past the start as empty", async () => {
  const { path, cleanup } = await makeLog(6);
  try {
    const lines = await readLines(path);
    // A whole entry without its newline is still a write that never finished.
    await Deno.writeTextFile(path, lines.join("\n") + "\n" + lines[5]);
    const page = await readAuditPage(path, { lines: 3 });
    assert.deepEqual(page.entries.map((entry) => entry.seq), [4, 5]);
    assert.deepEqual([page.total_entries, page.chain_break_at], [7, 6]);
    const past = await readAuditPage(path, { lines: 5, offset: 1_000_000 });
    assert.deepEqual([past.entries, past.has_more, past.total_entries], [[], false, 7]);
    const middle = await readAuditPage(path, { lines: 2, offset: 3, workers: 2 });
    assert.deepEqual(middle.entries.map((entry) => entry.seq), [2, 3]);
  } finally {
    await cleanup();
  }
});
