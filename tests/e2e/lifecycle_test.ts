import { assert, assertEquals } from "../support/assert.ts";
import { delay, freePort, startTestEngine } from "../support/engine_harness.ts";
import { fromFileUrl } from "../support/paths.ts";

const MAIN = fromFileUrl(new URL("../../main.ts", import.meta.url));

async function json(url: string, init?: RequestInit) {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json() };
}

async function runMain(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  })
    .output();
  const decoder = new TextDecoder();
  return { code: result.code, output: decoder.decode(result.stdout) + decoder.decode(result.stderr) };
}

Deno.test("engine lifecycle: restart keeps sessions, stop/start persists them, OTR sessions vanish", async () => {
  const root = await Deno.makeTempDir({ prefix: "parapet-life-" });
  const engine = await startTestEngine({ root });
  try {
    const normal = (await json(`${engine.url}/api/sessions`, { method: "POST" })).body;
    const otr =
      (await json(`${engine.url}/api/sessions`, { method: "POST", body: JSON.stringify({ mode: "otr" }) }))
        .body;
    await fetch(`${engine.url}/api/sessions/${normal.id}`, {
      method: "PATCH",
      body: JSON.stringify({ title: "Keep me" }),
    }).then((r) => r.body?.cancel());

    const restart = await json(`${engine.url}/api/restart`, { method: "POST" });
    assertEquals(restart, { status: 200, body: { status: "restarting" } });
    // The old engine exits with 75 and the supervisor starts a new one on the same port.
    let sessions: { id: string; title: string }[] = [];
    for (let attempt = 0; attempt < 100; attempt++) {
      await delay(100);
      try {
        const listed = await json(`${engine.url}/api/sessions`);
        if (listed.status === 200 && engine.output().includes("asked for a restart")) {
          sessions = listed.body;
          break;
        }
      } catch {
        // restarting
      }
    }
    assert(engine.output().includes("asked for a restart"), engine.output());
    assertEquals(sessions.map((session) => session.id), [normal.id]);
    assertEquals(sessions[0].title, "Keep me");
    assertEquals((await json(`${engine.url}/api/sessions/${otr.id}`)).status, 404);

    await engine.restart();
    const again = await json(`${engine.url}/api/sessions/${normal.id}`);
    assertEquals(again.status, 200);
    assertEquals(again.body.title, "Keep me");
    // WAL checkpointed on clean shutdown: the database file holds the data on its own.
    await engine.stop();
    const wal = await Deno.stat(`${engine.workspace}/.engine/engine.db-wal`).then((info) => info.size).catch(
      () => 0,
    );
    assertEquals(wal, 0);
  } finally {
    await engine.stop();
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("engine refuses a non-localhost bind without a password hash", async () => {
  const workspace = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${workspace}/config.yaml`, `web:\n  host: 0.0.0.0\n  port: ${freePort()}\n`);
    const { code, output } = await runMain(["engine", "--config", `${workspace}/config.yaml`], workspace);
    assert(code !== 0);
    assert(output.includes("web.password_hash"), output);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});

Deno.test("a bad config file fails at start listing every problem with its line", async () => {
  const workspace = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${workspace}/config.yaml`,
      "shield:\n  onnx_threshold: 7\nagents:\n  compaction_threshold: -1\nfancy: yes\n",
    );
    const { code, output } = await runMain(["start", "--config", `${workspace}/config.yaml`], workspace);
    assert(code !== 0);
    assert(output.includes("shield.onnx_threshold (line 2)"), output);
    assert(output.includes("agents.compaction_threshold (line 4)"), output);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});

Deno.test("no config: start writes a commented default, ./workspace and ./security beside it, and serves", async () => {
  const folder = await Deno.realPath(await Deno.makeTempDir());
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "start", "--port", String(port)],
    cwd: folder,
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    let status = 0;
    for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
      await delay(100);
      status = await fetch(`http://127.0.0.1:${port}/api/status`).then(async (
        r,
      ) => (await r.body?.cancel(), r.status)).catch(() => 0);
    }
    assertEquals(status, 200);
    const text = await Deno.readTextFile(`${folder}/config.yaml`);
    assert(text.startsWith("# Parapet configuration"));
    const view = await (await fetch(`http://127.0.0.1:${port}/api/status`)).json();
    assertEquals(await Deno.realPath(view.workspace), `${folder}/workspace`);
    for (const file of ["MEMORY.md", "USER.md", "IDENTITY.md", "AGENTS.md", ".engine/engine.db"]) {
      assert((await Deno.stat(`${folder}/workspace/${file}`)).isFile, file);
    }
    // The policies sit beside the workspace, out of the agent's reach; nothing of them inside it.
    for (const file of ["shield/default.yaml", "shield/strict.yaml", "ifc/default.yaml"]) {
      assert((await Deno.stat(`${folder}/security/${file}`)).isFile, file);
    }
    assertEquals(await Deno.stat(`${folder}/workspace/security`).catch(() => "absent"), "absent");
    assertEquals(await Deno.stat(`${folder}/MEMORY.md`).catch(() => "absent"), "absent");
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await Deno.remove(folder, { recursive: true });
  }
});
