/**
 * Memory search and re-index benchmark: `deno run -A bench/memory_bench.ts`.
 * 1. Search p50/p99 over 100,000 chunks (rows inserted directly, Zipf-distributed text over 3,000 words),
 *    end to end through MemoryService.search (index sync check included) and FTS5 alone; baseline: a
 *    LIKE '%word%' full scan of the same rows in the same run.
 * 2. Sync of a 10 MB MEMORY.md (10,000 sections): first index, re-index after a hand edit, no-change sync;
 *    baseline: reading and hashing the file.
 */
import { DatabaseSync } from "node:sqlite";
import { systemClock } from "../src/lib/clock.ts";
import { buildFtsQuery } from "../src/lib/fts_query.ts";
import { sha256Hex } from "../src/lib/sha256.ts";
import { memorySchemaSql } from "../src/store/memory_schema.ts";
import { createMemoryQuery } from "../src/memory/memory_query.ts";
import { createMemoryService } from "../src/memory/memory_service.ts";

const CHUNKS = 100_000;
const VOCABULARY = 3_000;
const WORDS_PER_CHUNK = 40;
const QUERIES = 2_000;
const LIKE_QUERIES = 20;

/** mulberry32: a seeded generator, so every run measures the same corpus. */
let seed = 42;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function makeVocabulary(): string[] {
  const syllables = [
    "ka",
    "lo",
    "mi",
    "ne",
    "ru",
    "sa",
    "to",
    "vi",
    "ze",
    "po",
    "qui",
    "dra",
    "fen",
    "gal",
    "hor",
  ];
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    const count = 2 + Math.floor(random() * 3);
    words.add(
      Array.from({ length: count }, () => syllables[Math.floor(random() * syllables.length)]).join(""),
    );
  }
  return [...words];
}

/** Zipf (s = 1) sampler: word i is drawn with weight 1 / (i + 1), like natural text. */
function zipfSampler(words: string[]): () => string {
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < words.length; i++) cumulative.push(total += 1 / (i + 1));
  return () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return words[low];
  };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

async function timeAsync(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

function openDb(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
  db.exec(memorySchemaSql);
  return db;
}

async function searchBench(root: string, words: string[]) {
  const workspace = `${root}/search`;
  await Deno.mkdir(`${workspace}/memory`, { recursive: true });
  const db = openDb(`${workspace}/engine.db`);
  const sample = zipfSampler(words);
  const notePath = "memory/bench.md";
  const insertStart = performance.now();
  db.exec("BEGIN");
  const insertChunk = db.prepare(
    "INSERT INTO memory_chunks (id, path, section, ordinal, content_hash) VALUES (?, ?, ?, ?, ?)",
  );
  const insertText = db.prepare("INSERT INTO memory_fts (rowid, section, content) VALUES (?, ?, ?)");
  for (let id = 1; id <= CHUNKS; id++) {
    const section = `Topic ${sample()} > ${sample()}`;
    const content = Array.from({ length: WORDS_PER_CHUNK }, sample).join(" ");
    insertChunk.run(id, notePath, section, id, `h${id}`);
    insertText.run(id, section, content);
  }
  db.exec("COMMIT");
  const insertMs = performance.now() - insertStart;

  // A real (small) file the rows belong to, recorded as already indexed, so sync finds nothing to do.
  const noteText = "## Bench\n\nplaceholder\n";
  await Deno.writeTextFile(`${workspace}/${notePath}`, noteText);
  const info = await Deno.stat(`${workspace}/${notePath}`);
  const mtime = info.mtime!.getTime();
  db.prepare("INSERT INTO memory_files (path, mtime_ms, size, hash, indexed_at) VALUES (?, ?, ?, ?, ?)")
    .run(notePath, mtime, info.size, sha256Hex(noteText), mtime + 60_000);

  const memory = createMemoryService({ workspace, db, clock: systemClock });
  const fts = createMemoryQuery(db);
  const queries = Array.from({ length: QUERIES }, () => {
    const terms = Array.from(
      { length: 1 + Math.floor(random() * 3) },
      () => words[Math.floor(random() * words.length)],
    );
    if (random() < 0.3) terms[terms.length - 1] = terms[terms.length - 1].slice(0, 3);
    return terms.join(" ");
  });
  for (const query of queries.slice(0, 50)) await memory.search(query);
  const endToEnd: number[] = [];
  const ftsOnly: number[] = [];
  let hits = 0;
  for (const query of queries) {
    endToEnd.push(await timeAsync(async () => hits += (await memory.search(query)).length));
    const start = performance.now();
    fts.search(buildFtsQuery(query)!, 10);
    ftsOnly.push(performance.now() - start);
  }
  const likeScan = db.prepare("SELECT count(*) AS n FROM memory_fts WHERE content LIKE ?");
  const like: number[] = [];
  for (const query of queries.slice(0, LIKE_QUERIES)) {
    const start = performance.now();
    likeScan.get(`%${query.split(" ")[0]}%`);
    like.push(performance.now() - start);
  }
  memory.close();
  db.close();
  const likeP50 = percentile(like, 0.5);
  console.log(`search corpus: ${CHUNKS} chunks, ${VOCABULARY}-word vocabulary, inserted in ${ms(insertMs)}`);
  console.log(`search queries: ${QUERIES} (1-3 words, 30% with a 3-letter prefix last word), ${hits} hits`);
  console.log(`baseline LIKE '%word%' full scan: p50 ${ms(likeP50)} (${LIKE_QUERIES} queries)`);
  for (
    const [label, samples] of [["MemoryService.search (with sync check)", endToEnd], [
      "FTS5 query only",
      ftsOnly,
    ]] as const
  ) {
    const p50 = percentile(samples, 0.5);
    const p99 = percentile(samples, 0.99);
    console.log(
      `${label}: p50 ${ms(p50)} p99 ${ms(p99)} max ${ms(Math.max(...samples))}; ` +
        `p50/LIKE ${(p50 / likeP50).toFixed(4)} p99/LIKE ${(p99 / likeP50).toFixed(4)}; p99 < 10 ms: ${
          p99 < 10
        }`,
    );
  }
}

async function reindexBench(root: string, words: string[]) {
  const workspace = `${root}/reindex`;
  await Deno.mkdir(workspace, { recursive: true });
  const sample = zipfSampler(words);
  const sections: string[] = ["# Memory\n"];
  let size = 0;
  for (let i = 0; size < 10 * 1024 * 1024; i++) {
    const paragraph = Array.from({ length: 150 }, sample).join(" ");
    const section = `## Section ${i} ${sample()}\n\n${paragraph}\n`;
    sections.push(section);
    size += section.length;
  }
  const text = sections.join("\n");
  const file = `${workspace}/MEMORY.md`;
  await Deno.writeTextFile(file, text);
  const db = openDb(`${workspace}/engine.db`);
  const memory = createMemoryService({ workspace, db, clock: systemClock });

  const readHash = await timeAsync(async () => sha256Hex(await Deno.readTextFile(file)));
  const first = await timeAsync(() => memory.sync());
  await Deno.writeTextFile(file, text + "\n## Hand edit\n\nadded by hand\n");
  const edited = await timeAsync(() => memory.sync());
  const found = (await memory.search("added hand")).length;
  // Pretend the last index happened long after the edit, so the no-change sync is a stat only.
  db.exec("UPDATE memory_files SET indexed_at = indexed_at + 60000");
  const unchanged = await timeAsync(() => memory.sync());
  const chunks = (db.prepare("SELECT count(*) AS n FROM memory_chunks").get() as { n: number }).n;
  memory.close();
  db.close();
  const mb = (text.length / 1024 / 1024).toFixed(1);
  console.log(`reindex file: MEMORY.md ${mb} MB, ${sections.length - 1} sections, ${chunks} chunks`);
  console.log(`baseline read + sha256 of the file: ${ms(readHash)}`);
  console.log(`first index: ${ms(first)} (${(first / readHash).toFixed(1)}x baseline)`);
  console.log(
    `re-index after a hand edit: ${ms(edited)} (${(edited / readHash).toFixed(1)}x baseline), edit found: ${
      found === 1
    }`,
  );
  console.log(`sync with no change: ${ms(unchanged)} (${(unchanged / readHash).toFixed(4)}x baseline)`);
}

const root = await Deno.makeTempDir({ prefix: "parapet_memory_bench_" });
try {
  const words = makeVocabulary();
  await searchBench(root, words);
  await reindexBench(root, words);
} finally {
  await Deno.remove(root, { recursive: true });
}
