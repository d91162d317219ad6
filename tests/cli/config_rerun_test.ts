import { assert, assertEquals } from "../support/assert.ts";
import { needsConfig } from "../../src/cli/config_rerun.ts";
import { ROOT } from "../support/static_imports.ts";

Deno.test("config rerun: only a command that needs packages, in a process that cannot resolve them, runs again", () => {
  assertEquals(needsConfig("start", () => false), false);
  assertEquals(needsConfig("doctor", () => false), true);
  assertEquals(needsConfig("doctor", () => true), false);
});

Deno.test("config rerun: the start task's --no-config main.ts runs a subcommand that needs npm packages", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "--no-config", "main.ts", "hash-password"],
    cwd: ROOT,
    env: { PARAPET_PASSWORD: "correct horse battery", NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert(output.success, new TextDecoder().decode(output.stderr));
  const printed = new TextDecoder().decode(output.stdout);
  assert(/\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}/.test(printed), `no bcrypt hash in: "${printed}"`);
});

Deno.test("config rerun: the child's exit code is passed on (a failed audit verify is 1)", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-all",
      "--no-config",
      "main.ts",
      "audit",
      "verify",
      "--file",
      "/nonexistent/audit.jsonl",
    ],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(output.code, 1, new TextDecoder().decode(output.stderr));
  assertEquals(
    new TextDecoder().decode(output.stdout).trim(),
    'Cannot verify "/nonexistent/audit.jsonl": file does not exist',
  );
});
