/** Runs the whole test suite and ends with the plain line CI reads: `N passed, N failed`.
 *
 * With no paths given, the suite runs in three lanes at once, each its own `deno test` process: the end-to-end tests
 * (`tests/e2e/`, which mostly wait on the engines, browsers and servers they start), Shield's (`tests/shield/`, CPU:
 * its case sets under transforms) and everything else. On two cores that takes about the time of the longest lane
 * instead of the sum (timed at stop 37, one file at a time: e2e ~930 s, shield ~1,340 s, the rest ~600 s). Each
 * lane is one process, so tests that set the environment or the working folder still never share a process with
 * another lane's; tests bind port 0 and make their own temporary folders, so the lanes never meet. Every output line
 * is prefixed with its lane's name; each lane's failures are listed in its own summary. `deno task test FILE…` runs
 * just those, in one process, as before. */

/** One `deno test` process: its name (the output prefix) and what it runs. */
export interface Lane {
  readonly name: string;
  readonly paths: string[];
}

/** Folders of `tests/` that run as lanes of their own, in this order; every other entry runs in the "unit" lane. */
const OWN_LANES = ["e2e", "shield"];

/** The lanes for the entries of `tests/`: `e2e/` and `shield/` each alone, everything else together. */
export function splitLanes(entries: readonly string[], root = "tests"): Lane[] {
  const own = OWN_LANES.filter((name) => entries.includes(name)).map((name) => ({
    name,
    paths: [`${root}/${name}/`],
  }));
  const rest = entries.filter((entry) => !OWN_LANES.includes(entry)).map((entry) => `${root}/${entry}`)
    .sort();
  return [...own, { name: "unit", paths: rest }];
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
): Promise<{ passed: number; failed: number }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["test", "--allow-all", "--no-check=remote", ...flags, ...lane.paths],
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
  const results = await Promise.all(lanes.map((lane) => runLane(lane, flags, lanes.length > 1)));
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
