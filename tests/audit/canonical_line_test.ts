/** The verification fast path: which lines it recognises, and that it never answers differently from the
 * reference path (parse, re-serialise canonically, hash). */
import { seededRandom } from "../../src/lib/seeded_random.ts";
import assert from "node:assert/strict";
import { CanonicalLineScanner } from "../../src/audit/canonical_line.ts";
import { canonicalJson } from "../../src/lib/canonical_json.ts";
import { sha256Hex } from "../../src/lib/sha256.ts";
import { openAuditLog } from "../../src/audit/audit_log.ts";
import { verifyAuditFile } from "../../src/audit/verify_audit.ts";
import { fixedClock, readLines, writeLines } from "./_audit_fixture.ts";

const encoder = new TextEncoder();
const HASH_SUFFIX = /,"hash":"[^"]*"}$/;

function scan(line: string | Uint8Array): boolean {
  const bytes = typeof line === "string" ? encoder.encode(line) : line;
  return new CanonicalLineScanner().scan(bytes, 0, bytes.length);
}

/** The line with its hash replaced by sha256 of its own raw body: what a forger hashing raw bytes writes. */
function rehashRaw(line: string): string {
  const body = line.replace(HASH_SUFFIX, "}");
  return body.slice(0, -1) + ',"hash":"' + sha256Hex(body) + '"}';
}

const AWKWARD_DETAILS: Record<string, unknown>[] = [
  {},
  {
    path: 'dir/"quoted" \\ é ü 日本 😀 \t\n\r\b\f\u0001\u001f \u2028',
    n: -12,
    zero: 0,
    big: 123456789012345,
  },
  {
    nested: { z: [1, null, true, false, [], {}], a: { "": "empty key", " ": "space key" } },
    list: ["a", -1],
  },
  { "10": "ten", "9": "nine", "a-b": 1, "a_b": 2, A: 3 },
];

async function writerLines(): Promise<{ dir: string; path: string; lines: string[] }> {
  const dir = await Deno.makeTempDir({ prefix: "parapet_audit_" });
  const path = `${dir}/audit.jsonl`;
  const log = await openAuditLog(path, { clock: fixedClock(), fsyncIntervalMs: 0 });
  for (const [i, details] of AWKWARD_DETAILS.entries()) {
    await log.append({ event: `event_${i}`, session_id: "sess é", action_type: "write_file", details });
  }
  await log.close();
  return { dir, path, lines: await readLines(path) };
}

Deno.test("the canonical line scanner recognises every line the writer produces, awkward details included", async () => {
  const { dir, lines } = await writerLines();
  try {
    for (const [i, line] of lines.entries()) {
      const bytes = encoder.encode(line);
      const scanner = new CanonicalLineScanner();
      assert.ok(scanner.scan(bytes, 0, bytes.length), `line ${i} recognised: ${line}`);
      assert.equal(scanner.seq, i);
      const prev = new TextDecoder().decode(bytes.subarray(scanner.prevHashAt, scanner.prevHashAt + 64));
      assert.equal(prev, JSON.parse(line).prev_hash);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the canonical line scanner refuses lines JSON.stringify would not write", async () => {
  const { dir, lines } = await writerLines();
  try {
    const line = lines[0];
    const variants: [string, string][] = [
      ["a space after a colon", line.replace('"event":', '"event": ')],
      [
        "keys out of order",
        line.replace('{"action_type":"write_file","details":{}', '{"details":{},"action_type":"write_file"'),
      ],
      ["a needless escape", line.replace('"event_0"', '"event\\/0"')],
      ["a \\u escape of a printable character", line.replace('"event_0"', '"ev\\u0065nt_0"')],
      ["an upper-case \\u escape", line.replace('"event_0"', '"event\\u001B"')],
      ["\\u escape of a character with a short form", line.replace('"event_0"', '"event\\u000a"')],
      ["a fractional number", line.replace(/"ts":(\d+)/, '"ts":$1.5')],
      ["an exponent", line.replace(/"ts":(\d+)/, '"ts":1e3')],
      ["a negative zero", line.replace(/"ts":(\d+)/, '"ts":-0')],
      ["a leading zero", line.replace(/"ts":(\d+)/, '"ts":0$1')],
      ["a byte order mark", "\ufeff" + line],
      ["a carriage return", line + "\r"],
      ["a raw control character", line.replace('"event_0"', '"event\u00010"')],
      ["an extra top-level key", line.replace('"ts":', '"extra":1,"ts":')],
    ];
    const [awkward, nested] = [lines[1], lines[2]];
    variants.push(
      ["a duplicate key", nested.replace('"list":["a",-1]', '"list":["a",-1],"list":2')],
      ["a space inside an array", nested.replace('"list":["a",-1]', '"list":["a", -1]')],
      ["a non-ASCII key", nested.replace('"list":', '"lïst":')],
      ["a number with too many digits", awkward.replace("123456789012345", "1234567890123456")],
    );
    for (const [what, variant] of variants) {
      assert.ok(!lines.includes(variant), `${what}: the variant differs from every written line`);
      assert.equal(scan(variant), false, `${what} refused`);
    }
    const bytes = encoder.encode(line);
    const invalid = new Uint8Array([...bytes.subarray(0, 17), 0xc0, 0xaf, ...bytes.subarray(17)]);
    assert.equal(scan(invalid), false, "an overlong UTF-8 sequence refused");
    const surrogate = new Uint8Array([...bytes.subarray(0, 17), 0xed, 0xa0, 0x80, ...bytes.subarray(17)]);
    assert.equal(scan(surrogate), false, "an encoded surrogate refused");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

const PIECES = [
  " ",
  "\\",
  '"',
  "é",
  "\u0001",
  "1",
  ".",
  "e",
  "-",
  "{",
  "}",
  "[",
  "]",
  ",",
  ":",
  "u",
  "0",
  "a",
  "\\u00",
];

function mutate(line: string, next: () => number): string {
  const at = Math.floor(next() * line.length);
  const piece = PIECES[Math.floor(next() * PIECES.length)];
  const kind = next();
  const mutated = kind < 0.4
    ? line.slice(0, at) + piece + line.slice(at)
    : kind < 0.7
    ? line.slice(0, at) + line.slice(at + 1)
    : line.slice(0, at) + piece + line.slice(at + 1);
  // Cutting a surrogate pair leaves a lone half, which UTF-8 (the file) cannot hold: keep what the file holds.
  return mutated.toWellFormed();
}

Deno.test("whenever the scanner accepts a mutated line, its body is exactly the canonical JSON of the parsed entry", async () => {
  const { dir, lines } = await writerLines();
  try {
    const next = seededRandom(20240601);
    let accepted = 0;
    for (let round = 0; round < 20_000; round++) {
      const source = lines[Math.floor(next() * lines.length)];
      let line = mutate(source, next);
      if (next() < 0.5) line = mutate(line, next);
      // The scanner leaves the stored hash to the caller, which compares it with 64 computed hex digits.
      if (!scan(line) || !/,"hash":"[0-9a-f]{64}"}$/.test(line)) continue;
      accepted++;
      const { hash: _hash, ...rest } = JSON.parse(line);
      assert.equal(canonicalJson(rest), line.replace(HASH_SUFFIX, "}"), `accepted: ${line}`);
    }
    // Some mutations (a digit in a number, a letter in a string) stay canonical: the property was exercised.
    assert.ok(accepted > 100, `accepted ${accepted}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("verification answers the same with and without the fast path on tampered files", async () => {
  const { dir, path, lines } = await writerLines();
  try {
    const next = seededRandom(7);
    for (let round = 0; round < 150; round++) {
      const edited = [...lines];
      const index = Math.floor(next() * edited.length);
      edited[index] = mutate(edited[index], next);
      if (next() < 0.5) edited[index] = rehashRaw(edited[index]);
      await writeLines(path, edited);
      const fast = await verifyAuditFile(path, { fastPath: true });
      const slow = await verifyAuditFile(path, { fastPath: false });
      assert.deepEqual(fast, slow, `round ${round}: ${edited[index]}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a line re-serialised with spaces and re-hashed over its raw bytes is a break; spaces alone are not", async () => {
  const { dir, path, lines } = await writerLines();
  try {
    const spaced = lines[1].replace('"event":', '"event": ');
    await writeLines(path, [lines[0], rehashRaw(spaced), ...lines.slice(2)]);
    const forged = await verifyAuditFile(path);
    assert.equal(forged.chain_break_at, 1);
    assert.match(forged.reason!, /hash does not match/);
    // The hash covers the canonical form, so whitespace that does not change the content keeps the chain valid.
    await writeLines(path, [lines[0], spaced, ...lines.slice(2)]);
    assert.deepEqual(await verifyAuditFile(path), { chain_valid: true, total_entries: lines.length });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
