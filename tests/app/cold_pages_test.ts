import { assert, assertEquals } from "../support/assert.ts";
import {
  coldPagesDropper,
  executableSegments,
  parseProgramHeaders,
  type ProgramHeader,
  readOnlySegments,
} from "../../src/app/cold_pages.ts";
import { glibcPath } from "../../src/app/malloc_trim.ts";

/** ELF64 little-endian program headers as the loader maps them. */
function headerBytes(headers: ProgramHeader[]): Uint8Array {
  const bytes = new Uint8Array(headers.length * 56);
  const view = new DataView(bytes.buffer);
  headers.forEach((header, index) => {
    view.setUint32(index * 56, header.type, true);
    view.setUint32(index * 56 + 4, header.flags, true);
    view.setBigUint64(index * 56 + 16, header.virtualAddress, true);
    view.setBigUint64(index * 56 + 40, header.memorySize, true);
  });
  return bytes;
}

Deno.test("cold pages: only loaded segments nobody writes count, as whole pages, moved by a PIE's load base", () => {
  const headers: ProgramHeader[] = [
    { type: 6, flags: 4, virtualAddress: 0x40n, memorySize: 0x1c0n }, // PT_PHDR
    { type: 1, flags: 4, virtualAddress: 0n, memorySize: 0x2100n }, // read-only data
    { type: 1, flags: 5, virtualAddress: 0x3000n, memorySize: 0x5000n }, // code
    { type: 1, flags: 6, virtualAddress: 0x9000n, memorySize: 0x3000n }, // data: written
    { type: 0x6474e552, flags: 4, virtualAddress: 0x9000n, memorySize: 0x1000n }, // RELRO, not PT_LOAD
    { type: 1, flags: 4, virtualAddress: 0xc800n, memorySize: 0x400n }, // less than a whole page
  ];
  const parsed = parseProgramHeaders(headerBytes(headers));
  assertEquals(parsed, headers);
  const base = 0x5555_0000_0000n;
  assertEquals(readOnlySegments(parsed, base + 0x40n), [
    { start: base, end: base + 0x2000n },
    { start: base + 0x3000n, end: base + 0x8000n },
  ]);
  // With 16 KB pages (some aarch64 kernels) only whole 16 KB pages inside a segment count.
  assertEquals(readOnlySegments(parsed, base + 0x40n, 0x4000n), [{
    start: base + 0x4000n,
    end: base + 0x8000n,
  }]);
});

/** The executable's mappings of this process from /proc/self/smaps (tests run with every permission), with the
 * copied-on-write (anonymous) pages each holds. */
function executableMappings(): { start: bigint; end: bigint; perms: string; anonymousKb: number }[] {
  const executable = Deno.realPathSync(Deno.execPath());
  return Deno.readTextFileSync("/proc/self/smaps").split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/).flatMap((block) => {
    const [range, perms, , , , path] = block.split("\n")[0].split(/\s+/);
    if (path !== executable) return [];
    const [start, end] = range.split("-").map((hex) => BigInt(`0x${hex}`));
    return [{ start, end, perms, anonymousKb: Number(block.match(/^Anonymous:\s+(\d+)/m)?.[1]) }];
  });
}

Deno.test("cold pages: every range found lies in read-only, never-written mappings of the Deno executable", () => {
  const ranges = executableSegments(glibcPath()!);
  assert(ranges.length >= 2, JSON.stringify(ranges.map(String)));
  const mappings = executableMappings();
  for (const range of ranges) {
    const inside = mappings.filter((mapping) => mapping.start < range.end && range.start < mapping.end);
    assert(inside.length > 0, `no mapping of the executable at ${range.start.toString(16)}`);
    for (const mapping of inside) {
      assert(!mapping.perms.includes("w"), `writable mapping ${mapping.perms}`);
      // Unmapping a page written since it was loaded would lose what was written: there must be none.
      assertEquals(mapping.anonymousKb, 0, `written pages in ${mapping.start.toString(16)}`);
    }
  }
});

/** Runs `code` in a fresh Deno with `flags`; returns its output lines. */
async function runChild(flags: string[], code: string): Promise<string[]> {
  const module = new URL("../../src/app/cold_pages.ts", import.meta.url).href;
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-config", ...flags, "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = output.stdin.getWriter();
  await writer.write(new TextEncoder().encode(`import { coldPagesDropper } from "${module}";\n${code}`));
  await writer.close();
  const result = await output.output();
  const stderr = new TextDecoder().decode(result.stderr);
  assert(result.success, stderr);
  return new TextDecoder().decode(result.stdout).trim().split("\n");
}

const RESIDENT_CODE = `
const residentKb = () => Deno.readTextFileSync("/proc/self/smaps").split(/\\n(?=[0-9a-f]+-)/)
  .filter((block) => block.split("\\n")[0].endsWith(Deno.realPathSync(Deno.execPath())))
  .reduce((sum, block) => sum + Number(block.match(/^Rss:\\s+(\\d+)/m)[1]), 0);
`;

Deno.test("cold pages: the executable's resident pages go, and the process keeps working on what it needs back", async () => {
  const [before, after, advised, work] = await runChild(
    ["--allow-all"],
    `${RESIDENT_CODE}
const drop = coldPagesDropper();
const before = residentKb();
const advised = drop();
const after = residentKb();
const work = JSON.stringify([...new Set("the process still runs its code".split(" "))].sort());
console.log(before); console.log(after); console.log(advised); console.log(work);`,
  );
  assert(Number(advised) > 0, advised);
  assert(Number(after) < Number(before), `resident ${before} kB before, ${after} kB after`);
  assertEquals(work, JSON.stringify(["code", "its", "process", "runs", "still", "the"]));
});

Deno.test("cold pages: the engine's sandbox (--allow-ffi on libc alone) is enough; without FFI there is no dropper", async () => {
  const probe = `const drop = coldPagesDropper(); console.log(drop ? drop() > 0 : "none");`;
  assertEquals(await runChild([`--allow-ffi=${glibcPath()}`, "--allow-read=/"], probe), ["true"]);
  assertEquals(await runChild(["--allow-read=/"], probe), ["none"]);
});

Deno.test("cold pages: the dropper exists in this process and reports what it advised", () => {
  const drop = coldPagesDropper();
  assert(drop, "no dropper on this Linux with glibc");
  assert(drop() > 0);
});
