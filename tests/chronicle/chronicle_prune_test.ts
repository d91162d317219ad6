import assert from "node:assert/strict";
import { makeFixture, request } from "./_chronicle_fixture.ts";

const DAY = 86_400_000;

Deno.test("snapshot prunes beyond maxSnapshots, oldest first, and deletes unreferenced objects", async () => {
  const f = await makeFixture({ maxSnapshots: 3 });
  try {
    for (let i = 0; i < 5; i++) {
      await f.write("a.txt", `version ${i}`);
      await f.chronicle.snapshot(request(["a.txt"]));
    }
    assert.deepEqual(f.chronicle.list().map((record) => record.id), ["snap_3", "snap_4", "snap_5"]);
    const objects = [...Deno.readDirSync(`${f.chronicle.stateDir}/objects`)].length;
    assert.equal(objects, 6, "3 file versions + 3 manifests");
    assert.deepEqual(await f.chronicle.verifyRecords(), { valid: true, total: 3 });
  } finally {
    await f.cleanup();
  }
});

Deno.test("prune removes snapshots older than maxAgeDays and keeps shared objects", async () => {
  const f = await makeFixture({ maxAgeDays: 30 });
  try {
    await f.write("shared.txt", "same bytes");
    await f.write("old.txt", "only in the old snapshot");
    const start = f.clock.now();
    await f.chronicle.snapshot(request(["shared.txt", "old.txt"]));
    f.clock.set(start + 20 * DAY);
    await Deno.remove(`${f.workspace}/old.txt`);
    const recent = await f.chronicle.snapshot(request(["shared.txt"]));
    f.clock.set(start + 31 * DAY);
    const result = await f.chronicle.prune();
    assert.deepEqual(result.removed, ["snap_1"]);
    assert.equal(result.objects_removed, 2, "old.txt's object and the old manifest");
    assert.equal(result.anchor_hash, recent.prev_hash);
    assert.deepEqual(f.chronicle.list().map((record) => record.id), [recent.id]);
    await f.write("shared.txt", "changed");
    await f.chronicle.rollback(recent.id, { sessionId: "s" });
    assert.equal(new TextDecoder().decode(await f.read("shared.txt")), "same bytes");
    assert.equal((await f.chronicle.verifyRecords()).valid, true);
    const reopened = await f.reopen();
    assert.equal((await reopened.verifyRecords()).valid, true, "the anchor survives reopening");
  } finally {
    await f.cleanup();
  }
});

Deno.test("verifyRecords detects an edited, removed or reordered record", async () => {
  const f = await makeFixture();
  try {
    for (let i = 0; i < 4; i++) {
      await f.write("a.txt", `v${i}`);
      await f.chronicle.snapshot(request(["a.txt"]));
    }
    const path = `${f.chronicle.stateDir}/records.jsonl`;
    const original = await Deno.readTextFile(path);
    const lines = original.trimEnd().split("\n");
    assert.deepEqual(await f.chronicle.verifyRecords(), { valid: true, total: 4 });

    await Deno.writeTextFile(path, original.replace('"tool_name":"write_file"', '"tool_name":"read_file"'));
    assert.equal((await f.chronicle.verifyRecords()).break_at, 0);

    await Deno.writeTextFile(path, [lines[0], lines[2], lines[3]].join("\n") + "\n");
    assert.equal((await f.chronicle.verifyRecords()).break_at, 1);

    await Deno.writeTextFile(path, [lines[0], lines[2], lines[1], lines[3]].join("\n") + "\n");
    const swapped = await f.chronicle.verifyRecords();
    assert.equal(swapped.valid, false);
    assert.equal(swapped.break_at, 1);
  } finally {
    await f.cleanup();
  }
});
