/** The engine refuses to start when its workspace would hold the config, the policies, its own source or web UI:
 * one clear line, exit 78, and no restart loop from the supervisor. */
import { assert, assertEquals } from "../support/assert.ts";
import { freePort } from "../support/engine_harness.ts";
import { fromFileUrl } from "../support/paths.ts";

const MAIN = fromFileUrl(new URL("../../main.ts", import.meta.url));
const CHECKOUT = fromFileUrl(new URL("../../", import.meta.url)).replace(/\/$/, "");

/** Runs main.ts; a process still running after the limit (it started instead of refusing) is stopped with
 * SIGTERM, which the supervisor passes on to its engine, and the run then counts as a failure. */
async function runMain(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
    env: { NO_COLOR: "1" },
  }).spawn();
  let started = false;
  const timer = setTimeout(() => {
    started = true;
    child.kill("SIGTERM");
  }, 30_000);
  const result = await child.output();
  clearTimeout(timer);
  const decoder = new TextDecoder();
  const output = decoder.decode(result.stdout) + decoder.decode(result.stderr);
  return {
    code: started ? -1 : result.code,
    output: started ? `(still running after 30 s)\n${output}` : output,
  };
}

async function withFolder(run: (folder: string) => Promise<void>): Promise<void> {
  const folder = await Deno.realPath(await Deno.makeTempDir({ prefix: "parapet-layout-" }));
  try {
    await run(folder);
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
}

async function refusedStart(folder: string, config: string, command = "start") {
  await Deno.writeTextFile(`${folder}/config.yaml`, `${config}\nweb:\n  port: ${freePort()}\n`);
  return await runMain([command, "--config", `${folder}/config.yaml`], folder);
}

Deno.test("layout: `workspace: .` beside config.yaml refuses to start with one line naming the path and the fix", async () => {
  await withFolder(async (folder) => {
    const { code, output } = await refusedStart(folder, "workspace: .");
    assertEquals(code, 78, output);
    const lines = output.trim().split("\n");
    assertEquals(lines.length, 1, output);
    assert(lines[0].includes(`contains the config file "${folder}/config.yaml"`), output);
    assert(lines[0].includes("./workspace"), output);
    // Refused before anything was written into the would-be workspace.
    assertEquals(await Deno.stat(`${folder}/.engine`).catch(() => "absent"), "absent");
    assertEquals(await Deno.stat(`${folder}/MEMORY.md`).catch(() => "absent"), "absent");
  });
});

Deno.test("layout: a workspace that reaches the config through a symlink is refused too", async () => {
  await withFolder(async (folder) => {
    await Deno.symlink(".", `${folder}/alias`);
    const { code, output } = await refusedStart(folder, "workspace: ./alias");
    assertEquals(code, 78, output);
    assert(output.includes("contains the config file"), output);
  });
});

Deno.test("layout: a workspace holding the policy file is refused", async () => {
  await withFolder(async (folder) => {
    const { code, output } = await refusedStart(
      folder,
      "workspace: ./workspace\nshield:\n  policy_file: workspace/policy.yaml",
    );
    assertEquals(code, 78, output);
    assert(output.includes(`contains the security policy "${folder}/workspace/policy.yaml"`), output);
  });
});

Deno.test("layout: the engine's checkout (source and web/) as workspace is refused, by start, engine and init", async () => {
  await withFolder(async (folder) => {
    for (const command of ["start", "engine", "init"]) {
      const { code, output } = await refusedStart(folder, `workspace: ${CHECKOUT}`, command);
      assertEquals(code, 78, `${command}: ${output}`);
      assert(output.includes(`contains the engine's source "${CHECKOUT}"`), output);
    }
    const web = await refusedStart(folder, `workspace: ${CHECKOUT}/web`);
    assertEquals(web.code, 78, web.output);
    assert(web.output.includes(`contains the web UI "${CHECKOUT}/web"`), web.output);
  });
});

Deno.test("layout: the supervisor does not restart an engine that refuses its configuration (exit 78)", async () => {
  await withFolder(async (folder) => {
    // Only the engine checks this one, so the supervisor really starts it and sees it exit with 78.
    await Deno.writeTextFile(`${folder}/config.yaml`, `web:\n  host: 0.0.0.0\n  port: ${freePort()}\n`);
    const { code, output } = await runMain(["start", "--config", `${folder}/config.yaml`], folder);
    assertEquals(code, 78, output);
    assertEquals(output.split("Refusing to listen").length - 1, 1, output);
    assert(!output.includes("restarting ("), output);
  });
});
