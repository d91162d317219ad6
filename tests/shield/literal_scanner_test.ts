/** The literal automaton never misses a literal that occurs in a text (it may report look-alikes). */

import assert from "node:assert/strict";
import { LiteralScanner } from "../../src/shield/literal_scanner.ts";

function found(scanner: LiteralScanner, text: string, size: number): Set<number> {
  const ids: number[] = [];
  scanner.scan(text, new Int32Array(size), 1, ids);
  return new Set(ids);
}

Deno.test("literal scanner reports every literal contained in the text", () => {
  const literals = [
    "rm",
    "curl",
    "/etc/shadow",
    ".ssh/id_rsa",
    "base64",
    "нет",
    "règles",
    "a",
    "sk-",
    "1.2.3.4",
  ];
  const scanner = new LiteralScanner(literals, literals.map((_literal, index) => index));
  const alphabet = "rmcul/etshadow.id_sab64нетègl-1234 ";
  for (let i = 0; i < 5_000; i++) {
    let text = "";
    for (let k = 0; k < (i % 40); k++) text += alphabet[(i * 13 + k * 7 + ((i >> 2) * k)) % alphabet.length];
    text += i % 3 === 0 ? literals[i % literals.length] : "";
    const ids = found(scanner, text, literals.length);
    literals.forEach((literal, id) => {
      if (text.includes(literal)) assert.ok(ids.has(id), `missed ${literal} in ${JSON.stringify(text)}`);
    });
  }
});

Deno.test("literal scanner reports each id once and shares ids between literals", () => {
  const scanner = new LiteralScanner(["curl", "wget", "nc"], [0, 0, 1]);
  const ids: number[] = [];
  scanner.scan("curl x | wget y; nc z; nc", new Int32Array(2), 7, ids);
  assert.deepEqual(ids.sort(), [0, 1]);
  assert.deepEqual([...found(scanner, "hello world", 2)], []);
});
