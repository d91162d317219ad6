/** Runs the whole test suite and ends with the plain line CI reads: `N passed, N failed`.
 *
 * With no paths given, the suite runs in three lanes at once, each its own `deno test` process: the end-to-end tests
 * (`tests/e2e/`, which mostly wait on the engines, browsers and servers they start), Shield's (`tests/shield/`, CPU:
 * its case sets under transforms) and everything else. On two cores that takes about the time of the longest lane
 * instead of the sum (timed at stop 37, one file at a time: e2e ~930 s, shield ~1,340 s, the rest ~600 s; at stop
 * 40 in the full run: unit 10m10s, e2e 14m30s, shield 17m47s). Each lane is one process, so tests that set the
 * environment or the working folder still never share a process with another lane's; tests bind port 0 and make their
 * own temporary folders, so the lanes never meet. The shield lane's ~260 files run as one module (`TOGETHER_LANES`):
 * `deno test` gives each file a fresh isolate, and each of them loaded and built Shield again — at stop 41 that was
 * ~880 s of the lane's ~1,460 s of file time on a loaded machine, beside ~580 s of its tests' own time; together, the
 * lane's processor time fell by more than half, and in the full run at stop 41 the lanes took unit 9m27s, e2e
 * 12m13s, shield 10m32s (see docs/shield.md, "Test time, stop 41"). Every output line is
 * prefixed with its lane's name; each lane's failures are listed in its own summary. `deno task test FILE…` runs
 * just those, in one process, one isolate per file, as before. */

/** One `deno test` process: its name (the output prefix) and what it runs; `together`: its test files run as one
 * module (see `togetherSource`). */
export interface Lane {
  readonly name: string;
  readonly paths: string[];
  readonly together?: boolean;
}

/** Folders of `tests/` that run as lanes of their own, in this order; every other entry runs in the "unit" lane. */
const OWN_LANES = ["e2e", "shield"];

/** Lanes whose test files run as one module in one isolate. Each test file of a plain `deno test` run gets a fresh
 * isolate that loads and builds Shield again (its ~640 modules, rule tables, literal index and learned model: about
 * 1.2 s of CPU before the file's first test, and a cold JIT for its first evaluations); the shield lane has ~260
 * files, so that alone was over a third of its time. */
const TOGETHER_LANES = ["shield"];

/** Test files of a together lane that keep an isolate of their own (still in the lane's one process): none need it
 * now; a file that measures its own isolate's heap, or whose tests depend on running first, would go here. */
export const OWN_ISOLATE: readonly string[] = [];

/** The lanes for the entries of `tests/`: `e2e/` and `shield/` each alone, everything else together. */
export function splitLanes(entries: readonly string[], root = "tests"): Lane[] {
  const own = OWN_LANES.filter((name) => entries.includes(name)).map((name) => ({
    name,
    paths: [`${root}/${name}/`],
    ...(TOGETHER_LANES.includes(name) ? { together: true } : {}),
  }));
  const rest = entries.filter((entry) => !OWN_LANES.includes(entry)).map((entry) => `${root}/${entry}`)
    .sort();
  return [...own, { name: "unit", paths: rest }];
}

/** Whether `name` is a test file by `deno test`'s own rule: `test.ts`, `*_test.ts` or `*.test.ts` (any of its
 * script extensions). */
export function isTestFile(name: string): boolean {
  return /(?:^|[._])test\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(name);
}

/** The test files under `folder`, in the order `deno test` runs a folder (sorted by path). */
export async function testFilesUnder(folder: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const path = `${dir.replace(/\/$/, "")}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (entry.isFile && isTestFile(entry.name)) found.push(path);
    }
  };
  await walk(folder);
  return found.sort();
}

/** The module that runs `files` (absolute paths) in one isolate: it imports each, in order, so their `Deno.test`s
 * register as if each file ran alone, and the modules they share (Shield, the case sets) load once. */
export function togetherSource(files: readonly string[]): string {
  const imports = files.map((file) => `import ${JSON.stringify(new URL(`file://${file}`).href)};`);
  return `// Written by scripts/run_tests.ts: the lane's test files, one isolate.\n${imports.join("\n")}\n`;
}

/** The paths one lane's `deno test` is given: its folders, or for a together lane one written module for its files
 * (apart from those in `OWN_ISOLATE`) and those files, and the `--config` that module (outside the project) needs. */
export async function laneArgs(lane: Lane, scratch: string, cwd = Deno.cwd()): Promise<string[]> {
  if (!lane.together) return lane.paths;
  const files = (await Promise.all(lane.paths.map((path) => testFilesUnder(`${cwd}/${path}`)))).flat();
  const alone = files.filter((file) => OWN_ISOLATE.some((path) => file === `${cwd}/${path}`));
  const together = files.filter((file) => !alone.includes(file));
  const module = `${scratch}/${lane.name}_lane.ts`;
  await Deno.writeTextFile(module, togetherSource(together));
  return ["--config", `${cwd}/deno.json`, module, ...alone];
}

/** The figures of deno's last summary line in `text`, e.g. "ok | 12 passed (3 steps) | 0 failed (1s)". */
export function summaryOf(text: string): { passed: number; failed: number } | undefined {
  // deno-lint-ignore no-control-regex
  const plain = text.replace(/\x1b\[[0-9;]*m/g, "");
  const all = [...plain.matchAll(/(\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/g)];
  const last = all.at(-1);
  return last ? { passed: Number(last[1]), failed: Number(last[2]) } : undefined;
}

/** The counts a lane contributes: a lane that failed without a summary (a crash or a type error before any test
 * ran) counts one failure. */
export function laneCounts(success: boolean, tail: string): { passed: number; failed: number } {
  const summary = summaryOf(tail) ?? { passed: 0, failed: 0 };
  return {
    passed: summary.passed,
    failed: !success && summary.failed === 0 ? summary.failed + 1 : summary.failed,
  };
}

/** The lines of a byte stream, each without its newline; a last line without one too. */
export async function* lines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let pending = "";
  for await (const text of stream.pipeThrough(new TextDecoderStream())) {
    pending += text;
    let end: number;
    while ((end = pending.indexOf("\n")) >= 0) {
      yield pending.slice(0, end);
      pending = pending.slice(end + 1);
    }
  }
  if (pending !== "") yield pending;
}

async function runLane(
  lane: Lane,
  flags: readonly string[],
  prefix: boolean,
  scratch: string,
): Promise<{ passed: number; failed: number }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["test", "--allow-all", "--no-check=remote", ...flags, ...await laneArgs(lane, scratch)],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let tail = "";
  const encoder = new TextEncoder();
  const pump = async (stream: ReadableStream<Uint8Array>, sink: typeof Deno.stdout) => {
    for await (const line of lines(stream)) {
      if (sink === Deno.stdout) tail = (tail + line + "\n").slice(-4000);
      await sink.write(encoder.encode(prefix ? `[${lane.name}] ${line}\n` : `${line}\n`));
    }
  };
  const [status] = await Promise.all([
    child.status,
    pump(child.stdout, Deno.stdout),
    pump(child.stderr, Deno.stderr),
  ]);
  return laneCounts(status.success, tail);
}

if (import.meta.main) {
  const flags = Deno.args.filter((arg) => arg.startsWith("-"));
  const paths = Deno.args.filter((arg) => !arg.startsWith("-"));
  let lanes: Lane[];
  if (paths.length > 0) {
    lanes = [{ name: "test", paths }];
  } else {
    const entries: string[] = [];
    for await (const entry of Deno.readDir("tests")) entries.push(entry.name);
    lanes = splitLanes(entries);
  }
  const scratch = await Deno.makeTempDir({ prefix: "parapet-lanes-" });
  const results = await Promise.all(lanes.map((lane) => runLane(lane, flags, lanes.length > 1, scratch)));
  await Deno.remove(scratch, { recursive: true });
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  if (lanes.length > 1) {
    for (const [index, lane] of lanes.entries()) {
      console.log(`${lane.name}: ${results[index].passed} passed, ${results[index].failed} failed`);
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  Deno.exit(failed === 0 ? 0 : 1);
}
