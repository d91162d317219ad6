/** The trail's REST endpoints end to end: bad paging and periods are 400s with an error, and audit
 * tampering shows in GET /api/audit and in `audit verify` at the right entry. */
import { assert, assertEquals } from "../support/assert.ts";
import { startAgentRig } from "./agent_support.ts";
import { fromFileUrl } from "../support/paths.ts";

const MAIN = fromFileUrl(new URL("../../main.ts", import.meta.url));

async function verifyCli(configPath: string): Promise<{ code: number; out: string }> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "audit", "verify", "--config", configPath],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const decoder = new TextDecoder();
  return { code: result.code, out: decoder.decode(result.stdout) + decoder.decode(result.stderr) };
}

Deno.test("trail API: bad lines, offset, period and days are 400 with an error message", async (t) => {
  const rig = await startAgentRig();
  try {
    const expect400 = async (path: string) => {
      const response = await fetch(`${rig.engine.url}${path}`);
      const body = await response.json();
      assertEquals(response.status, 400, `${path}: ${JSON.stringify(body)}`);
      assert(typeof body.error === "string" && body.error.length > 0, `${path}: error message`);
    };
    for (const endpoint of ["/api/logs", "/api/audit"]) {
      await t.step(`${endpoint} refuses bad paging`, async () => {
        for (
          const query of ["lines=-1", "lines=abc", "lines=100000", "offset=-5", "offset=1e99", "lines=1.5"]
        ) {
          await expect400(`${endpoint}?${query}`);
        }
      });
    }
    await t.step(
      "/api/metrics refuses an unknown period, /api/metrics/daily days outside 1..365",
      async () => {
        await expect400("/api/metrics?period=hourly");
        await expect400("/api/metrics/daily?days=0");
        await expect400("/api/metrics/daily?days=366");
        await expect400("/api/metrics/daily?days=abc");
        for (
          const path of [
            "/api/metrics?period=weekly",
            "/api/metrics/daily?days=365",
            "/api/logs?lines=1000",
            "/api/audit?lines=10000",
          ]
        ) {
          const response = await fetch(`${rig.engine.url}${path}`);
          await response.body?.cancel();
          assertEquals(response.status, 200, path);
        }
      },
    );
  } finally {
    await rig.close();
  }
});

Deno.test("trail API: the audit chain is valid after activity, and a tampered middle line breaks it there", async () => {
  const rig = await startAgentRig();
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    rig.llm.enqueue(
      { toolCalls: [{ name: "write_file", arguments: { path: "notes/a.txt", content: "a" } }] },
      { toolCalls: [{ name: "read_file", arguments: { path: "notes/a.txt" } }] },
      { text: "Done." },
    );
    client.send({ type: "message", session_id: sessionId, content: "Write and read" });
    await client.waitFor("response_complete");

    const valid = await (await fetch(`${rig.engine.url}/api/audit`)).json();
    assertEquals(valid.chain_valid, true);
    assert(valid.total_entries >= 6, `total_entries ${valid.total_entries}`);
    assert(!("chain_break_at" in valid));
    const events = valid.entries.map((entry: { event: string }) => entry.event);
    for (const event of ["session_created", "action_proposed", "verdict", "snapshot", "action_executed"]) {
      assert(events.includes(event), `${event} in ${events}`);
    }
    const clean = await verifyCli(rig.engine.configPath);
    assertEquals(clean.code, 0, clean.out);
    assert(clean.out.includes(`Audit chain valid`), clean.out);

    const path = `${rig.engine.workspace}/.engine/audit.jsonl`;
    const lines = (await Deno.readTextFile(path)).split("\n");
    const middle = Math.floor((lines.length - 1) / 2);
    const edited = lines[middle].replace(/"ts":(\d+)/, (_, ts) => `"ts":${Number(ts) + 1}`);
    assert(edited !== lines[middle]);
    lines[middle] = edited;
    await Deno.writeTextFile(path, lines.join("\n"));

    const broken = await (await fetch(`${rig.engine.url}/api/audit`)).json();
    assertEquals(broken.chain_valid, false);
    assertEquals(broken.chain_break_at, middle);
    const cli = await verifyCli(rig.engine.configPath);
    assertEquals(cli.code, 1, cli.out);
    assert(cli.out.includes(`broken at entry ${middle} `), cli.out);
    assert(cli.out.includes("hash does not match"), cli.out);
  } finally {
    await rig.close();
  }
});
