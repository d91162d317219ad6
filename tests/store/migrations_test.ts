import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { migrate } from "../../src/store/database.ts";
import { MIGRATIONS } from "../../src/store/migrations.ts";
import { SqliteSessionStore } from "../../src/store/sqlite_session_store.ts";

/** A database as an engine of schema version `version` left it. */
function databaseAt(version: number): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE TABLE schema_version (version INTEGER NOT NULL)");
  for (const migration of MIGRATIONS.filter((item) => item.version <= version)) {
    db.exec(migration.sql);
    db.prepare("INSERT INTO schema_version (version) VALUES (?)").run(migration.version);
  }
  return db;
}

Deno.test("migrations: versions are 1..N in order, each with a name", () => {
  assert.deepEqual(MIGRATIONS.map((item) => item.version), MIGRATIONS.map((_, index) => index + 1));
  for (const item of MIGRATIONS) assert.ok(item.name.length > 0);
});

Deno.test("migration 9 gives old refusals a structured tool_outcome, once, and leaves calls that ran alone", () => {
  const db = databaseAt(7);
  db.exec(
    "INSERT INTO sessions (id, title, mode, created_at, updated_at) VALUES ('s1', 't', 'normal', 1, 1)",
  );
  const add = db.prepare(
    "INSERT INTO messages (message_id, session_id, role, content, tool_call_id, name, created_at) " +
      "VALUES (?, 's1', 'tool', ?, ?, 'write_file', 1)",
  );
  add.run("m1", "Blocked by Shield (tier 0): policy rule deny-ssh: keys are off limits", "c1");
  add.run("m2", "Not approved by Shield (tier 3): Approval unavailable: no client could answer", "c2");
  add.run("m3", 'Refused: Tool "rm_rf" was not offered in this session', "c3");
  add.run("m4", "Wrote 12 bytes to notes.md", "c4");
  add.run("m5", "Blocked by Shield (tier 2): multi\nline ): reason", "c5");
  migrate(db);
  const outcomes = new SqliteSessionStore(db).messages("s1").map((message) => message.tool_outcome);
  assert.deepEqual(outcomes, [
    {
      decision: "BLOCK",
      tier: 0,
      reason: "policy rule deny-ssh: keys are off limits",
      is_error: true,
      duration_ms: 0,
    },
    {
      decision: "ESCALATE",
      tier: 3,
      reason: "Approval unavailable: no client could answer",
      is_error: true,
      duration_ms: 0,
    },
    {
      decision: "BLOCK",
      tier: 0,
      reason: 'Tool "rm_rf" was not offered in this session',
      is_error: true,
      duration_ms: 0,
    },
    undefined,
    { decision: "BLOCK", tier: 2, reason: "multi\nline ): reason", is_error: true, duration_ms: 0 },
  ]);
  const version = db.prepare("SELECT max(version) AS version FROM schema_version").get() as {
    version: number;
  };
  assert.equal(version.version, MIGRATIONS.length);
  migrate(db);
  assert.equal(new SqliteSessionStore(db).messages("s1")[3].tool_outcome, undefined, "applied once");
  db.close();
});

Deno.test("migration 9 keeps an outcome that is already stored", () => {
  const db = databaseAt(7);
  db.exec(
    "INSERT INTO sessions (id, title, mode, created_at, updated_at) VALUES ('s1', 't', 'normal', 1, 1)",
  );
  const stored = {
    decision: "ALLOW",
    tier: 1,
    reason: "Blocked by Shield (tier 0): quoted",
    is_error: false,
    duration_ms: 5,
  };
  db.prepare(
    "INSERT INTO messages (message_id, session_id, role, content, tool_outcome, created_at) VALUES ('m1', 's1', 'tool', ?, ?, 1)",
  ).run("Blocked by Shield (tier 0): looks like a refusal", JSON.stringify(stored));
  migrate(db);
  assert.deepEqual(new SqliteSessionStore(db).messages("s1")[0].tool_outcome, stored);
  db.close();
});
