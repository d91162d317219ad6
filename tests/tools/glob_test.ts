import assert from "node:assert/strict";
import { globToRegExp } from "../../src/tools/glob.ts";

Deno.test("globToRegExp matches *, ?, character classes and braces", () => {
  const cases: [string, string, boolean][] = [
    ["*.ts", "main.ts", true],
    ["*.ts", "main.tsx", false],
    ["*.ts", "dir/main.ts", false],
    ["file?.md", "file1.md", true],
    ["file?.md", "file12.md", false],
    ["[ab]*.txt", "apple.txt", true],
    ["[!ab]*.txt", "apple.txt", false],
    ["*.{js,ts}", "x.js", true],
    ["*.{js,ts}", "x.py", false],
    ["src/**/*.ts", "src/a.ts", true],
    ["src/**/*.ts", "src/deep/er/a.ts", true],
    ["src/**/*.ts", "lib/a.ts", false],
    ["a.b", "axb", false],
  ];
  for (const [glob, name, expected] of cases) {
    assert.equal(globToRegExp(glob).test(name), expected, `${glob} ~ ${name}`);
  }
});
