/** The trail's REST endpoints end to end: bad paging and periods are 400s with an error, and audit
 * tampering (edits, cuts, forged tails and chains, a rewritten anchor) shows in GET /api/audit and in
 * `audit verify` at the right entry; fail-closed calls do not run when the audit log cannot record them. */
import { assert, assertEquals } from "../support/assert.ts";
import { startAgentRig } from "./agent_support.ts";
import { fromFileUrl } from "../support/paths.ts";
import { createHash } from "node:crypto";
import { DatabaseSync } from "node:sqlite";

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

type Rig = Awaited<ReturnType<typeof startAgentRig>>;
type Client = Awaited<ReturnType<Rig["connect"]>>;

async function auditHead(rig: Rig): Promise<Record<string, unknown>> {
  return await (await fetch(`${rig.engine.url}/api/audit?lines=1`)).json();
}

/** One agent turn with a write and a read: 7 audit entries. */
async function busyTurn(rig: Rig, client: Client, sessionId: string, name: string): Promise<void> {
  const before = client.ofType("response_complete").length;
  rig.llm.enqueue(
    { toolCalls: [{ name: "write_file", arguments: { path: `notes/${name}.txt`, content: name } }] },
    { toolCalls: [{ name: "read_file", arguments: { path: `notes/${name}.txt` } }] },
    { text: "Done." },
  );
  client.send({ type: "message", session_id: sessionId, content: `Write and read ${name}` });
  await client.waitFor("response_complete", () => client.ofType("response_complete").length > before);
}

/** Activity until the log holds at least `count` entries. */
async function fillAudit(
  rig: Rig,
  count: number,
): Promise<{ client: Client; sessionId: string; total: number }> {
  const sessionId = await rig.newSession();
  const client = await rig.connect(sessionId);
  for (let round = 0; (await auditHead(rig)).total_entries as number < count; round++) {
    await busyTurn(rig, client, sessionId, `r${round}`);
  }
  return { client, sessionId, total: (await auditHead(rig)).total_entries as number };
}

function auditPath(rig: Rig): string {
  return `${rig.engine.workspace}/.engine/audit.jsonl`;
}

async function auditLines(rig: Rig): Promise<string[]> {
  return (await Deno.readTextFile(auditPath(rig))).split("\n").slice(0, -1);
}

Deno.test("trail API: audit.jsonl cut from 41+ entries to 5 while the engine runs is a break at 5, also after a restart", async () => {
  const rig = await startAgentRig();
  try {
    const { client, sessionId, total } = await fillAudit(rig, 41);
    assert(total >= 41, `total ${total}`);
    const lines = await auditLines(rig);
    // In place, as copy_file through an alias did: same file, five entries left, each still self-consistent.
    await Deno.writeTextFile(auditPath(rig), lines.slice(0, 5).map((line) => line + "\n").join(""));

    const cut = await auditHead(rig);
    assertEquals(cut.chain_valid, false);
    assertEquals(cut.chain_break_at, 5);
    const cli = await verifyCli(rig.engine.configPath);
    assertEquals(cli.code, 1, cli.out);
    assert(cli.out.includes("broken at entry 5 "), cli.out);
    assert(cli.out.includes(`the anchor in engine.db records ${total}`), cli.out);

    await busyTurn(rig, client, sessionId, "after-cut");
    await rig.engine.restart();
    const after = await auditHead(rig);
    assertEquals(after.chain_valid, false, "the break never verifies as valid again");
    assertEquals(after.chain_break_at, 5);
    assert((after.total_entries as number) > 5 + 7, `continued: ${after.total_entries}`);
    const events = (await auditLines(rig)).map((line) => JSON.parse(line).event);
    assert(events.includes("audit_anchor_break"), events.join(","));
    assert(
      rig.engine.output().includes("does not match its anchor at entry 5"),
      "the engine logged the break",
    );
    const cliAfter = await verifyCli(rig.engine.configPath);
    assertEquals(cliAfter.code, 1, cliAfter.out);
    assert(cliAfter.out.includes("broken at entry 5 "), cliAfter.out);
  } finally {
    await rig.close();
  }
});

Deno.test("trail API: a forged tail appended by hand, then a whole forged chain, are breaks at the first entry not anchored", async () => {
  const rig = await startAgentRig();
  try {
    const { total } = await fillAudit(rig, 10);
    const lines = await auditLines(rig);
    const forge = (seq: number, prev: string, count: number) => {
      const out: string[] = [];
      for (let i = 0; i < count; i++) {
        const body = {
          action_type: "read_file",
          details: { action_id: `a_forged${i}`, decision: "ALLOW", reason: "fine", target: "x", tier: 0 },
          event: "verdict",
          prev_hash: prev,
          seq: seq + i,
          session_id: "s_forged",
          ts: 1_700_000_000_000 + i,
        };
        const text = JSON.stringify(body);
        prev = createHash("sha256").update(text).digest("hex");
        out.push(text.slice(0, -1) + `,"hash":"${prev}"}`);
      }
      return out;
    };
    const tail = forge(total, JSON.parse(lines[total - 1]).hash, 3);
    await Deno.writeTextFile(auditPath(rig), tail.map((line) => line + "\n").join(""), { append: true });
    const extended = await auditHead(rig);
    assertEquals(extended.chain_valid, false);
    assertEquals(extended.chain_break_at, total);
    const cliTail = await verifyCli(rig.engine.configPath);
    assert(cliTail.out.includes(`broken at entry ${total} `), cliTail.out);
    assert(cliTail.out.includes("not in the anchor"), cliTail.out);

    await Deno.writeTextFile(
      auditPath(rig),
      forge(0, "0".repeat(64), 50).map((line) => line + "\n").join(""),
    );
    const replaced = await auditHead(rig);
    assertEquals(replaced.chain_valid, false);
    assertEquals(replaced.chain_break_at, 0);
    const cli = await verifyCli(rig.engine.configPath);
    assertEquals(cli.code, 1, cli.out);
    assert(cli.out.includes("broken at entry 0 "), cli.out);
  } finally {
    await rig.close();
  }
});

Deno.test("trail API: with security.audit_key_file, a clean restart verifies valid and a rewritten anchor is caught", async () => {
  const keyDir = await Deno.makeTempDir({ prefix: "parapet-key-" });
  const keyFile = `${keyDir}/audit.key`;
  const rig = await startAgentRig({ config: { security: { audit_key_file: keyFile } } });
  try {
    assertEquals((await Deno.stat(keyFile)).mode! & 0o777, 0o600, "created 0600 on first start");
    const { total } = await fillAudit(rig, 12);
    await rig.engine.restart();
    const clean = await auditHead(rig);
    assertEquals(clean.chain_valid, true);
    assertEquals(clean.total_entries, total);
    const cliClean = await verifyCli(rig.engine.configPath);
    assertEquals(cliClean.code, 0, cliClean.out);
    assert(cliClean.out.includes("signed by the audit key"), cliClean.out);

    // The attacker cuts the log and rewrites the anchor in engine.db to fit, but cannot sign it.
    const lines = await auditLines(rig);
    const kept = lines.slice(0, 5).map((line) => line + "\n").join("");
    await Deno.writeTextFile(auditPath(rig), kept);
    const state = JSON.stringify({
      breaks: [],
      head: {
        entries: 5,
        hash: JSON.parse(lines[4]).hash,
        seq: 4,
        size: new TextEncoder().encode(kept).length,
      },
      pins: [],
    });
    const db = new DatabaseSync(`${rig.engine.workspace}/.engine/engine.db`);
    db.prepare("UPDATE audit_anchor SET state = ?, signature = ?").run(state, "ab".repeat(32));
    db.close();
    const forged = await auditHead(rig);
    assertEquals(forged.chain_valid, false);
    assertEquals(forged.chain_break_at, 0);
    const cli = await verifyCli(rig.engine.configPath);
    assertEquals(cli.code, 1, cli.out);
    assert(cli.out.includes("does not carry a valid signature"), cli.out);
  } finally {
    await rig.close();
    await Deno.remove(keyDir, { recursive: true });
  }
});

Deno.test("trail API: a crash mid-append (torn tail) is reported at the torn line after a restart, not as a cut", async () => {
  const root = await Deno.makeTempDir({ prefix: "parapet-e2e-" });
  const rig = await startAgentRig({ root });
  try {
    const { total } = await fillAudit(rig, 8);
    await rig.engine.stop();
    await Deno.writeTextFile(auditPath(rig), '{"action_type":"write_file","details":{"act', { append: true });
    await rig.engine.restart();
    const result = await auditHead(rig);
    assertEquals(result.chain_valid, false);
    assertEquals(result.chain_break_at, total);
    const events = (await auditLines(rig)).slice(total + 1).map((line) => JSON.parse(line).event);
    assertEquals(events[0], "audit_torn_tail");
    assert(!events.includes("audit_anchor_break"), events.join(","));
  } finally {
    await rig.close();
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("trail API: fail-closed, with audit.jsonl replaced by a directory the tool call is blocked and does not run", async () => {
  const rig = await startAgentRig();
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    await auditHead(rig);
    await Deno.rename(auditPath(rig), `${auditPath(rig)}.moved`);
    await Deno.mkdir(auditPath(rig));
    rig.llm.enqueue(
      { toolCalls: [{ name: "write_file", arguments: { path: "notes/blocked.txt", content: "x" } }] },
      { text: "Done." },
    );
    client.send({ type: "message", session_id: sessionId, content: "Write it" });
    const verdict = await client.waitFor("shield_verdict");
    await client.waitFor("response_complete");
    assertEquals(verdict.data?.decision, "BLOCK");
    assert(
      String(verdict.data?.reason).includes("The audit log could not record this call"),
      String(verdict.data?.reason),
    );
    const written = await Deno.stat(`${rig.engine.workspace}/notes/blocked.txt`).then(
      () => true,
      () => false,
    );
    assertEquals(written, false, "the tool did not run");
  } finally {
    await rig.close();
  }
});
