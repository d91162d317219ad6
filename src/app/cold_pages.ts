/** Unmaps the Deno program's own code and read-only data pages (madvise MADV_DONTNEED on its read-only ELF
 * segments) once a process goes quiet. Start-up touches most of them once (the V8 snapshot, module loading);
 * they are clean copies of the executable, so nothing is lost: a page used again comes back from the page cache
 * as a minor fault, and pages no process maps any more are the kernel's to reclaim. Through glibc's FFI, as
 * malloc_trim.ts; the engine's --allow-ffi names that one file. */
import { glibcPath } from "./malloc_trim.ts";

/** ELF constants: getauxval keys, program header types and flags. */
const AT_PHDR = 3n;
const AT_PHNUM = 5n;
const AT_PAGESZ = 6n;
const PT_LOAD = 1;
const PT_PHDR = 6;
const PF_W = 2;
/** Size of one ELF64 program header. */
const PHDR_SIZE = 56;
const MADV_DONTNEED = 4;

/** One program header: where a segment sits and whether it may be written. */
export interface ProgramHeader {
  type: number;
  flags: number;
  virtualAddress: bigint;
  memorySize: bigint;
}

/** An address range [start, end) of this process. */
export interface Range {
  start: bigint;
  end: bigint;
}

/** Reads ELF64 little-endian program headers (x86_64 and aarch64 Linux). */
export function parseProgramHeaders(bytes: Uint8Array): ProgramHeader[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headers: ProgramHeader[] = [];
  for (let at = 0; at + PHDR_SIZE <= bytes.byteLength; at += PHDR_SIZE) {
    headers.push({
      type: view.getUint32(at, true),
      flags: view.getUint32(at + 4, true),
      virtualAddress: view.getBigUint64(at + 16, true),
      memorySize: view.getBigUint64(at + 40, true),
    });
  }
  return headers;
}

/** The loaded segments nobody writes (code, read-only data), as whole pages of `pageSize` bytes inside each
 * segment (the kernel rounds a range's length up to whole pages: never into the next segment). `phdrAddress` is
 * where the headers themselves are mapped: with the PT_PHDR entry it gives the load base of a PIE. A segment
 * that may be written (data, and the RELRO part relocated at start-up, which lies in one) is never included. */
export function readOnlySegments(headers: ProgramHeader[], phdrAddress: bigint, pageSize = 4096n): Range[] {
  const self = headers.find((header) => header.type === PT_PHDR);
  const base = self ? phdrAddress - self.virtualAddress : 0n;
  const ranges: Range[] = [];
  for (const header of headers) {
    if (header.type !== PT_LOAD || (header.flags & PF_W) !== 0) continue;
    const start = (base + header.virtualAddress + pageSize - 1n) & ~(pageSize - 1n);
    const end = (base + header.virtualAddress + header.memorySize) & ~(pageSize - 1n);
    if (end > start) ranges.push({ start, end });
  }
  return ranges;
}

const SYMBOLS = {
  getauxval: { parameters: ["u64"], result: "u64" },
  memcpy: { parameters: ["buffer", "usize", "usize"], result: "usize" },
  madvise: { parameters: ["usize", "usize", "i32"], result: "i32" },
} as const;

/** The executable's read-only segments in this process, read through libc at `libcPath`. */
export function executableSegments(libcPath: string): Range[] {
  const libc = Deno.dlopen(libcPath, SYMBOLS);
  try {
    return segmentsWith(libc.symbols);
  } finally {
    libc.close();
  }
}

type Libc = Deno.DynamicLibrary<typeof SYMBOLS>["symbols"];

function segmentsWith(libc: Libc): Range[] {
  const phdrAddress = BigInt(libc.getauxval(AT_PHDR));
  const count = Number(libc.getauxval(AT_PHNUM));
  const pageSize = BigInt(libc.getauxval(AT_PAGESZ));
  // A page size that is not a power of two would be a reading gone wrong: better nothing than a wrong range.
  if (phdrAddress === 0n || count === 0 || pageSize === 0n || (pageSize & (pageSize - 1n)) !== 0n) return [];
  const bytes = new Uint8Array(count * PHDR_SIZE);
  libc.memcpy(bytes, phdrAddress, BigInt(bytes.byteLength));
  return readOnlySegments(parseProgramHeaders(bytes), phdrAddress, pageSize);
}

/** Unmaps the executable's read-only pages and returns how many bytes were advised, or undefined where it cannot
 * (not Linux on x86_64/aarch64 with glibc, or no FFI permission for it). */
export function coldPagesDropper(): (() => number) | undefined {
  const path = Deno.build.arch === "x86_64" || Deno.build.arch === "aarch64" ? glibcPath() : undefined;
  if (!path) return undefined;
  try {
    if (executableSegments(path).length === 0) return undefined;
  } catch {
    return undefined; // no FFI permission for it, or not the C library expected
  }
  return () => dropOnce(path);
}

function dropOnce(path: string): number {
  try {
    const libc = Deno.dlopen(path, SYMBOLS);
    try {
      let bytes = 0n;
      for (const { start, end } of segmentsWith(libc.symbols)) {
        if (libc.symbols.madvise(start, end - start, MADV_DONTNEED) === 0) bytes += end - start;
      }
      return Number(bytes);
    } finally {
      libc.close();
    }
  } catch {
    return 0;
  }
}
