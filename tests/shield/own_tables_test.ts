/** Shield's lookup tables are read with names an attacker picks; a plain object literal answers `constructor` or
 * `toString` with a built-in function (prototype_keys_test.ts shows the harm). So a table declared as a
 * `Record<string, …>` object literal anywhere in src/shield must be made with `ownTable` (no prototype) or be a Map,
 * unless it is only ever iterated (listed below with the reason). */

import { assertEquals } from "../support/assert.ts";

async function* sources(folder: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(folder)) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory) yield* sources(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}

const ITERATED_ONLY = new Set([
  // Turned into a Map of entries at load (argument_keys.ts SYNONYM_ENTRIES); never indexed by a name.
  "src/shield/argument_keys.ts KEY_SYNONYMS",
]);
const PLAIN_TABLE = /^(?:export )?const ([A-Za-z_0-9]+): [^=\n]*Record<string[^=\n]*= \{/gm;

Deno.test("no lookup table in src/shield is a plain object literal", async () => {
  const plain: string[] = [];
  for await (const path of sources("src/shield")) {
    const text = await Deno.readTextFile(path);
    for (const match of text.matchAll(PLAIN_TABLE)) {
      const name = `${path} ${match[1]}`;
      if (!ITERATED_ONLY.has(name)) plain.push(name);
    }
  }
  assertEquals(plain, []);
});
