/** Chronicle benchmark: snapshot cost for one 1 MB file and for a 10,000-file workspace, vs `cp -r`. */
import { openChronicle } from "../src/chronicle/chronicle.ts";
import { systemClock } from "../src/lib/clock.ts";

const FILES = 10_000;

async function time<T>(task: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

async function cpBaseline(source: string, target: string): Promise<number> {
  return await time(async () => {
    const result = await new Deno.Command("cp", { args: ["-r", source, target] }).output();
    if (!result.success) throw new Error(`cp -r failed: ${new TextDecoder().decode(result.stderr)}`);
  });
}

async function oneMegabyte(root: string): Promise<void> {
  const workspace = `${root}/one`;
  await Deno.mkdir(workspace);
  const bytes = new Uint8Array(1024 * 1024).map((_, i) => (i * 7919) % 251);
  await Deno.writeFile(`${workspace}/big.bin`, bytes);
  const chronicle = await openChronicle({ workspace, clock: systemClock });
  const request = { sessionId: "bench", actionId: "a", toolName: "write_file", paths: ["big.bin"] };
  const first = await time(() => chronicle.snapshot(request));
  const second = await time(() => chronicle.snapshot(request));
  const copy = await time(() => Deno.copyFile(`${workspace}/big.bin`, `${root}/big.copy`));
  console.log(`1 MB file: first snapshot ${first.toFixed(1)} ms, unchanged again ${second.toFixed(1)} ms`);
  console.log(
    `baseline Deno.copyFile of the file: ${copy.toFixed(1)} ms; ratio first/copy ${
      (first / copy).toFixed(2)
    }`,
  );
}

async function tenThousandFiles(root: string): Promise<void> {
  const workspace = `${root}/tree`;
  for (let dir = 0; dir < 100; dir++) {
    await Deno.mkdir(`${workspace}/pkg_${dir}/src`, { recursive: true });
    await Promise.all(
      Array.from({ length: FILES / 100 }, (_, i) =>
        Deno.writeTextFile(
          `${workspace}/pkg_${dir}/src/file_${i}.ts`,
          `export const value${i} = ${dir * 1000 + i};\n`.repeat(20),
        )),
    );
  }
  const baseline = await cpBaseline(workspace, `${root}/tree_copy`);
  const chronicle = await openChronicle({ workspace, clock: systemClock });
  const request = { sessionId: "bench", actionId: "a", toolName: "execute_command", paths: "*" as const };
  const first = await time(() => chronicle.snapshot(request));
  // Wait out the racy-timestamp window so the second snapshot may trust unchanged stats, as in real use.
  await new Promise((resolve) => setTimeout(resolve, 2100));
  await Deno.writeTextFile(`${workspace}/pkg_0/src/file_0.ts`, "changed\n");
  const second = await time(() => chronicle.snapshot(request));
  const diff = await time(() => chronicle.diff(chronicle.list()[0].id));
  console.log(
    `${FILES}-file workspace: first snapshot ${first.toFixed(0)} ms, second (1 file changed) ${
      second.toFixed(0)
    } ms`,
  );
  console.log(`baseline cp -r of the same tree: ${baseline.toFixed(0)} ms`);
  console.log(`ratio first/cp ${(first / baseline).toFixed(2)}, second/cp ${(second / baseline).toFixed(2)}`);
  console.log(`diff of the first snapshot against the tree: ${diff.toFixed(0)} ms`);
}

const root = await Deno.makeTempDir({ prefix: "parapet_chronicle_bench_" });
try {
  await oneMegabyte(root);
  await tenThousandFiles(root);
} finally {
  await Deno.remove(root, { recursive: true });
}
