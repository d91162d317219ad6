/** The audit key: an attacker who can rewrite engine.db's anchor but not read the key is still caught. */
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { AuditAnchorBreakError } from "../../src/audit/audit_log.ts";
import { loadAuditKey } from "../../src/audit/audit_key.ts";
import { canonicalJson } from "../../src/lib/canonical_json.ts";
import { ConfigError } from "../../src/lib/errors.ts";
import { readLines, writeLines } from "./_audit_fixture.ts";
import { anchoredDir, fill, KEY } from "./_anchor_fixture.ts";

/** What an attacker with write access to engine.db but not the key does after cutting the log to 5. */
async function forgeAnchorForCut(dir: Awaited<ReturnType<typeof anchoredDir>>, signWith?: Uint8Array) {
  const lines = await readLines(dir.path);
  await writeLines(dir.path, lines.slice(0, 5));
  const fifth = JSON.parse(lines[4]);
  const size = (await Deno.stat(dir.path)).size;
  const state = canonicalJson({ head: { entries: 5, seq: 4, hash: fifth.hash, size }, pins: [], breaks: [] });
  const signature = signWith ? createHmac("sha256", signWith).update(state).digest("hex") : "";
  dir.store.write({ state, signature });
}

Deno.test("audit key: an anchor rewritten to fit a cut log is caught by its signature, unsigned or forged", async (t) => {
  for (
    const [name, signWith] of [["unsigned", undefined], [
      "signed with another key",
      new Uint8Array(32),
    ]] as const
  ) {
    await t.step(name, async () => {
      const dir = await anchoredDir();
      try {
        await fill(await dir.open({ key: KEY }), 41);
        await forgeAnchorForCut(dir, signWith);
        assert.equal(
          (await dir.verify()).chain_valid,
          true,
          "without the key the forgery fits: the key is the check",
        );
        const result = await dir.verify(KEY);
        assert.equal(result.chain_valid, false);
        assert.equal(result.chain_break_at, 0);
        assert.match(
          result.reason!,
          /audit anchor in engine\.db (is not signed|does not carry a valid signature)/,
        );
        const log = await dir.open({ key: KEY });
        await log.close();
        assert.ok(dir.errors[0] instanceof AuditAnchorBreakError);
        assert.equal((await dir.verify(KEY)).chain_break_at, 0, "recorded in the re-signed anchor");
      } finally {
        await dir.cleanup();
      }
    });
  }
});

Deno.test("audit key: the anchor row deleted from engine.db is a break at 0", async () => {
  const dir = await anchoredDir();
  try {
    await fill(await dir.open({ key: KEY }), 6);
    const { DatabaseSync } = await import("node:sqlite");
    const db = new DatabaseSync(dir.dbPath);
    db.exec("DELETE FROM audit_anchor");
    db.close();
    const result = await dir.verify(KEY);
    assert.equal(result.chain_break_at, 0);
    assert.match(
      result.reason!,
      /no audit anchor for this log of 6 entries although an audit key is configured/,
    );
    await (await dir.open({ key: KEY })).close();
    assert.equal((dir.errors[0] as AuditAnchorBreakError).at, 0);
    assert.equal((await dir.verify(KEY)).chain_break_at, 0);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("audit key: a key created at this start signs an existing unsigned anchor without a break", async () => {
  const dir = await anchoredDir();
  try {
    await fill(await dir.open(), 6);
    assert.equal(dir.store.read()!.signature, "");
    await (await dir.open({ key: KEY, adoptUnsigned: true })).close();
    assert.deepEqual(dir.errors, []);
    assert.match(dir.store.read()!.signature, /^[0-9a-f]{64}$/);
    assert.deepEqual(await dir.verify(KEY), { chain_valid: true, total_entries: 6 });
  } finally {
    await dir.cleanup();
  }
});

Deno.test("audit key: a replaced key is a break at 0, recorded and signed with the new key from then on", async () => {
  const dir = await anchoredDir();
  try {
    await fill(await dir.open({ key: KEY }), 6);
    const newKey = new TextEncoder().encode("n".repeat(64));
    await fill(await dir.open({ key: newKey }), 2);
    assert.equal((dir.errors[0] as AuditAnchorBreakError).at, 0);
    const result = await dir.verify(newKey);
    assert.equal(result.chain_break_at, 0);
    assert.match(result.reason!, /valid signature/);
  } finally {
    await dir.cleanup();
  }
});

Deno.test("loadAuditKey creates a 0600 key outside the workspace once and reads it back", async () => {
  const root = await Deno.makeTempDir({ prefix: "parapet_key_" });
  try {
    await Deno.mkdir(`${root}/workspace`);
    const path = `${root}/keys/audit.key`;
    const first = await loadAuditKey(path, `${root}/workspace`);
    assert.equal(first.created, true);
    assert.equal((await Deno.stat(path)).mode! & 0o777, 0o600);
    assert.match(await Deno.readTextFile(path), /^[0-9a-f]{64}\n$/);
    const second = await loadAuditKey(path, `${root}/workspace`);
    assert.equal(second.created, false);
    assert.deepEqual(second.key, first.key);
    assert.equal(second.warning, undefined);
    await Deno.chmod(path, 0o644);
    assert.match((await loadAuditKey(path, `${root}/workspace`)).warning!, /can be read by other users/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("loadAuditKey refuses a key inside the workspace, also through a symlink, and a short key", async () => {
  const root = await Deno.makeTempDir({ prefix: "parapet_key_" });
  try {
    await Deno.mkdir(`${root}/workspace`);
    await assert.rejects(loadAuditKey(`${root}/workspace/audit.key`, `${root}/workspace`), ConfigError);
    await Deno.symlink(`${root}/workspace`, `${root}/alias`);
    await assert.rejects(
      loadAuditKey(`${root}/alias/audit.key`, `${root}/workspace`),
      /outside the workspace/,
    );
    await Deno.writeTextFile(`${root}/workspace/real.key`, "x".repeat(64));
    await Deno.symlink(`${root}/workspace/real.key`, `${root}/link.key`);
    await assert.rejects(loadAuditKey(`${root}/link.key`, `${root}/workspace`), /outside the workspace/);
    await Deno.writeTextFile(`${root}/short.key`, "abc\n");
    await assert.rejects(loadAuditKey(`${root}/short.key`, `${root}/workspace`), (error: ConfigError) => {
      assert.match(error.problems[0], /at least 32 characters/);
      return true;
    });
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
