/** existsSync under narrow Deno permissions: refused paths read as absent (Node's answer), so playwright loads in
 * an engine that does not run with --allow-all. */
import { assertEquals } from "../../support/assert.ts";
import { fromFileUrl } from "../../support/paths.ts";

const COMPAT = fromFileUrl(new URL("../../../src/tools/browser/node_fs_compat.ts", import.meta.url));

async function probe(patch: boolean): Promise<string> {
  const code = [
    `import fs from "node:fs";`,
    patch
      ? `import { tolerateRefusedExistsChecks } from ${
        JSON.stringify(COMPAT)
      }; tolerateRefusedExistsChecks();`
      : "",
    `try { console.log(String(fs.existsSync("/proc/sys/fs/binfmt_misc/WSLInterop"))); }`,
    `catch (error) { console.log(error.name); }`,
  ].join("\n");
  // `deno eval` would run with every permission: a file run with one narrow read permission shows the refusal.
  const file = await Deno.makeTempFile({ suffix: ".ts" });
  try {
    await Deno.writeTextFile(file, code);
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-check", `--allow-read=${file},${COMPAT}`, file],
      stdout: "piped",
      stderr: "piped",
    }).output();
    return new TextDecoder().decode(output.stdout).trim();
  } finally {
    await Deno.remove(file);
  }
}

Deno.test("a refused existsSync throws in Deno, and reads as absent once patched", async () => {
  assertEquals(await probe(false), "NotCapable");
  assertEquals(await probe(true), "false");
});
