/** Memory of the whole running system (issue 17: the supervisor, the engine and any child) from /proc, started
 * by `deno task start` itself, so deno's task runner, which stays as the supervisor's parent, is measured too and
 * reported beside the system's figure rather than in it (`deno run -A main.ts start` and the compiled binary run
 * without it): idle, after 1,000 turns, after 100 clients x 20 sessions and after 1,000 turns with long answers;
 * against a bare Deno process (the floor any Deno supervisor stands on) and a bare Deno.serve, measured in the
 * same run. RSS counts the Deno binary's shared pages in every process; PSS splits them, so the PSS sum is what
 * the system really holds. */
import {
  delay,
  fixed,
  freePort,
  machineNote,
  ratio,
  REPO_ROOT,
  type SpawnedServer,
  spawnServer,
  startBenchLlm,
  writeEngineConfig,
} from "./bench_support.ts";
import { processMemory, systemMemory, treeMemory } from "./process_tree.ts";
import { wsLoad } from "./load_generators.ts";

/** How long the system is left alone after start-up or load before it is measured: the engine's reducer
 * (src/app/idle_memory.ts) looks every second and gives memory back in the first quiet one, so this is a few of
 * its periods, on a machine busy with other work too. */
const SETTLE_MS = 5_000;
/** A user's machine left idle for a while: past the outgoing pool's idle timeout (src/app/pooled_fetch.ts). */
const LONG_IDLE_MS = 35_000;
const IDLE_SCRIPT = "setInterval(() => {}, 60_000); console.log('ready');";
/** The model's answer in the last load: about 10 KB, so each session's history grows to about 500 KB, as real
 * work with long answers and tool output does (the engine keeps the recent sessions' messages in memory). */
const LONG_ANSWER = "The answer goes on. ".repeat(512);

interface Baselines {
  bareDeno: { rssMb: number; pssMb: number };
  bareServe: { rssMb: number; pssMb: number };
}

/** Runs the idle script and waits until it is up. */
async function idleDeno(script: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-config", script],
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
  const idle = await idleDeno(idleScript);
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
  const bareServe = processMemory(serve.pid)!;
  await idle.stop();
  await serve.stop();
  return { bareDeno, bareServe };
}

function report(label: string, taskPid: number, base: Baselines): void {
  const { launcher, system, withLauncher } = systemMemory(treeMemory(taskPid).processes);
  const [supervisor, engine, ...children] = system.processes;
  console.log(
    `${label}: whole system (supervisor + engine + children) RSS ${
      fixed(system.rssMb, 1)
    } MB (target < 100), ` +
      `PSS ${
        fixed(system.pssMb, 1)
      } MB, ${system.processes.length} processes; with deno's task runner above ` +
      `it (\`deno task start\`) RSS ${fixed(withLauncher.rssMb, 1)} MB, PSS ${
        fixed(withLauncher.pssMb, 1)
      } MB`,
  );
  console.log(
    `  deno task runner (waits for the supervisor) RSS ${fixed(launcher.rssMb, 1)} MB, PSS ${
      fixed(launcher.pssMb, 1)
    } MB`,
  );
  console.log(
    `  supervisor (deno run --no-config) RSS ${
      fixed(supervisor.rssMb, 1)
    } MB (target < 35; bare Deno process ` +
      `${fixed(base.bareDeno.rssMb, 1)} MB, ratio ${ratio(supervisor.rssMb, base.bareDeno.rssMb)}), ` +
      `PSS ${fixed(supervisor.pssMb, 1)} MB (bare ${fixed(base.bareDeno.pssMb, 1)})`,
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
  let answer = "Hello";
  const llm = startBenchLlm(() => ({ text: answer }));
  let system: SpawnedServer | undefined;
  try {
    console.log(machineNote());
    const base = await baselines(dir);
    const configPath = await writeEngineConfig(dir, llm.url, { general: { rate_limit: 0 } });
    const port = freePort();
    // The start task as a user runs it: deno's task runner stays the parent of the supervisor it starts.
    const running = await spawnServer({
      args: ["task", "--quiet", "start", "--config", configPath, "--port", String(port)],
      port,
      readyPath: "/api/status",
    });
    system = running;
    console.log(
      `deno task start (task runner + supervisor + engine) ready in ${fixed(system.readyMs, 0)} ms`,
    );
    await delay(SETTLE_MS);
    report("idle", system.pid, base);

    // 4 clients x 5 sessions x 50 turns, then a pause for the engine to go quiet and give memory back.
    const thousandTurns = async () => {
      const load = await wsLoad({
        url: running.url,
        mode: "turns",
        clients: 4,
        durationMs: 300_000,
        sessionsPerClient: 5,
        turnsPerSession: 50,
      }, running.pid);
      await delay(SETTLE_MS);
      return load;
    };
    const thousand = await thousandTurns();
    report(`after ${thousand.result.completed} turns (${thousand.result.failed} failed)`, system.pid, base);

    // The same load again: memory that keeps growing here, rather than levelling off, is a leak.
    const again = await thousandTurns();
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
    await delay(LONG_IDLE_MS - SETTLE_MS);
    report(`the same, ${LONG_IDLE_MS / 1000} s after the load`, system.pid, base);

    answer = LONG_ANSWER;
    const long = await thousandTurns();
    report(
      `after ${long.result.completed} turns with 10 KB answers, histories of ~500 KB (${long.result.failed} failed)`,
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
