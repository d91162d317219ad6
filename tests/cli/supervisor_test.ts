import { assert, assertEquals } from "../support/assert.ts";
import { ENGINE_ENV, type EnginePlan, runSupervisor } from "../../src/cli/supervisor.ts";

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

/** A plan for one engine start with no permission flags and no restart after a crash. */
function planIn(workspace: string): EnginePlan {
  return { configPath: `${workspace}/config.yaml`, flags: [], crashRestartBudget: 1, crashWindowSeconds: 60 };
}

async function supervise(codes: number[], budget = 2, planCodes: (number | undefined)[] = []) {
  const workspace = await Deno.makeTempDir({ prefix: "parapet-supervisor-" });
  try {
    const script = await fakeEngine(workspace, codes);
    const lines: string[] = [];
    const plans: EnginePlan[] = [];
    const ports: (number | undefined)[] = [];
    const code = await runSupervisor({
      plan: () => {
        const refusal = planCodes[plans.length];
        const plan = {
          configPath: `${workspace}/config.yaml`,
          flags: ["--allow-read", "--allow-write"],
          crashRestartBudget: budget,
          crashWindowSeconds: 60,
        };
        plans.push(plan);
        return Promise.resolve(refusal ?? plan);
      },
      engineCommand: (plan, port) => {
        ports.push(port);
        return { command: Deno.execPath(), args: ["run", ...plan.flags, script] };
      },
      port: 0,
      log: (line) => lines.push(line),
    });
    const runs = await Deno.readTextFile(`${workspace}/runs.txt`).then((text) => text.length, () => 0);
    return { code, runs, lines, plans: plans.length, ports };
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
  const { code, runs, lines, plans, ports } = await supervise([75, 75, 75, 0], 1);
  assertEquals(code, 0);
  assertEquals(runs, 4);
  assertEquals(lines.filter((line) => line.includes("asked for a restart")).length, 3);
  // The config is read again before every start, and every generation gets the same (picked) port.
  assertEquals(plans, 4);
  assertEquals(new Set(ports).size, 1);
  assert(ports[0]! > 0);
});

Deno.test("supervisor: a config refused before a restart (plan exit 78) ends it without starting an engine", async () => {
  const { code, runs, plans } = await supervise([75], 2, [undefined, 78]);
  assertEquals(code, 78);
  assertEquals(runs, 1);
  assertEquals(plans, 2);
});

Deno.test("supervisor: the engine runs with the memory settings of ENGINE_ENV (glibc malloc)", async () => {
  const workspace = await Deno.makeTempDir({ prefix: "parapet-supervisor-" });
  try {
    const seen = `${workspace}/env.json`;
    const script = `${workspace}/env_engine.ts`;
    await Deno.writeTextFile(
      script,
      `Deno.writeTextFileSync(${JSON.stringify(seen)}, JSON.stringify(Deno.env.toObject()));`,
    );
    const code = await runSupervisor({
      plan: () => Promise.resolve(planIn(workspace)),
      engineCommand: () => ({ command: Deno.execPath(), args: ["run", "-A", script] }),
      log: () => {},
    });
    assertEquals(code, 0);
    const env = JSON.parse(await Deno.readTextFile(seen)) as Record<string, string>;
    assertEquals(env.MALLOC_ARENA_MAX, "2");
    assertEquals(env.MALLOC_MMAP_THRESHOLD_, "65536");
    assertEquals(
      Object.fromEntries(Object.keys(ENGINE_ENV).map((name) => [name, env[name]])),
      ENGINE_ENV,
    );
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});

/** Runs the supervisor over a fake engine that lives `engineMs`; counts releaseMemory calls. */
async function releases(engineMs: number, settleMs: number): Promise<number> {
  const workspace = await Deno.makeTempDir({ prefix: "parapet-supervisor-" });
  try {
    const script = `${workspace}/slow_engine.ts`;
    await Deno.writeTextFile(script, `await new Promise((resolve) => setTimeout(resolve, ${engineMs}));`);
    let released = 0;
    const code = await runSupervisor({
      plan: () => Promise.resolve(planIn(workspace)),
      engineCommand: () => ({ command: Deno.execPath(), args: ["run", "--no-config", script] }),
      log: () => {},
      releaseMemory: () => void released++,
      settleMs,
    });
    assertEquals(code, 0);
    return released;
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
}

Deno.test("supervisor: once the engine runs, the supervisor gives back its start-up pages once", async () => {
  assertEquals(await releases(1500, 10), 1);
});

Deno.test("supervisor: an engine gone before the settle time leaves no release pending (no timer left)", async () => {
  assertEquals(await releases(0, 60_000), 0);
});
