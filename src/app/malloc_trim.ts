/** glibc's malloc_trim through FFI: returns the free pages of the C heap (SQLite's, the HTTP server's buffers)
 * to the system, which free() alone does only for the top of the heap. Only where the process runs on glibc and
 * may open it (the engine's --allow-ffi names that one file: src/cli/permission_flags.ts). */

/** Where distributions put glibc's libc.so.6, in the order looked at (Deno reads /proc/self/maps only with every
 * permission, so the engine cannot ask where it is mapped from). */
export function libcCandidates(arch: string = Deno.build.arch): string[] {
  const triplet = `${arch}-linux-gnu`;
  return [
    `/lib/${triplet}/libc.so.6`,
    `/usr/lib/${triplet}/libc.so.6`,
    "/lib64/libc.so.6",
    "/usr/lib64/libc.so.6",
  ];
}

/** The first candidate that exists: the same answer in `engine-plan` (which writes the flag) and in the engine. */
export function glibcPath(exists: (path: string) => boolean = fileExists): string | undefined {
  if (Deno.build.os !== "linux") return undefined;
  return libcCandidates().find(exists);
}

/** malloc_trim(0) of glibc, or undefined where it cannot be opened (another C library, no FFI permission). The
 * library is opened for each call and closed after it (calls are rare), so no handle outlives its use. */
export function mallocTrim(): (() => void) | undefined {
  const path = glibcPath();
  if (!path || !trimOnce(path)) return undefined;
  return () => void trimOnce(path);
}

function trimOnce(path: string): boolean {
  try {
    const libc = Deno.dlopen(path, { malloc_trim: { parameters: ["usize"], result: "i32" } });
    try {
      libc.symbols.malloc_trim(0n);
    } finally {
      libc.close();
    }
    return true;
  } catch {
    return false;
  }
}

function fileExists(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false; // absent, or not readable: either way not one to open
  }
}
