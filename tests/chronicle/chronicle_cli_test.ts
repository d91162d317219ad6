import assert from "node:assert/strict";
import { formatChronicleCommand, runChronicleCli } from "../../src/chronicle/chronicle_cli.ts";
import { makeFixture, request } from "./_chronicle_fixture.ts";

Deno.test("runChronicleCli lists, diffs and rolls back with exit codes", async () => {
  const f = await makeFixture();
  try {
    await f.write("a.txt", "one\n");
    const snap = await f.chronicle.snapshot(request(["a.txt"]));
    await f.write("a.txt", "two\n");
    const out: string[] = [];
    const run = (...args: string[]) => runChronicleCli(f.chronicle, args, (line) => out.push(line));
    assert.equal(await run("list"), 0);
    assert.match(out.at(-1)!, /^snap_1 .* write_file {2}a\.txt {2}\(1 files, 4 bytes\)$/);
    assert.equal(await run("diff", snap.id), 0);
    assert.equal(out.at(-1), "modified a.txt");
    assert.equal(await run("diff", snap.id, "a.txt"), 0);
    assert.match(out.at(-1)!, /-one\n\+two$/);
    assert.equal(await run("rollback", snap.id), 0);
    assert.match(
      out.at(-2)!,
      /^Rolled back to snap_1: 1 restored, 0 removed; undo with "chronicle rollback snap_2"$/,
    );
    assert.equal(new TextDecoder().decode(await f.read("a.txt")), "one\n");
    assert.equal(await run("rollback", "snap_nope"), 1);
    assert.match(out.at(-1)!, /Snapshot "snap_nope" does not exist/);
    assert.equal(await run("frobnicate"), 2);
    assert.match(out.at(-1)!, /^Usage:/);
  } finally {
    await f.cleanup();
  }
});

Deno.test("formatChronicleCommand answers the /chronicle slash command as text", async () => {
  const f = await makeFixture();
  try {
    assert.equal(await formatChronicleCommand(f.chronicle, "/chronicle"), "No snapshots yet");
    await f.write("a.txt", "x");
    const snap = await f.chronicle.snapshot(request(["a.txt"]));
    assert.match(await formatChronicleCommand(f.chronicle, "/chronicle list"), /^snap_1 /);
    assert.equal(
      await formatChronicleCommand(f.chronicle, `/chronicle diff ${snap.id}`),
      "No changes since snap_1",
    );
    await Deno.remove(`${f.workspace}/a.txt`);
    const text = await formatChronicleCommand(f.chronicle, `/chronicle rollback ${snap.id}`, {
      sessionId: "s9",
    });
    assert.match(text, /Rolled back to snap_1: 1 restored/);
    assert.equal(f.chronicle.get("snap_2").session_id, "s9");
  } finally {
    await f.cleanup();
  }
});
