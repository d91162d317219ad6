/** `deno task bench`: runs every bench/*_bench.ts (sorted) one after another as `deno run -A <file>`,
 * streaming its output, then prints which succeeded. A failing file never stops the others. */

const BENCH_DIR = new URL(".", import.meta.url).pathname;

interface Outcome {
  file: string;
  ok: boolean;
  detail: string;
  seconds: number;
}

/** Bench files to run: the arguments when given (names or paths), else every *_bench.ts here, sorted. */
async function benchFiles(args: string[]): Promise<string[]> {
  if (args.length > 0) return args.map((name) => name.includes("/") ? name : `${BENCH_DIR}${name}`);
  const files: string[] = [];
  for await (const entry of Deno.readDir(BENCH_DIR)) {
    if (entry.isFile && entry.name.endsWith("_bench.ts")) files.push(`${BENCH_DIR}${entry.name}`);
  }
  return files.sort();
}

async function runOne(file: string): Promise<Outcome> {
  const name = file.slice(file.lastIndexOf("/") + 1);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    await Deno.stat(file);
  } catch {
    return { file: name, ok: false, detail: `Cannot run "${file}": file not found`, seconds: seconds() };
  }
  try {
    // Inherited stdio streams the benchmark's lines as they are printed.
    const status = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", file],
      stdin: "null",
      stdout: "inherit",
      stderr: "inherit",
    }).spawn().status;
    const detail = status.success
      ? "ok"
      : `exit code ${status.code}${status.signal ? ` (${status.signal})` : ""}`;
    return { file: name, ok: status.success, detail, seconds: seconds() };
  } catch (error) {
    return { file: name, ok: false, detail: `Cannot start: ${(error as Error).message}`, seconds: seconds() };
  }
}

async function main(args: string[]): Promise<number> {
  const files = await benchFiles(args);
  if (files.length === 0) {
    console.error(`No *_bench.ts files in "${BENCH_DIR}"`);
    return 1;
  }
  const outcomes: Outcome[] = [];
  for (const file of files) {
    console.log(`\n=== ${file.slice(file.lastIndexOf("/") + 1)} ===`);
    outcomes.push(await runOne(file));
  }
  console.log("\n=== summary ===");
  for (const outcome of outcomes) {
    console.log(
      `${outcome.ok ? "ok    " : "FAILED"} ${outcome.file} (${outcome.seconds.toFixed(1)} s)` +
        (outcome.ok ? "" : `: ${outcome.detail}`),
    );
  }
  const failed = outcomes.filter((outcome) => !outcome.ok).length;
  console.log(
    failed === 0
      ? `all ${outcomes.length} benchmarks succeeded`
      : `${failed} of ${outcomes.length} benchmarks failed`,
  );
  return failed === 0 ? 0 : 1;
}

Deno.exit(await main(Deno.args));
