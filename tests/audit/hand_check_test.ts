/** The audit promise "verifiable by anyone with sha256sum": the shell commands in docs/audit.md must really work. */
import assert from "node:assert/strict";
import { openAuditLog } from "../../src/audit/audit_log.ts";
import { verifyAuditFile } from "../../src/audit/verify_audit.ts";
import { fixedClock, makeLog, readLines, writeLines } from "./_audit_fixture.ts";
import { anchoredDir, fill, forgedLines, KEY } from "./_anchor_fixture.ts";

async function sh(script: string): Promise<string> {
  const result = await new Deno.Command("bash", { args: ["-c", script] }).output();
  assert.equal(result.code, 0, new TextDecoder().decode(result.stderr));
  return new TextDecoder().decode(result.stdout).trim();
}

Deno.test("an audit entry's hash is reproduced by jq -cS and sha256sum, and by sed and sha256sum", async () => {
  const jq = await new Deno.Command("bash", { args: ["-c", "command -v jq"] }).output();
  assert.equal(jq.code, 0, "jq must be installed (CI installs it)");
  const dir = await Deno.makeTempDir({ prefix: "parapet_audit_" });
  try {
    const path = `${dir}/audit.jsonl`;
    const log = await openAuditLog(path, { clock: fixedClock(), fsyncIntervalMs: 0 });
    const awkward = {
      path: 'dir/"quoted" \\ é ü 日本 \t\u001b',
      nested: { z: [1, null, true], a: "x" },
      n: -12,
    };
    await log.append({ event: "proposed", session_id: "s1", action_type: "write_file", details: {} });
    const entry = await log.append({
      event: "executed",
      session_id: "s1",
      action_type: "write_file",
      details: awkward,
    });
    await log.close();
    const viaJq = await sh(
      `jq -cS 'select(.seq==1) | del(.hash)' '${path}' | tr -d '\\n' | sha256sum | cut -d' ' -f1`,
    );
    const stored = await sh(`jq -r 'select(.seq==1) | .hash' '${path}'`);
    const viaSed = await sh(
      `sed -n '2p' '${path}' | sed -E 's/,"hash":"[0-9a-f]{64}"}$/}/' | tr -d '\\n' | sha256sum | cut -d' ' -f1`,
    );
    assert.equal(stored, entry.hash);
    assert.equal(viaJq, entry.hash);
    assert.equal(viaSed, entry.hash);
    const link = await sh(`jq -r 'select(.seq==1) | .prev_hash' '${path}'`);
    const previous = await sh(`jq -r 'select(.seq==0) | .hash' '${path}'`);
    assert.equal(link, previous);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** The shell block after `<!-- check: NAME -->` in docs/audit.md. */
async function documented(name: string): Promise<string> {
  const doc = await Deno.readTextFile(new URL("../../docs/audit.md", import.meta.url));
  const match = doc.match(new RegExp(`<!-- check: ${name} -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``));
  assert.ok(match, `docs/audit.md has a "${name}" block`);
  return match[1];
}

async function run(script: string, args: string[], env: Record<string, string> = {}) {
  const result = await new Deno.Command("bash", { args: ["-c", script, "bash", ...args], env }).output();
  const decoder = new TextDecoder();
  return { code: result.code, out: decoder.decode(result.stdout).trim(), err: decoder.decode(result.stderr) };
}

Deno.test("the one-entry commands in docs/audit.md print the entry's stored hash", async () => {
  const { path, cleanup } = await makeLog(4);
  try {
    const entry = JSON.parse((await readLines(path))[1]);
    const viaJq = await run(await documented("entry-hash-jq"), [], { AUDIT: path });
    assert.equal(viaJq.code, 0, viaJq.err);
    assert.deepEqual(viaJq.out.split("\n"), [entry.hash, entry.hash]);
    const viaSed = await run(await documented("entry-hash-sed"), [], { AUDIT: path });
    assert.equal(viaSed.code, 0, viaSed.err);
    assert.equal(viaSed.out, entry.hash);
  } finally {
    await cleanup();
  }
});

Deno.test("the whole-chain script in docs/audit.md agrees with verifyAuditFile, tampering included", async () => {
  const { path, cleanup } = await makeLog(6);
  try {
    const script = await documented("full-chain");
    const lines = await readLines(path);
    const valid = await run(script, [path]);
    assert.deepEqual([valid.code, valid.out], [0, "chain valid: 6 entries"], valid.err);
    const cases: [string, string[] | string][] = [
      ["edited field", lines.map((line, i) => i === 3 ? line.replace("notes/3.md", "notes/x.md") : line)],
      ["deleted line", lines.filter((_, i) => i !== 2)],
      ["swapped lines", [lines[0], lines[2], lines[1], ...lines.slice(3)]],
      ["garbage line", [...lines.slice(0, 4), "not json", ...lines.slice(4)]],
      ["torn last line", lines.join("\n") + "\n" + lines[5].slice(0, 40)],
    ];
    for (const [what, edited] of cases) {
      if (typeof edited === "string") await Deno.writeTextFile(path, edited);
      else await writeLines(path, edited);
      const expected = await verifyAuditFile(path);
      const byHand = await run(script, [path]);
      assert.equal(byHand.code, 1, `${what}: ${byHand.out}`);
      assert.ok(
        byHand.out.startsWith(`entry ${expected.chain_break_at}: `),
        `${what}: ${byHand.out} vs ${expected.reason}`,
      );
    }
  } finally {
    await cleanup();
  }
});

Deno.test("the anchor script in docs/audit.md accepts the anchored log and catches a cut, a forged tail, a new chain and a wrong key", async () => {
  const sqlite = await new Deno.Command("bash", { args: ["-c", "command -v sqlite3 && command -v openssl"] })
    .output();
  assert.equal(sqlite.code, 0, "sqlite3 and openssl must be installed (CI installs them)");
  const dir = await anchoredDir();
  try {
    await fill(await dir.open({ key: KEY }), 9);
    const keyFile = `${dir.dir}/audit.key`;
    await Deno.writeTextFile(keyFile, new TextDecoder().decode(KEY) + "\n");
    const script = await documented("anchor");
    const check = () => run(script, [dir.path, dir.dbPath, keyFile]);
    const valid = await check();
    assert.deepEqual([valid.code, valid.out], [0, "anchor matches: 9 entries"], valid.err);
    const lines = await readLines(dir.path);
    const cases: [string, string[], RegExp][] = [
      ["cut", lines.slice(0, 5), /^entry 5: the log ends there/],
      [
        "forged tail",
        [...lines, ...forgedLines(2, { seq: 9, prevHash: JSON.parse(lines[8]).hash })],
        /^entry 9: /,
      ],
      ["new chain", forgedLines(9), /^entry 8: not the entry the anchor recorded/],
    ];
    for (const [what, edited, expected] of cases) {
      await writeLines(dir.path, edited);
      const byHand = await check();
      assert.equal(byHand.code, 1, `${what}: ${byHand.out}`);
      assert.match(byHand.out, expected, what);
      assert.equal((await dir.verify(KEY)).chain_valid, false, what);
    }
    await writeLines(dir.path, lines);
    await Deno.writeTextFile(keyFile, "w".repeat(64));
    const wrongKey = await check();
    assert.deepEqual([wrongKey.code, wrongKey.out], [1, "anchor: signature does not match the key"]);
    await Deno.writeTextFile(keyFile, new TextDecoder().decode(KEY));
    await writeLines(dir.path, lines.slice(0, 5));
    await (await dir.open({ key: KEY })).close();
    const recorded = await check();
    assert.deepEqual([recorded.code, recorded.out], [1, "entry 5: a break recorded in the anchor"]);
  } finally {
    await dir.cleanup();
  }
});
