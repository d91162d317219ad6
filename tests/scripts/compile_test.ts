/** `deno task compile`: what it builds in, how a compiled binary runs its own subcommands, and (where a denort
 * runtime exists: DENORT_BIN) the binary itself, started in an empty folder. */
import { assert, assertEquals } from "../support/assert.ts";
import { compileArgs, included } from "../../scripts/compile.ts";
import { programArgs } from "../../src/cli/start_command.ts";
import { delay, freePort } from "../support/engine_harness.ts";

const root = new URL("../../", import.meta.url);
const ROOT = root.pathname;

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
  const message = new TextDecoder().decode(result.stderr);
  assert(message.includes("DENORT_BIN") && message.includes(Deno.version.deno), message);
});

Deno.test("compile: the binary carries the web UI, the workers and every module imported only when needed", () => {
  const paths = included();
  for (const path of paths) Deno.statSync(`${ROOT}${path}`);
  assert(paths.includes("web"));
  const args = compileArgs("parapet");
  assert(args.includes("--allow-all") && args.at(-1) === "main.ts");
  // Every module reached through new Worker(...) or importWhenNeeded(new URL(...)) / main.ts's load(...).
  const wanted = new Set<string>();
  const scan = (file: string) => {
    const text = Deno.readTextFileSync(`${ROOT}${file}`);
    const folder = file.slice(0, file.lastIndexOf("/") + 1);
    for (const match of text.matchAll(/new URL\("(\.{1,2}\/[^"]+\.ts)", import\.meta\.url\)/g)) {
      wanted.add(new URL(match[1], `file:///${folder}`).pathname.slice(1));
    }
    for (const match of text.matchAll(/load<[^>]*>\(\s*"(\.\/[^"]+\.ts)"/g)) wanted.add(match[1].slice(2));
  };
  scan("main.ts");
  for (const path of paths.filter((entry) => entry.endsWith(".ts"))) scan(path);
  for (const module of ["src/cli/start_command.ts", "src/providers/mod.ts", "src/audit/verify_worker.ts"]) {
    assert(wanted.has(module), `${module} is found by the scan`);
  }
  const missing = [...wanted].filter((module) => !paths.includes(module));
  assertEquals(missing, []);
});

Deno.test("compile: a compiled binary runs its subcommands as itself; a checkout as deno run with the flags", () => {
  assertEquals(programArgs(true, ["--allow-read=/x"]), []);
  const args = programArgs(false, ["--allow-read=/x"]);
  assertEquals(args.slice(0, 3), [
    "run",
    "--allow-read=/x",
    "--v8-flags=--max-semi-space-size=1,--expose-gc",
  ]);
  // The supervisor itself may run with --no-config (the start task): its children name deno.json.
  assertEquals(args[3], "--config");
  assert(args[4].endsWith("/deno.json"));
  assert(args[5].endsWith("/main.ts"));
});

/** `deno compile` with the build's arguments. Its runtime is DENORT_BIN's denort; without one the deno CLI stands in:
 * the build (type check, module graph, every file carried) is the same, but such a binary cannot run Parapet. */
async function build(binary: string, denort: string | undefined) {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/compile.ts", binary],
    cwd: root,
    env: { DENORT_BIN: denort ?? Deno.execPath(), NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return { success: result.success, output: decoder.decode(result.stdout) + decoder.decode(result.stderr) };
}

/** Starts the binary in `folder`; once it answers, checks the first start's config and the served UI, then stops it. */
async function firstStart(binary: string, folder: string) {
  const port = freePort();
  const child = new Deno.Command(binary, {
    args: ["start", "--port", String(port)],
    cwd: folder,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let status = 0;
  for (let attempt = 0; attempt < 300 && status !== 200; attempt++) {
    await delay(100);
    status = await fetch(`http://127.0.0.1:${port}/api/status`).then(async (response) => {
      await response.body?.cancel();
      return response.status;
    }, () => 0);
  }
  if (status !== 200) child.kill("SIGKILL");
  else {
    const config = await Deno.readTextFile(`${folder}/config.yaml`);
    assert(config.includes("#"), "the default config is the commented one");
    const page = await fetch(`http://127.0.0.1:${port}/`);
    assert((await page.text()).includes("<html"), "the UI is served from the binary");
    child.kill("SIGTERM");
  }
  const [output, errors] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  assertEquals(status, 200, output + errors);
  assertEquals((await child.status).code, 0, output + errors);
  assert(errors.includes("Wrote a default configuration"), errors);
}

Deno.test(
  "compile: deno compile builds one binary carrying main.ts, the UI and the sources; with DENORT_BIN its first " +
    "start in an empty folder writes config.yaml and serves the UI",
  async () => {
    const folder = await Deno.makeTempDir({ prefix: "parapet-binary-" });
    try {
      const binary = `${folder}/parapet`;
      const denort = Deno.env.get("DENORT_BIN");
      const built = await build(binary, denort);
      assert(built.success, built.output);
      // deno compile lists what it embedded: the UI folder and the source tree beside main.ts.
      for (const part of ["── main.ts", "── web/", "── src/"]) {
        assert(built.output.includes(part), built.output);
      }
      assert(built.output.includes(`Built ${binary}`), built.output);
      const size = (await Deno.stat(binary)).size;
      assert(size > 20_000_000, `a runtime is in the binary: ${size} bytes`);
      // Only a denort runs a compiled program (the deno CLI would read "start" as a script to run).
      if (denort) await firstStart(binary, folder);
    } finally {
      await Deno.remove(folder, { recursive: true });
    }
  },
);
