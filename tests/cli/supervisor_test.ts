import { assert, assertEquals } from "../support/assert.ts";
import { parseConfigText } from "../../src/config/load_config.ts";
import { runSupervisor } from "../../src/cli/supervisor.ts";

/** A stand-in engine: appends a line to runs.txt, then exits with the next code of `codes` (last one repeats). */
async function fakeEngine(workspace: string, codes: number[]): Promise<string> {
  const script = `${workspace}/fake_engine.ts`;
  await Deno.writeTextFile(
    script,
    `const file = ${JSON.stringify(`${workspace}/runs.txt`)};
const runs = await Deno.readTextFile(file).then((text) => text.length, () => 0);
await Deno.writeTextFile(file, "x", { append: true });
const codes = ${JSON.stringify(codes)};
Deno.exit(codes[Math.min(runs, codes.length - 1)]);
`,
  );
  return script;
}

async function supervise(codes: number[], budget = 2) {
  const workspace = await Deno.makeTempDir({ prefix: "parapet-supervisor-" });
  try {
    const configPath = `${workspace}/config.yaml`;
    const text = `agents:\n  crash_restart_budget: ${budget}\n  crash_window_seconds: 60\n`;
    await Deno.writeTextFile(configPath, text);
    const lines: string[] = [];
    const code = await runSupervisor({
      config: parseConfigText(text).config,
      configPath,
      workspace,
      mainModule: await fakeEngine(workspace, codes),
      port: 0,
      log: (line) => lines.push(line),
    });
    const runs = (await Deno.readTextFile(`${workspace}/runs.txt`)).length;
    return { code, runs, lines };
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
}

Deno.test("supervisor: a crashing engine is restarted until crash_restart_budget is spent", async () => {
  const { code, runs, lines } = await supervise([1], 2);
  assertEquals(code, 1);
  assertEquals(runs, 3);
  assert(lines.at(-1)!.includes("crashed 3 times within 60 s"), lines.join("\n"));
  assert(lines.at(-1)!.includes("crash_restart_budget is 2"), lines.join("\n"));
});

Deno.test("supervisor: an engine that refuses to start (exit 78) is not restarted and nothing more is said", async () => {
  const { code, runs, lines } = await supervise([78]);
  assertEquals(code, 78);
  assertEquals(runs, 1);
  assertEquals(lines, []);
});

Deno.test("supervisor: a wrong engine command line (exit 2) is not restarted", async () => {
  const { code, runs } = await supervise([2]);
  assertEquals(code, 2);
  assertEquals(runs, 1);
});

Deno.test("supervisor: exit 75 restarts at once without counting as a crash, exit 0 ends", async () => {
  const { code, runs, lines } = await supervise([75, 75, 75, 0], 1);
  assertEquals(code, 0);
  assertEquals(runs, 4);
  assertEquals(lines.filter((line) => line.includes("asked for a restart")).length, 3);
});
