/** The session store keeps recent sessions' messages in memory: what it returns must always be what engine.db
 * holds, whatever was written, cleared, compacted, deleted or rolled back. */
import { assertEquals, assertThrows } from "../support/assert.ts";
import { openDatabase, transaction } from "../../src/store/database.ts";
import { SqliteSessionStore } from "../../src/store/sqlite_session_store.ts";
import { MAX_SESSIONS, MessageCache } from "../../src/store/message_cache.ts";

function stores() {
  const db = openDatabase(":memory:");
  const store = new SqliteSessionStore(db);
  // A second store on the same database has no cache: it reads what is really stored.
  const disk = () => new SqliteSessionStore(db).messages("s1");
  store.create("s1", "normal", 1);
  return { db, store, disk };
}

const user = (id: string, content: string) => ({ message_id: id, role: "user" as const, content });

Deno.test("message cache: reads after writes match engine.db, field for field", () => {
  const { store, disk } = stores();
  assertEquals(store.messages("s1"), []);
  store.addMessage("s1", user("m1", "hello"), 2);
  store.addMessage("s1", {
    message_id: "m2",
    role: "assistant",
    content: "",
    thoughts: [{ stage: "reasoning", summary: "look" }],
    token_usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3 },
    tool_calls: [{ id: "c1", name: "read_file", arguments: '{"path":"a"}' }],
  }, 3);
  store.addMessage("s1", {
    message_id: "m3",
    role: "tool",
    content: "text",
    tool_call_id: "c1",
    name: "read_file",
    action_id: "a1",
    tool_outcome: { decision: "ALLOW", tier: 1, reason: "ok", is_error: false, duration_ms: 2 },
  }, 4);
  assertEquals(store.messages("s1"), disk());
  assertEquals(store.messages("s1").length, 3);
});

Deno.test("message cache: clear, compact and delete are followed", () => {
  const { store, disk } = stores();
  store.messages("s1");
  store.addMessage("s1", user("m1", "one"), 2);
  store.addMessage("s1", user("m2", "two"), 3);
  store.compact("s1", "summary", ["m1"]);
  assertEquals(store.messages("s1"), disk());
  assertEquals(store.messages("s1")[0].compacted, true);
  store.clear("s1");
  assertEquals(store.messages("s1"), []);
  store.addMessage("s1", user("m3", "three"), 4);
  store.delete("s1");
  assertEquals(store.messages("s1"), []);
});

Deno.test("message cache: a write rolled back with its outer transaction is not returned", () => {
  const { db, store, disk } = stores();
  store.addMessage("s1", user("m1", "kept"), 2);
  store.messages("s1");
  assertThrows(() =>
    transaction(db, () => {
      store.addMessage("s1", user("m2", "rolled back"), 3);
      throw new Error("the round failed");
    }), Error);
  assertEquals(store.messages("s1"), disk());
  assertEquals(store.messages("s1").map((message) => message.content), ["kept"]);
  // A write that fails (a message id used twice) leaves nothing behind either.
  assertThrows(() => store.addMessage("s1", user("m1", "again"), 4), Error);
  assertEquals(store.messages("s1"), disk());
});

Deno.test("message cache: callers cannot change what later readers get", () => {
  const { store } = stores();
  store.addMessage("s1", user("m1", "hello"), 2);
  const first = store.messages("s1");
  first.push({ ...first[0], message_id: "x" });
  assertThrows(() => {
    (first[0] as { content: string }).content = "changed";
  }, TypeError);
  assertEquals(store.messages("s1").map((message) => message.content), ["hello"]);
});

Deno.test("transaction: nested calls join the outer one, which commits or rolls back everything", () => {
  const db = openDatabase(":memory:");
  db.exec("CREATE TABLE t (v INTEGER)");
  transaction(db, () => {
    db.exec("INSERT INTO t VALUES (1)");
    transaction(db, () => db.exec("INSERT INTO t VALUES (2)"));
  });
  assertThrows(() =>
    transaction(db, () => {
      transaction(db, () => db.exec("INSERT INTO t VALUES (3)"));
      throw new Error("outer fails");
    }), Error);
  assertEquals(db.prepare("SELECT v FROM t ORDER BY v").all().map((row) => row.v), [1, 2]);
  assertEquals(db.isTransaction, false);
});

Deno.test("message cache: a thousand sessions keep at most its cap, and an evicted session still reads right", () => {
  const { store, disk } = stores();
  const cache = new MessageCache();
  for (let index = 0; index < 1000; index++) {
    const id = `c${index}`;
    store.create(id, "normal", 1);
    store.addMessage(id, user(`${id}-m1`, `first of ${id}`), 2);
    cache.fill(id, store.messages(id));
    store.addMessage(id, user(`${id}-m2`, `second of ${id}`), 3);
    assertEquals(cache.size <= MAX_SESSIONS, true, `${cache.size} sessions kept`);
  }
  assertEquals(cache.size, MAX_SESSIONS);
  assertEquals(cache.get("c0"), undefined, "the first session must have been evicted");
  // Evicted long ago, read again from engine.db: both messages, in order, as stored.
  assertEquals(store.messages("c0").map((record) => record.content), ["first of c0", "second of c0"]);
  assertEquals(store.messages("s1"), disk());
});

Deno.test("message cache: released, every session is read again from engine.db", () => {
  const { db, store } = stores();
  store.addMessage("s1", user("m1", "hello"), 2);
  assertEquals(store.messages("s1").length, 1);
  // Written by another store on the same database: the first one's cache cannot know.
  new SqliteSessionStore(db).addMessage("s1", user("m2", "behind its back"), 3);
  assertEquals(store.messages("s1").length, 1, "served from the cache");
  store.releaseCaches();
  assertEquals(store.messages("s1").map((message) => message.content), ["hello", "behind its back"]);
  const cache = new MessageCache();
  cache.fill("s1", []);
  cache.fill("s2", []);
  cache.clear();
  assertEquals(cache.size, 0);
});
