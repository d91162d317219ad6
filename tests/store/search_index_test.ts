/** Message text joins the search index in batches (migration 10): a search still sees every message stored
 * before it, after a restart, a rolled-back batch or an upgrade from a database the per-message trigger
 * indexed. */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { migrate, openDatabase, transaction } from "../../src/store/database.ts";
import { MIGRATIONS } from "../../src/store/migrations.ts";
import { INDEX_BATCH, SqliteSessionStore } from "../../src/store/sqlite_session_store.ts";

function indexedMessages(db: DatabaseSync): number {
  return (db.prepare("SELECT count(*) AS n FROM session_text WHERE kind = 'message'").get() as { n: number })
    .n;
}

function found(store: SqliteSessionStore, query: string): string[] {
  return store.search(query, 10).map((result) => result.session_id).sort();
}

Deno.test("search index: a search sees the messages stored since the last batch; a batch is written every INDEX_BATCH messages", () => {
  const db = openDatabase(":memory:");
  const store = new SqliteSessionStore(db);
  store.create("s1", "normal", 1);
  store.addMessage("s1", { message_id: "m0", role: "user", content: "first words" }, 2);
  const before = indexedMessages(db);
  for (let i = 1; i < INDEX_BATCH; i++) {
    store.addMessage("s1", { message_id: `m${i}`, role: "assistant", content: `reply ${i}` }, 2 + i);
  }
  assert.equal(indexedMessages(db), before, "no index write per message");
  store.addMessage("s1", { message_id: "mx", role: "user", content: "a zebra crossing" }, 500);
  assert.equal(indexedMessages(db), INDEX_BATCH + 1, "the batch caught up");
  store.create("s2", "normal", 600);
  store.addMessage("s2", { message_id: "my", role: "user", content: "giraffes everywhere" }, 601);
  store.addMessage("s2", { message_id: "mt", role: "tool", content: "giraffes in a tool result" }, 602);
  assert.deepEqual(found(store, "giraffes"), ["s2"]);
  assert.equal(indexedMessages(db), INDEX_BATCH + 2, "tool results are not indexed");
  assert.deepEqual(found(store, "zebra"), ["s1"]);
});

Deno.test("search index: messages stored before a restart are found by the next engine's first search", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const db = openDatabase(`${dir}/engine.db`);
    const store = new SqliteSessionStore(db);
    store.create("s1", "normal", 1);
    store.addMessage("s1", { message_id: "m1", role: "user", content: "alpha" }, 2);
    store.addMessage("s1", { message_id: "m2", role: "assistant", content: "walrus" }, 3);
    db.close();
    const reopened = new SqliteSessionStore(openDatabase(`${dir}/engine.db`));
    assert.deepEqual(found(reopened, "walrus"), ["s1"]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("search index: a batch written inside a transaction that rolls back is written again later", () => {
  const db = openDatabase(":memory:");
  const store = new SqliteSessionStore(db);
  store.create("s1", "normal", 1);
  store.addMessage("s1", { message_id: "m1", role: "user", content: "kept" }, 2);
  store.addMessage("s1", { message_id: "m2", role: "user", content: "otter" }, 3);
  assert.throws(() =>
    transaction(db, () => {
      store.indexMessages();
      throw new Error("the round failed");
    })
  );
  assert.deepEqual(found(store, "otter"), ["s1"]);
});

Deno.test("search index: quiet time (releaseCaches) indexes what is pending", () => {
  const db = openDatabase(":memory:");
  const store = new SqliteSessionStore(db);
  store.create("s1", "normal", 1);
  store.addMessage("s1", { message_id: "m1", role: "user", content: "one" }, 2);
  store.addMessage("s1", { message_id: "m2", role: "user", content: "two" }, 3);
  assert.equal(indexedMessages(db), 1);
  store.releaseCaches();
  assert.equal(indexedMessages(db), 2);
});

Deno.test("migration 10: messages the trigger indexed stay found once, new ones are found too", () => {
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE TABLE schema_version (version INTEGER NOT NULL)");
  for (const migration of MIGRATIONS.filter((item) => item.version <= 9)) {
    db.exec(migration.sql);
    db.prepare("INSERT INTO schema_version (version) VALUES (?)").run(migration.version);
  }
  db.exec("INSERT INTO sessions (id, title, mode, created_at, updated_at) VALUES ('s1', '', 'normal', 1, 1)");
  db.exec(
    "INSERT INTO messages (message_id, session_id, role, content, created_at) VALUES ('m1', 's1', 'user', 'heron', 2)",
  );
  migrate(db);
  const store = new SqliteSessionStore(db);
  store.addMessage("s1", { message_id: "m2", role: "user", content: "pelican" }, 3);
  assert.deepEqual(found(store, "heron"), ["s1"]);
  assert.deepEqual(found(store, "pelican"), ["s1"]);
  assert.equal(indexedMessages(db), 2, "the old message is not indexed twice");
  const triggers = db.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name = 'messages_text_insert'",
  )
    .all();
  assert.deepEqual(triggers, []);
});
