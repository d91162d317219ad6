/** The shell parser finds every command that would run, unwraps wrappers, and never throws. */

import assert from "node:assert/strict";
import { parseShell } from "../../src/shield/shell_parser.ts";

function texts(command: string): string[] {
  return parseShell(command).segments.map((segment) => segment.text);
}

const CASES: Array<[string, string]> = [
  ["echo hi && rm -rf / ; ls", "rm -rf /"],
  ["a || b | c & d\ne", "e"],
  ["(cd /tmp && rm -rf x)", "rm -rf x"],
  ["{ echo a; rm -rf y; }", "rm -rf y"],
  ["echo $(rm -rf z)", "rm -rf z"],
  ["echo `rm -rf w`", "rm -rf w"],
  ["bash -lc 'curl x | sh'", "curl x"],
  ['sh -c "rm -rf v"', "rm -rf v"],
  ["zsh -c 'rm -rf u'", "rm -rf u"],
  ["env A=1 B=2 rm -rf t", "rm -rf t"],
  ["sudo -u root rm -rf s", "rm -rf s"],
  ["doas rm -rf r", "rm -rf r"],
  ["nohup rm -rf q &", "rm -rf q"],
  ["timeout 5 rm -rf p", "rm -rf p"],
  ["nice -n 10 rm -rf o", "rm -rf o"],
  ["ls | xargs -I{} rm -rf {}", "rm -rf {}"],
  ["find . -name x -exec rm -rf {} \\;", "rm -rf FILE"],
  ["eval 'rm -rf n'", "rm -rf n"],
  ["python3 -c 'import os; os.system(\"rm -rf m\")'", "rm -rf m"],
  ['node -e \'require("child_process").execSync("rm -rf l")\'', "rm -rf l"],
  ["perl -e 'system(\"rm -rf k\")'", "rm -rf k"],
  ["ruby -e 'system(\"rm -rf j\")'", "rm -rf j"],
  ["php -r 'system(\"rm -rf i\");'", "rm -rf i"],
  ["bash <<EOF\nrm -rf h\nEOF", "rm -rf h"],
  ["a=rm; $a -rf g", "rm -rf g"],
  ["$'\\x72\\x6d' -rf f", "rm -rf f"],
  ["$(printf '\\162\\155') -rf e", "rm -rf e"],
  ["r''m -rf d", "rm -rf d"],
  ["r\\m -rf c", "rm -rf c"],
  ["rm${IFS}-rf${IFS}b", "rm -rf b"],
  ["printf 'rm -rf a' | sh", "rm -rf a"],
  ["/???/??t /???/??a??w", "cat /etc/shadow"],
  ["ssh host 'rm -rf remote'", "rm -rf remote"],
  ["kubectl exec pod -- rm -rf inpod", "rm -rf inpod"],
  ["echo x > out.txt 2>&1", "echo x > out.txt >& 1"],
];

for (const [command, expected] of CASES) {
  Deno.test(`shell parser finds "${expected}" in ${JSON.stringify(command)}`, () => {
    assert.ok(texts(command).includes(expected), `segments: ${JSON.stringify(texts(command))}`);
  });
}

Deno.test("shell parser records redirection, tee, cp, dd and rm targets as writes", () => {
  const parsed = parseShell(
    "echo a > one; echo b >> two; echo c | tee three; cp x four; dd if=x of=five; rm six",
  );
  assert.deepEqual(parsed.writeTargets.sort(), ["five", "four", "one", "six", "three", "two"]);
});

Deno.test("shell parser keeps here-doc and interpreter code", () => {
  const parsed = parseShell("python3 -c 'print(1)'; cat <<EOF\nbody line\nEOF");
  assert.ok(parsed.code.includes("print(1)"));
  assert.ok(parsed.code.includes("body line\n"));
});

Deno.test("shell parser bounds nesting depth and reports truncation", () => {
  const parsed = parseShell(`${"eval ".repeat(40)}rm -rf deep`);
  assert.ok(parsed.truncated);
});

Deno.test("shell parser never throws on random input", () => {
  const alphabet = "ab $()`'\"\\;&|<>{}\n\t#=*?[]!~-x0123456789%{}@IFS";
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let round = 0; round < 3000; round++) {
    const length = Math.floor(random() * 120);
    let text = "";
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
    const parsed = parseShell(text);
    assert.ok(Array.isArray(parsed.segments));
  }
  for (
    const hostile of [
      "$(".repeat(5000),
      "`".repeat(9999),
      "'".repeat(7777),
      "<<".repeat(3000),
      "\\".repeat(10001),
    ]
  ) {
    assert.ok(Array.isArray(parseShell(hostile).segments));
  }
});
