/** Memory of the whole running system, as `deno task start` runs it (the supervisor, the engine and any child),
 * from /proc: idle, after 1,000 turns and after 100 clients x 20 sessions; against a bare Deno process (the
 * floor any Deno supervisor stands on) and a bare Deno.serve, measured in the same run. RSS counts the Deno
 * binary's shared pages in every process; PSS splits them, so the PSS sum is what the system really holds. */
import {
  delay,
  fixed,
  freePort,
  machineNote,
  MAIN,
  ratio,
  REPO_ROOT,
  type SpawnedServer,
  spawnServer,
  startBenchLlm,
  writeEngineConfig,
} from "./bench_support.ts";
import { processMemory, treeMemory } from "./process_tree.ts";
import { wsLoad } from "./load_generators.ts";

const SETTLE_MS = 3_000;
const IDLE_SCRIPT = "setInterval(() => {}, 60_000); console.log('ready');";

interface Baselines {
  bareDeno: { rssMb: number; pssMb: number };
  /** The same idle script run with the checkout's deno.json, as `deno task start` runs main.ts: Deno then sets
   * up its npm resolver for the config's imports, whether the program uses them or not. */
  bareInCheckout: { rssMb: number; pssMb: number };
  bareServe: { rssMb: number; pssMb: number };
}

/** Runs the idle script (with `configArgs`) and waits until it is up. */
async function idleDeno(script: string, configArgs: string[]) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...configArgs, script],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.getReader();
  await reader.read();
  reader.releaseLock();
  return {
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.stdout.cancel();
      await child.status;
    },
  };
}

async function baselines(dir: string): Promise<Baselines> {
  const idleScript = `${dir}/idle.ts`;
  await Deno.writeTextFile(idleScript, IDLE_SCRIPT);
  const idle = await idleDeno(idleScript, []);
  const idleInCheckout = await idleDeno(idleScript, ["--config", `${REPO_ROOT}/deno.json`]);
  const port = freePort();
  const routes = `${dir}/routes.json`;
  await Deno.writeTextFile(routes, "{}");
  const serve = await spawnServer({
    args: ["run", "-A", `${REPO_ROOT}/bench/bare_http_server.ts`, String(port), routes],
    port,
    readyPath: "/",
  });
  await delay(SETTLE_MS);
  const bareDeno = processMemory(idle.pid)!;
  const bareInCheckout = processMemory(idleInCheckout.pid)!;
  const bareServe = processMemory(serve.pid)!;
  await idle.stop();
  await idleInCheckout.stop();
  await serve.stop();
  return { bareDeno, bareInCheckout, bareServe };
}

function report(label: string, supervisorPid: number, base: Baselines): void {
  const tree = treeMemory(supervisorPid);
  const [supervisor, engine, ...children] = tree.processes;
  console.log(
    `${label}: whole system RSS ${fixed(tree.rssMb, 1)} MB (target < 100), PSS ${fixed(tree.pssMb, 1)} MB, ` +
      `${tree.processes.length} processes`,
  );
  console.log(
    `  supervisor RSS ${fixed(supervisor.rssMb, 1)} MB (target < 35; bare Deno process ` +
      `${fixed(base.bareDeno.rssMb, 1)} MB, ratio ${ratio(supervisor.rssMb, base.bareDeno.rssMb)}), ` +
      `PSS ${fixed(supervisor.pssMb, 1)} MB (bare ${fixed(base.bareDeno.pssMb, 1)})`,
  );
  console.log(
    `    vs a bare Deno process with the checkout's deno.json (as \`deno task start\` runs) ` +
      `${fixed(base.bareInCheckout.rssMb, 1)} MB: ratio ${
        ratio(supervisor.rssMb, base.bareInCheckout.rssMb)
      }, ` +
      `${fixed(supervisor.rssMb - base.bareInCheckout.rssMb, 1)} MB over it`,
  );
  if (engine) {
    console.log(
      `  engine RSS ${fixed(engine.rssMb, 1)} MB (target < 65; bare Deno.serve ${
        fixed(base.bareServe.rssMb, 1)
      } ` +
        `MB, ratio ${ratio(engine.rssMb, base.bareServe.rssMb)}), PSS ${fixed(engine.pssMb, 1)} MB`,
    );
  }
  for (const child of children) {
    console.log(`  child ${child.command}: RSS ${fixed(child.rssMb, 1)} MB, PSS ${fixed(child.pssMb, 1)} MB`);
  }
}

async function main(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "parapet-footprint-bench-" });
  const llm = startBenchLlm(() => ({ text: "Hello" }));
  let system: SpawnedServer | undefined;
  try {
    console.log(machineNote());
    const base = await baselines(dir);
    const configPath = await writeEngineConfig(dir, llm.url, { general: { rate_limit: 0 } });
    const port = freePort();
    system = await spawnServer({
      args: ["run", "-A", MAIN, "start", "--config", configPath, "--port", String(port)],
      port,
      readyPath: "/api/status",
    });
    console.log(`deno task start (supervisor + engine) ready in ${fixed(system.readyMs, 0)} ms`);
    await delay(SETTLE_MS);
    report("idle", system.pid, base);

    const thousand = await wsLoad({
      url: system.url,
      mode: "turns",
      clients: 4,
      durationMs: 300_000,
      sessionsPerClient: 5,
      turnsPerSession: 50,
    }, system.pid);
    await delay(SETTLE_MS);
    report(`after ${thousand.result.completed} turns (${thousand.result.failed} failed)`, system.pid, base);

    // The same load again: memory that keeps growing here, rather than levelling off, is a leak.
    const again = await wsLoad({
      url: system.url,
      mode: "turns",
      clients: 4,
      durationMs: 300_000,
      sessionsPerClient: 5,
      turnsPerSession: 50,
    }, system.pid);
    await delay(SETTLE_MS);
    report(
      `after ${again.result.completed} more turns in new sessions (${again.result.failed} failed)`,
      system.pid,
      base,
    );

    const crowd = await wsLoad({
      url: system.url,
      mode: "turns",
      clients: 100,
      durationMs: 300_000,
      sessionsPerClient: 20,
      turnsPerSession: 1,
    }, system.pid);
    await delay(SETTLE_MS);
    report(
      `after 100 clients x 20 sessions, one turn each (${crowd.result.completed} turns, ${crowd.result.failed} failed)`,
      system.pid,
      base,
    );
  } finally {
    await system?.stop();
    await llm.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

await main();
