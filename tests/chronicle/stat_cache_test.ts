/** Chronicle's stat cache leaves memory when the engine goes idle and comes back from stat_cache.json. */
import { assertEquals } from "../support/assert.ts";
import { StatCache } from "../../src/chronicle/stat_cache.ts";
import { makeFixture, request } from "./_chronicle_fixture.ts";

async function twoFiles() {
  const dir = await Deno.makeTempDir({ prefix: "parapet_stat_cache_" });
  await Deno.writeTextFile(`${dir}/a.txt`, "a");
  await Deno.writeTextFile(`${dir}/b.txt`, "b");
  const cache = await StatCache.load(`${dir}/stat_cache.json`);
  const later = Date.now() + 60_000; // a scan well after the writes: not "racily clean"
  const info = (name: string) => Deno.statSync(`${dir}/${name}`);
  return { dir, cache, later, info };
}

Deno.test("stat cache: released once saved, its entries leave memory and come back from disk", async () => {
  const { dir, cache, later, info } = await twoFiles();
  try {
    cache.remember("a.txt", info("a.txt"), "sha-a");
    cache.remember("b.txt", info("b.txt"), "sha-b");
    await cache.save();
    cache.release();
    assertEquals(cache.size, 0);
    assertEquals(cache.lookup("a.txt", info("a.txt"), later), undefined);
    await cache.reload();
    assertEquals(cache.size, 2);
    assertEquals(cache.lookup("a.txt", info("a.txt"), later), "sha-a");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("stat cache: scans reloading at once (a diff beside a snapshot) all wait for the entries", async () => {
  const { dir, cache, info } = await twoFiles();
  try {
    cache.remember("a.txt", info("a.txt"), "sha-a");
    cache.remember("b.txt", info("b.txt"), "sha-b");
    await cache.save();
    cache.release();
    const first = cache.reload();
    await cache.reload(); // the second scan
    assertEquals(cache.size, 2);
    await first;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("stat cache: entries not yet saved are never released", async () => {
  const { dir, cache, later, info } = await twoFiles();
  try {
    cache.remember("a.txt", info("a.txt"), "sha-a");
    cache.release();
    assertEquals(cache.size, 1);
    assertEquals(cache.lookup("a.txt", info("a.txt"), later), "sha-a");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("chronicle: released when idle, its stat cache is read back by the next snapshot (nothing new stored), every time", async () => {
  const f = await makeFixture();
  try {
    for (let i = 0; i < 20; i++) await f.write(`files/${i}.txt`, `content ${i}`);
    await f.chronicle.snapshot(request("*"));
    const cache = (f.chronicle as unknown as { cache: StatCache }).cache;
    const held = cache.size;
    assertEquals(held >= 20, true, `only ${held} entries`);
    const objects = () => [...Deno.readDirSync(`${f.chronicle.stateDir}/objects`)].length;
    const stored = objects();
    f.chronicle.releaseCaches();
    assertEquals(cache.size, 0);
    await f.chronicle.snapshot(request("*"));
    assertEquals(cache.size, held);
    assertEquals(objects(), stored, "the same files and manifest: nothing new");
    f.chronicle.releaseCaches(); // and again each time the engine goes idle
    assertEquals(cache.size, 0);
  } finally {
    await f.cleanup();
  }
});
