/** Chronicle end to end: snapshots taken by the real engine before agent writes, listed, rolled back
 * (exact bytes), audited, pruned, and reachable from the command line. */
import { assert, assertEquals } from "../support/assert.ts";
import { type AgentRig, startAgentRig } from "./agent_support.ts";
import type { WsClient } from "../support/ws_client.ts";
import { fromFileUrl } from "../support/paths.ts";

const MAIN = fromFileUrl(new URL("../../main.ts", import.meta.url));

async function command(client: WsClient, sessionId: string, content: string) {
  const before = client.ofType("command_result").length;
  client.send({ type: "command", session_id: sessionId, content });
  await client.waitFor("command_result", () => client.ofType("command_result").length > before);
  return client.ofType("command_result")[before].data as { ok: boolean; text: string };
}

/** One agent turn that makes `calls` and then answers; resolves once the turn is complete. */
async function turn(
  rig: AgentRig,
  client: WsClient,
  sessionId: string,
  calls: { name: string; arguments: object }[],
) {
  const done = client.ofType("response_complete").length;
  rig.llm.enqueue(...calls.map((call) => ({ toolCalls: [call] })), { text: "Done." });
  client.send({ type: "message", session_id: sessionId, content: "Do the next step" });
  await client.waitFor("response_complete", () => client.ofType("response_complete").length > done);
}

/** Snapshot ids from `/chronicle list` text, newest first (one line per snapshot, id first). */
function listedIds(text: string): string[] {
  return text.split("\n").map((line) => line.split(/\s+/)[0]).filter((id) => id.startsWith("snap_"));
}

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const decoder = new TextDecoder();
  return { code: result.code, out: decoder.decode(result.stdout) + decoder.decode(result.stderr) };
}

/** Audit entries through the API, which flushes the engine's pending appends first. */
async function auditEvents(rig: AgentRig): Promise<Record<string, unknown>[]> {
  const page = await (await fetch(`${rig.engine.url}/api/audit?lines=10000`)).json();
  assertEquals(page.chain_valid, true);
  return page.entries;
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

// Control characters, a NUL, CRLF, astral characters and no final newline: bytes that must survive unchanged.
const FIRST = 'header\u0000\u0001\u0002\u007f\r\nline two é 日本 😀\ttab\\ "quoted"\u001b[0m end';
const SECOND = "replaced entirely\n";

Deno.test("chronicle end to end: write, overwrite, list, rollback to exact bytes, audited and undoable, CLI", async (t) => {
  const rig = await startAgentRig();
  try {
    const workspace = rig.engine.workspace;
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    const data = `${workspace}/notes/data.bin`;
    let cliUndo = "";

    await turn(rig, client, sessionId, [{
      name: "write_file",
      arguments: { path: "notes/data.bin", content: FIRST },
    }]);
    await turn(rig, client, sessionId, [{
      name: "write_file",
      arguments: { path: "notes/data.bin", content: SECOND },
    }]);
    await turn(rig, client, sessionId, [{
      name: "write_file",
      arguments: { path: "notes/later.txt", content: "new" },
    }]);
    const firstBytes = new TextEncoder().encode(FIRST);
    assertEquals(await Deno.readTextFile(data), SECOND);

    const list = await command(client, sessionId, "/chronicle list");
    assert(list.ok, list.text);
    const ids = listedIds(list.text);
    assertEquals(ids.length, 3, list.text);
    const [, beforeOverwrite, beforeFirstWrite] = ids;
    assert(list.text.includes("write_file") && list.text.includes("notes/data.bin"), list.text);

    await t.step("rollback restores the exact bytes the file had before the overwrite", async () => {
      const result = await command(client, sessionId, `/chronicle rollback ${beforeOverwrite}`);
      assert(result.ok, result.text);
      assert(result.text.includes(`Rolled back to ${beforeOverwrite}`), result.text);
      assertEquals(await Deno.readFile(data), firstBytes);
    });

    await t.step("the rollback is audited and itself snapshotted, so it can be undone", async () => {
      const after = listedIds((await command(client, sessionId, "/chronicle list")).text);
      assertEquals(after.length, 4);
      const undo = after[0];
      const events = await auditEvents(rig);
      const rollback = events.find((entry) => entry.event === "rollback");
      assert(rollback, "an audit entry with event rollback");
      assertEquals(rollback.session_id, sessionId);
      assertEquals((rollback.details as Record<string, unknown>).snapshot_id, beforeOverwrite);
      const undone = await command(client, sessionId, `/chronicle rollback ${undo}`);
      assert(undone.ok, undone.text);
      assertEquals(await Deno.readTextFile(data), SECOND);
    });

    await t.step(
      "rolling back to before the file existed removes it; files outside the snapshot stay",
      async () => {
        const result = await command(client, sessionId, `/chronicle rollback ${beforeFirstWrite}`);
        assert(result.ok, result.text);
        assert(result.text.includes("removed") && result.text.includes("notes/data.bin"), result.text);
        assertEquals(await exists(data), false);
        assertEquals(await Deno.readTextFile(`${workspace}/notes/later.txt`), "new");
      },
    );

    await t.step(
      "a shell command is snapshotted whole-workspace: rollback removes what it created",
      async () => {
        await turn(rig, client, sessionId, [{
          name: "execute_command",
          arguments: {
            command: "printf shell > notes/made-by-shell.txt && printf changed > notes/later.txt",
          },
        }]);
        const completed = client.ofType("action_completed").at(-1)!.data!;
        assertEquals(completed.is_error, false, String(completed.result));
        assertEquals(await Deno.readTextFile(`${workspace}/notes/made-by-shell.txt`), "shell");
        const [beforeShell] = listedIds((await command(client, sessionId, "/chronicle list")).text);
        assert(
          (await command(client, sessionId, "/chronicle list")).text.includes("whole workspace"),
          "the shell snapshot covers the whole workspace",
        );
        const result = await command(client, sessionId, `/chronicle rollback ${beforeShell}`);
        assert(result.ok, result.text);
        assertEquals(await exists(`${workspace}/notes/made-by-shell.txt`), false);
        assertEquals(await Deno.readTextFile(`${workspace}/notes/later.txt`), "new");
      },
    );

    await t.step("the command line lists the same snapshots and rolls back with an exit code", async () => {
      const listed = await cli(["chronicle", "list", "--config", rig.engine.configPath]);
      assertEquals(listed.code, 0, listed.out);
      const ids = listedIds(listed.out);
      assertEquals(ids.length, 8, listed.out);
      assert(ids.includes(beforeOverwrite) && ids.includes(beforeFirstWrite), listed.out);
      const restored = await cli([
        "chronicle",
        "rollback",
        beforeOverwrite,
        "--config",
        rig.engine.configPath,
      ]);
      assertEquals(restored.code, 0, restored.out);
      assertEquals(await Deno.readFile(data), firstBytes);
      const events = await auditEvents(rig);
      assert(
        events.some((entry) => entry.event === "rollback" && entry.session_id === "cli"),
        "the CLI rollback is audited too",
      );
      cliUndo = restored.out.match(/undo with "chronicle rollback (snap_\w+)"/)?.[1] ?? "";
      assert(cliUndo !== "", restored.out);
    });

    await t.step(
      "the running engine sees snapshots the command line made, and both keep one chain",
      async () => {
        await turn(rig, client, sessionId, [{
          name: "write_file",
          arguments: { path: "notes/after-cli.txt", content: "x" },
        }]);
        const fresh = listedIds((await cli(["chronicle", "list", "--config", rig.engine.configPath])).out);
        assert(fresh.includes(cliUndo), `a new process lists the CLI's snapshot ${cliUndo}`);
        const records = (await Deno.readTextFile(`${workspace}/.engine/chronicle/records.jsonl`)).trim()
          .split("\n")
          .map((line) => JSON.parse(line) as { seq: number });
        const seqs = records.map((record) => record.seq);
        assertEquals(new Set(seqs).size, seqs.length, `records.jsonl has one record per seq: ${seqs}`);
        const engineList = listedIds((await command(client, sessionId, "/chronicle list")).text);
        assert(engineList.includes(cliUndo), `the engine lists the CLI's snapshot ${cliUndo}: ${engineList}`);
      },
    );

    await t.step(
      "an unknown snapshot id is a clear error, in the slash command and on the command line",
      async () => {
        const result = await command(client, sessionId, "/chronicle rollback snap_doesnotexist");
        assert(result.text.includes('"snap_doesnotexist" does not exist'), result.text);
        const failed = await cli([
          "chronicle",
          "rollback",
          "snap_doesnotexist",
          "--config",
          rig.engine.configPath,
        ]);
        assertEquals(failed.code, 1, failed.out);
        assert(failed.out.includes('"snap_doesnotexist" does not exist'), failed.out);
        const events = await auditEvents(rig);
        assert(events.some((entry) => entry.event === "rollback_failed"), "a failed rollback is audited");
        assertEquals(await Deno.readFile(data), firstBytes);
        // The command failed: its result must say so, not only its text.
        assertEquals(result.ok, false, `"/chronicle rollback" of an unknown id answered ok: ${result.text}`);
      },
    );
  } finally {
    await rig.close();
  }
});

Deno.test("chronicle end to end: max_snapshots 3 keeps only the 3 newest of 5 snapshots", async () => {
  const rig = await startAgentRig({ config: { chronicle: { max_snapshots: 3 } } });
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    for (let i = 1; i <= 5; i++) {
      await turn(rig, client, sessionId, [{
        name: "write_file",
        arguments: { path: "notes/n.txt", content: `v${i}` },
      }]);
    }
    assertEquals(await Deno.readTextFile(`${rig.engine.workspace}/notes/n.txt`), "v5");
    const list = await command(client, sessionId, "/chronicle list");
    const ids = listedIds(list.text);
    assertEquals(ids.length, 3, list.text);
    // The newest kept snapshot is the one before the fifth write: rolling back to it gives v4.
    const rolled = await command(client, sessionId, `/chronicle rollback ${ids[0]}`);
    assert(rolled.ok, rolled.text);
    assertEquals(await Deno.readTextFile(`${rig.engine.workspace}/notes/n.txt`), "v4");
    const oldest = await command(client, sessionId, `/chronicle rollback ${ids[2]}`);
    assert(oldest.ok, oldest.text);
    assertEquals(await Deno.readTextFile(`${rig.engine.workspace}/notes/n.txt`), "v2");
  } finally {
    await rig.close();
  }
});
