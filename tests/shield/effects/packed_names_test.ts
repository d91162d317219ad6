/** The popular package lists held packed (packed_names.ts): the same answers as the Sets they replace, the list's own
 * text reused rather than copied, and what building them costs in V8's heap. */
import { assert, assertEquals } from "../../support/assert.ts";
import { PackedNames } from "../../../src/shield/effects/packed_names.ts";
import {
  type Ecosystem,
  editDistance,
  farLookalikeTarget,
  isPopularPackage,
  normalName,
  popularNames,
} from "../../../src/shield/effects/package_lookalikes.ts";
import { popularNpm } from "../../../src/shield/effects/data/popular_npm.ts";
import { popularPypi } from "../../../src/shield/effects/data/popular_pypi.ts";
import { POPULAR_CRATES } from "../../../src/shield/effects/data/popular_crates.ts";
import { POPULAR_NPX_TOOLS } from "../../../src/shield/effects/data/popular_more.ts";
import { measuredInFreshProcess } from "../../support/fresh_process_memory.ts";

const SOURCES: Array<[Ecosystem, string, readonly string[]]> = [
  ["npm", popularNpm(), POPULAR_NPX_TOOLS],
  ["pypi", popularPypi(), []],
  ["cargo", POPULAR_CRATES, []],
];

Deno.test("packed names: membership and iteration are a Set's (first occurrences, list order, extras last)", () => {
  const names = ["react", "lodash", "react", "a", "zod", "lodash-es", "lodash"];
  const extra = ["zod", "tsx", "tsx"];
  const packed = PackedNames.of(names, extra);
  const set = new Set([...names, ...extra]);
  assertEquals([...packed], [...set]);
  for (const name of [...set, "", "l", "lodas", "lodash-", "reacts", "zz", "@types/node"]) {
    assertEquals(packed.has(name), set.has(name), name);
  }
  assertEquals(packed.indexOf("lodash"), 1);
  assertEquals(packed.indexOf("tsx"), names.length + 1);
  assertEquals([...PackedNames.of([])], []);
});

Deno.test("packed names: a list's own text is used as it is; a text with empty names is refused", () => {
  const text = "\nreact lodash\nzod\n";
  const packed = PackedNames.fromText(text);
  assert(packed !== undefined && packed.text === text);
  assertEquals([...packed], ["react", "lodash", "zod"]);
  assertEquals(text.slice(packed.startOf(1), packed.endOf(1)), "lodash");
  for (const bad of ["react lodash\n", "\nreact  lodash\n", "\nreact lodash", ""]) {
    assertEquals(PackedNames.fromText(bad), undefined, JSON.stringify(bad));
  }
});

Deno.test("popular lists: one name per separator in normal form, so Shield holds each list's text once", () => {
  for (const [ecosystem, source] of SOURCES) {
    const names = source.split(/\s+/).filter(Boolean);
    assertEquals(names.filter((name) => normalName(ecosystem, name) !== name), [], ecosystem);
    assert(
      PackedNames.fromText(source) !== undefined,
      `${ecosystem}: a separator, then each name and one separator`,
    );
  }
});

Deno.test("popular lists: the packed lists answer as Sets built from the data do", () => {
  for (const [ecosystem, source, extra] of SOURCES) {
    const names = source.split(/\s+/).filter(Boolean).map((name) => normalName(ecosystem, name));
    const set = new Set([...names, ...extra]);
    assertEquals([...popularNames(ecosystem)], [...set], ecosystem);
    for (const name of [...set].slice(0, 3000)) {
      assert(isPopularPackage(ecosystem, name), name);
      const near = [name.slice(1), `${name}x`, name.slice(0, -1), `x${name}`];
      for (const other of near) assertEquals(isPopularPackage(ecosystem, other), set.has(other), other);
    }
  }
  // One edit from a name past the 2,000 compared targets: found in place in the packed text, the first of the
  // name's length minus one, the same and plus one, as the arrays of strings gave.
  const npm = popularNpm().split(/\s+/).filter(Boolean);
  const past = npm.slice(2000);
  let found = 0;
  for (const name of past.filter((name) => name.length >= 8 && /^[a-z]+$/.test(name)).slice(0, 40)) {
    const typo = `${name.slice(0, 3)}${name[4]}${name[3]}${name.slice(5)}`;
    if (npm.includes(typo)) continue;
    let expected: string | undefined;
    for (let length = typo.length - 1; length <= typo.length + 1 && !expected; length++) {
      expected = past.find((other) => other.length === length && editDistance(typo, other, 1) <= 1);
    }
    assertEquals(farLookalikeTarget("npm", typo), expected, typo);
    if (expected) found++;
  }
  assert(found >= 20, `${found} far lookalikes found`);
});

Deno.test("editDistance: a window of the second text is compared as that text would be", () => {
  const text = "\nreact lodash-es zod\n";
  assertEquals(editDistance("lodahs-es", text, 2, 7, 16), editDistance("lodahs-es", "lodash-es", 2));
  assertEquals(editDistance("lodash-es", text, 1, 7, 16), 0);
  assertEquals(editDistance("zdo", text, 1, 17, 20), editDistance("zdo", "zod", 1));
});

Deno.test("popular lists: building them takes well under the 1.7 MB of heap and buffers the Sets took", async () => {
  // A fresh process with the engine's V8 flags: heap and array buffers after full collections on both sides of a
  // timer (collections within the task that built the lists sometimes keep its garbage), before and after the npm and PyPI lists are built (the Sets, maps and arrays of
  // strings took 1.66 MB; packed, 1.05 MB, the lists' text included).
  const script = `
    const { isPopularPackage } = await import(${
    JSON.stringify(import.meta.resolve("../../../src/shield/effects/package_lookalikes.ts"))
  });
    const used = async () => { gc(); await new Promise((done) => setTimeout(done, 10)); gc(); gc(); const m = Deno.memoryUsage(); return m.heapUsed + m.external; };
    const before = await used();
    isPopularPackage("npm", "x"); isPopularPackage("pypi", "x");
    console.log(await used() - before);`;
  const megabytes = await measuredInFreshProcess(script) / 1e6;
  assert(megabytes < 1.3, `building the popular lists took ${megabytes.toFixed(2)} MB`);
});
