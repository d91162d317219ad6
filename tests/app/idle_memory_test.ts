import { assert, assertEquals } from "../support/assert.ts";
import {
  engineIdleMemory,
  IdleMemory,
  type IdleMemoryOptions,
  shrinkDatabaseCache,
  v8Collector,
} from "../../src/app/idle_memory.ts";
import { openDatabase } from "../../src/store/database.ts";
import { SqliteSessionStore } from "../../src/store/sqlite_session_store.ts";
import { OtrSessionStore } from "../../src/store/otr_session_store.ts";
import { SessionService } from "../../src/engine/session_service.ts";
import { EventBus } from "../../src/engine/events.ts";
import { silentLogger } from "../../src/log/logger.ts";
import { systemClock } from "../../src/lib/clock.ts";
import type { Foundation } from "../../src/app/foundation.ts";
import { glibcPath, libcCandidates, mallocTrim } from "../../src/app/malloc_trim.ts";

const MB = 1024 * 1024;

/** An IdleMemory driven by hand: `tick()` is one period, activity and resident size are set by the test. */
function rig(overrides: Partial<IdleMemoryOptions> = {}) {
  const state = { activity: 0, resident: 100 * MB, collected: 0, trimmed: 0, reduced: [] as number[] };
  const memory = new IdleMemory({
    activity: () => state.activity,
    residentBytes: () => state.resident,
    collect: () => {
      state.collected++;
      state.resident -= 10 * MB;
    },
    trim: () => void state.trimmed++,
    timers: { every: () => 0 as unknown as ReturnType<typeof setInterval>, cancel: () => {} },
    onReduced: ({ afterBytes }) => state.reduced.push(afterBytes / MB),
    ...overrides,
  });
  return { state, memory };
}

Deno.test("idle memory: the first quiet period after start collects and trims once", () => {
  const { state, memory } = rig();
  memory.tick(); // the first look only notes the activity
  assertEquals(state.collected, 0);
  memory.tick();
  assertEquals([state.collected, state.trimmed], [1, 1]);
  assertEquals(state.reduced, [90]);
  memory.tick();
  memory.tick();
  assertEquals(state.collected, 1, "quiet without growth must not collect again");
});

Deno.test("idle memory: nothing is collected while the engine works, and once when it goes quiet after growing", () => {
  const { state, memory } = rig();
  memory.tick();
  memory.tick(); // start-up reduction: baseline 90 MB
  for (let period = 0; period < 5; period++) {
    state.activity++;
    state.resident += 20 * MB;
    memory.tick();
  }
  assertEquals(state.collected, 1, "busy periods must not collect");
  memory.tick();
  assertEquals(state.collected, 2);
  assertEquals(state.reduced, [90, 180]);
});

Deno.test("idle memory: activity without growth (a page polling the status) causes no collection", () => {
  const { state, memory } = rig();
  memory.tick();
  memory.tick();
  for (let period = 0; period < 10; period++) {
    if (period % 2 === 0) state.activity++;
    state.resident += 0.1 * MB;
    memory.tick();
  }
  assertEquals(state.collected, 1);
});

Deno.test("idle memory: without a collector, a trim or a release it starts no timer", () => {
  let timers = 0;
  const { memory } = rig({
    collect: undefined,
    trim: undefined,
    timers: { every: () => (timers++, 0 as unknown as ReturnType<typeof setInterval>), cancel: () => {} },
  });
  memory.start();
  memory.stop();
  assertEquals(timers, 0);
});

Deno.test("idle memory: the collector exists only with --expose-gc (this test process runs without it)", () => {
  const exposed = typeof (globalThis as { gc?: unknown }).gc === "function";
  assertEquals(v8Collector() !== undefined, exposed);
});

Deno.test("malloc trim: glibc is found where this distribution keeps it, and its malloc_trim runs", () => {
  const path = glibcPath();
  assert(path?.endsWith("/libc.so.6"), `libc not found: ${path}`);
  const trim = mallocTrim();
  assert(trim, "malloc_trim could not be opened");
  trim();
});

Deno.test("malloc trim: the first existing candidate is taken; a system without glibc (musl) gets none", () => {
  assertEquals(libcCandidates("aarch64")[0], "/lib/aarch64-linux-gnu/libc.so.6");
  const [, second] = libcCandidates();
  assertEquals(glibcPath((path) => path === second || path === "/lib64/libc.so.6"), second);
  assertEquals(glibcPath(() => false), undefined);
});

Deno.test("idle memory: after unmapping code pages the baseline is taken a period later, once used pages are back", () => {
  let released = 0;
  const { state, memory } = rig({
    release: () => {
      released++;
      state.resident -= 30 * MB; // the executable's pages unmapped: 60 MB right after
    },
  });
  memory.tick();
  memory.tick();
  assertEquals([state.collected, released], [1, 1]);
  state.resident += 10 * MB; // the pages the engine uses come back on their next touch
  memory.tick(); // takes the baseline at 70 MB
  for (let period = 0; period < 6; period++) {
    if (period % 2 === 0) state.activity++; // a page polling the status: a little more each time
    state.resident += 0.5 * MB;
    memory.tick();
  }
  assertEquals([state.collected, released], [1, 1], "requests that only page code back in must not reduce");
  state.activity++;
  state.resident += 5 * MB;
  memory.tick();
  memory.tick();
  assertEquals([state.collected, released], [2, 2]);
});

Deno.test("idle memory: a reduction first frees caches that refill from their source, then collects and trims", () => {
  const order: string[] = [];
  const { state, memory } = rig({
    forget: () => void order.push("forget"),
    shrink: () => void order.push("shrink"),
    collect: () => {
      order.push("collect");
      state.resident -= 10 * MB;
    },
    trim: () => void order.push("trim"),
  });
  memory.tick();
  memory.tick();
  assertEquals(order, ["forget", "shrink", "collect", "trim"]);
});

Deno.test("idle memory: the engine's caches are emptied on a full reduction, not when code pages alone are unmapped", () => {
  let forgotten = 0;
  const { state, memory } = rig({ forget: () => void forgotten++, release: () => {} });
  memory.tick();
  memory.tick(); // start-up reduction
  assertEquals(forgotten, 1);
  memory.tick(); // baseline
  state.resident += 2 * MB; // code paged back in while quiet: the unmapping alone
  for (let period = 0; period < 5; period++) memory.tick();
  assertEquals(forgotten, 1);
  state.activity++;
  state.resident += 8 * MB; // a turn that read long histories
  memory.tick();
  memory.tick();
  assertEquals([state.collected, forgotten], [2, 2]);
});

Deno.test("idle memory: the engine's reducer forgets the recent sessions' messages (back from engine.db) and the caches handed in", () => {
  const db = openDatabase(":memory:");
  const base = {
    db,
    events: new EventBus(),
    logger: silentLogger,
    sessions: new SessionService(new SqliteSessionStore(db), new OtrSessionStore(), systemClock),
  } as unknown as Foundation;
  const session = base.sessions.create();
  base.sessions.addMessage(session.id, { role: "user", content: "kept in memory" });
  assertEquals(base.sessions.messages(session.id).length, 1);
  // Written behind the service's back (another store on the same file): its cache does not know.
  new SqliteSessionStore(db).addMessage(
    session.id,
    { message_id: "m2", role: "user", content: "on disk" },
    2,
  );
  assertEquals(base.sessions.messages(session.id).length, 1, "the service reads its cache");
  let chronicleReleased = 0; // Chronicle's stat cache, handed in by start.ts
  const memory = engineIdleMemory(base, () => 0, [{ releaseCaches: () => void chronicleReleased++ }]);
  memory.tick();
  memory.tick(); // the first quiet period after start reduces
  assertEquals(chronicleReleased, 1);
  assertEquals(base.sessions.messages(session.id).map((message) => message.content), [
    "kept in memory",
    "on disk",
  ]);
  db.close();
});

Deno.test("idle memory: freeing SQLite's page cache loses nothing, and a closed database is left alone", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const db = openDatabase(`${dir}/engine.db`);
    db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)");
    const insert = db.prepare("INSERT INTO notes (text) VALUES (?)");
    for (let index = 0; index < 2000; index++) insert.run(`note ${index} ${"x".repeat(200)}`);
    shrinkDatabaseCache(db);
    const row = db.prepare("SELECT count(*) AS count, max(text) AS last FROM notes").get() as {
      count: number;
      last: string;
    };
    assertEquals(row.count, 2000);
    assert(row.last.startsWith("note 999 "));
    insert.run("after the shrink");
    assertEquals(
      db.prepare("SELECT text FROM notes ORDER BY id DESC LIMIT 1").get()?.text,
      "after the shrink",
    );
    db.close();
    shrinkDatabaseCache(db); // the engine stopping: nothing to free, no error
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("idle memory: code paged back in while quiet is unmapped again without a collection, once", () => {
  let released = 0;
  const { state, memory } = rig({
    release: () => {
      released++;
      state.resident -= 2 * MB;
    },
  });
  memory.tick();
  memory.tick(); // start-up: collect, trim and release; 88 MB
  memory.tick(); // baseline one period later: 88 MB
  assertEquals([state.collected, released], [1, 1]);
  state.resident += 0.5 * MB; // a little: nothing
  memory.tick();
  assertEquals(released, 1);
  state.resident += 1.5 * MB; // 2 MB over the baseline while quiet: the unmapping alone, once quiet a while
  memory.tick();
  memory.tick();
  assertEquals([state.collected, released], [1, 2]);
  state.resident += 1 * MB; // the pages the engine uses come back
  memory.tick(); // new baseline
  memory.tick();
  memory.tick();
  assertEquals([state.collected, released], [1, 2], "no loop of unmapping what the engine keeps using");
});

Deno.test("idle memory: without an unmapping step, small growth does nothing", () => {
  const { state, memory } = rig();
  memory.tick();
  memory.tick();
  state.resident += 3 * MB;
  memory.tick();
  memory.tick();
  assertEquals(state.collected, 1);
});

Deno.test("idle memory: small growth is unmapped only after several quiet periods in a row", () => {
  let released = 0;
  const { state, memory } = rig({ release: () => void released++ });
  memory.tick();
  memory.tick();
  memory.tick(); // baseline
  for (let period = 0; period < 12; period++) {
    if (period % 3 === 0) state.activity++; // a page polling every third second
    state.resident += 0.2 * MB;
    memory.tick();
  }
  assertEquals(released, 1, "a polled engine must not unmap again and again");
  memory.tick();
  memory.tick(); // the last poll was four looks ago
  assertEquals(released, 1);
  memory.tick(); // the fifth quiet look in a row
  assertEquals([state.collected, released], [1, 2]);
});
