// Round 24 of speed: an action's paths are told apart by comparison when few (a set per call cost more), and its
// reads are its paths less those it writes. Both must answer as the sets did: each absolute path once, the first seen
// kept, in order, whatever the number of paths, and no written path read.
import assert from "node:assert/strict";
import { classed, unwrittenPaths } from "../../../src/shield/effects/local_effects.ts";
import type { NormalPath } from "../../../src/shield/paths.ts";
import { environment, viewOf } from "./gate_fixture.ts";
import { loadCorpus } from "../../../bench/shield_actions.ts";

const path = (absolute: string, relative?: string): NormalPath => ({ absolute, relative });

/** The sets' answers, as the effect profile worked them out before. */
function bySet(paths: NormalPath[]): NormalPath[] {
  const seen = new Set<string>();
  return paths.filter((entry) => !seen.has(entry.absolute) && seen.add(entry.absolute) !== undefined);
}
const unwrittenBySet = (paths: NormalPath[], written: NormalPath[]) => {
  const set = new Set(written.map((entry) => entry.absolute));
  return paths.filter((entry) => !set.has(entry.absolute));
};

Deno.test("few and many paths: each absolute path once, the first kept, in order", () => {
  for (const count of [1, 3, 8, 9, 20]) {
    const paths: NormalPath[] = [];
    for (let k = 0; k < count; k++) {
      // Each path twice, the second time with another relative form (the first is kept), then once more reversed.
      paths.push(path(`/home/dev/project/f${k}`, `f${k}`), path(`/home/dev/project/f${k}`, `./f${k}`));
    }
    paths.push(...[...paths].reverse());
    const got = classed(paths, environment).map((entry) => entry.path);
    assert.deepEqual(got, bySet(paths), `${count} paths`);
    assert.equal(got.length, count);
    assert.ok(got.every((entry) => entry.relative?.startsWith("f")));
  }
});

Deno.test("reads are the paths not written, by absolute form, for few and many writes", () => {
  for (const count of [1, 8, 9, 30]) {
    const written = Array.from({ length: count }, (_, k) => path(`/home/dev/project/w${k}`, `w${k}`));
    const writes = classed(written, environment);
    const paths = [
      ...written.map((entry) => path(entry.absolute, undefined)),
      path("/home/dev/project/r"),
      path("/home/dev/.ssh/id_rsa"),
      path(`/home/dev/project/w${count}`),
    ];
    assert.deepEqual(unwrittenPaths(paths, writes), unwrittenBySet(paths, written), `${count} writes`);
    assert.equal(unwrittenPaths(paths, writes).length, 3);
  }
  const paths = [path("/tmp/a")];
  assert.equal(unwrittenPaths(paths, []), paths);
});

Deno.test("over the corpus, reads and writes are classed as the sets classed them", async () => {
  let compared = 0;
  for (const action of await loadCorpus()) {
    const view = viewOf(action);
    const writes = classed(view.writePaths, environment);
    assert.deepEqual(writes.map((entry) => entry.path), bySet(view.writePaths));
    const reads = classed(unwrittenPaths(view.paths, writes), environment).map((entry) => entry.path);
    assert.deepEqual(reads, bySet(unwrittenBySet(view.paths, view.writePaths)));
    compared += view.paths.length;
  }
  assert.ok(compared > 500);
});
