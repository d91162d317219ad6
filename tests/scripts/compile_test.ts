import { assert, assertEquals } from "../support/assert.ts";

const root = new URL("../../", import.meta.url);

Deno.test("deno task compile explains what it needs when DENORT_BIN is not set", async () => {
  const env = { ...Deno.env.toObject() };
  delete env.DENORT_BIN;
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/compile.ts", "/tmp/parapet-compile-test"],
    cwd: root,
    env,
    clearEnv: true,
    stderr: "piped",
    stdout: "piped",
  }).output();
  assertEquals(result.code, 2);
  assert(new TextDecoder().decode(result.stderr).includes("DENORT_BIN"));
});
