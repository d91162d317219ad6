import { assert, assertEquals } from "../support/assert.ts";
import { loadConfig } from "../../src/config/load_config.ts";
import { enginePermissionFlags } from "../../src/cli/permission_flags.ts";
import { glibcPath } from "../../src/app/malloc_trim.ts";

const MALLOC_TRIM = new URL("../../src/app/malloc_trim.ts", import.meta.url).href;

async function flagsForEmptyFolder(): Promise<string[]> {
  const root = await Deno.makeTempDir({ prefix: "parapet-flags-" });
  try {
    const loaded = await loadConfig(`${root}/config.yaml`);
    return await enginePermissionFlags(loaded.config, loaded.workspace, loaded.path);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

Deno.test("permission flags: the engine may open glibc alone through FFI, for malloc_trim", async () => {
  const flags = await flagsForEmptyFolder();
  const ffi = flags.filter((flag) => flag.startsWith("--allow-ffi"));
  assertEquals(ffi, [`--allow-ffi=${glibcPath()}`]);
});

Deno.test("permission flags: with them malloc_trim opens; any other library is refused", async () => {
  const flags = await flagsForEmptyFolder();
  const libm = glibcPath()!.replace(/libc\.so\.6$/, "libm.so.6");
  const folder = await Deno.makeTempDir({ prefix: "parapet-ffi-" });
  const script = `${folder}/child.ts`;
  await Deno.writeTextFile(
    script,
    `import { mallocTrim } from "${MALLOC_TRIM}";
    if (!mallocTrim()) throw new Error("malloc_trim did not open");
    try { Deno.dlopen("${libm}", { cos: { parameters: ["f64"], result: "f64" } }); console.log("opened"); }
    catch (error) { console.log(error instanceof Deno.errors.NotCapable ? "refused" : String(error)); }`,
  );
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-config",
      `--allow-read=/lib,/usr/lib,/lib64,/usr/lib64,${folder}`,
      ...flags.filter((flag) => flag.startsWith("--allow-ffi")),
      script,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output().finally(() => Deno.remove(folder, { recursive: true }));
  const stderr = new TextDecoder().decode(output.stderr);
  assert(output.success, stderr);
  assertEquals(new TextDecoder().decode(output.stdout).trim(), "refused");
});
