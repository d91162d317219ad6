/** The test runner's lanes and summary: every entry of `tests/` runs in exactly one lane, and the final counts are
 * the lanes' sums, with a lane that died before its summary counted as failed. */

import { assertEquals } from "../support/assert.ts";
import {
  isTestFile,
  laneArgs,
  laneCounts,
  lines,
  splitLanes,
  summaryOf,
  testFilesUnder,
  togetherSource,
} from "../../scripts/run_tests.ts";

Deno.test("run_tests: e2e and shield are lanes of their own; every other entry of tests/ is in the third, once", () => {
  const lanes = splitLanes(["shield", "e2e", "support", "top_test.ts", "app"]);
  assertEquals(lanes, [
    { name: "e2e", paths: ["tests/e2e/"] },
    { name: "shield", paths: ["tests/shield/"], together: true },
    { name: "unit", paths: ["tests/app", "tests/support", "tests/top_test.ts"] },
  ]);
  assertEquals(splitLanes(["app", "e2e"]), [
    { name: "e2e", paths: ["tests/e2e/"] },
    { name: "unit", paths: ["tests/app"] },
  ]);
});

Deno.test("run_tests: the summary is deno's last summary line, colours or not", () => {
  assertEquals(summaryOf("\x1b[32mok\x1b[0m | 12 passed (3 steps) | 0 failed \x1b[38;5;245m(1s)\x1b[0m"), {
    passed: 12,
    failed: 0,
  });
  assertEquals(summaryOf("x | 1 passed | 0 failed\nFAILED | 10 passed | 2 failed (9s)\n"), {
    passed: 10,
    failed: 2,
  });
  assertEquals(summaryOf("error: Type checking failed."), undefined);
});

Deno.test("run_tests: a lane that failed without a summary counts one failure; a passing lane none", () => {
  assertEquals(laneCounts(false, "error: Module not found"), { passed: 0, failed: 1 });
  assertEquals(laneCounts(false, "FAILED | 3 passed | 2 failed (1s)"), { passed: 3, failed: 2 });
  assertEquals(laneCounts(true, "ok | 7 passed | 0 failed (1s)"), { passed: 7, failed: 0 });
});

Deno.test("run_tests: lines splits a stream at newlines across chunks and keeps a last unterminated line", async () => {
  const encoder = new TextEncoder();
  const stream = ReadableStream.from(["ab", "c\nd", "e\n\nf"].map((text) => encoder.encode(text)));
  assertEquals(await Array.fromAsync(lines(stream)), ["abc", "de", "", "f"]);
});

Deno.test("run_tests: test files are named as deno test names them", () => {
  for (const name of ["a_test.ts", "a.test.ts", "test.ts", "a_b_test.mts", "x.test.jsx"]) {
    assertEquals(isTestFile(name), true, name);
  }
  for (const name of ["a_test.json", "atest.ts", "test_a.ts", "a_test.ts.bak", "fixture.ts", "a_tests.ts"]) {
    assertEquals(isTestFile(name), false, name);
  }
});

Deno.test("run_tests: a together lane runs every test file of its folders, each once, in deno's order", async () => {
  const root = await Deno.makeTempDir();
  try {
    for (const dir of ["tests/shield/effects", "tests/shield/cases"]) {
      await Deno.mkdir(`${root}/${dir}`, { recursive: true });
    }
    for (const file of ["b_test.ts", "a_test.ts", "fixture.ts", "effects/c_test.ts", "cases/x.jsonl"]) {
      await Deno.writeTextFile(`${root}/tests/shield/${file}`, "");
    }
    const files = await testFilesUnder(`${root}/tests/shield/`);
    assertEquals(
      files,
      ["a_test.ts", "b_test.ts", "effects/c_test.ts"].map((f) => `${root}/tests/shield/${f}`),
    );
    const [lane] = splitLanes(["shield"], "tests");
    const args = await laneArgs(lane, root, root);
    assertEquals(args, ["--config", `${root}/deno.json`, `${root}/shield_lane.ts`]);
    const source = await Deno.readTextFile(`${root}/shield_lane.ts`);
    assertEquals(source, togetherSource(files));
    assertEquals(
      source.split("\n").filter((line) => line.startsWith("import ")),
      files.map((file) => `import "file://${file}";`),
    );
    const plain = await laneArgs({ name: "e2e", paths: ["tests/e2e/"] }, root, root);
    assertEquals(plain, ["tests/e2e/"]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
