import assert from "node:assert/strict";
import { GlobError, globSource, globToRegExp, matchesGlob } from "../../src/lib/glob.ts";

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
    ["*.{j{s,sx},ts}", "x.jsx", true],
    ["src/**/*.ts", "src/a.ts", true],
    ["src/**/*.ts", "src/deep/er/a.ts", true],
    ["src/**/*.ts", "lib/a.ts", false],
    ["a.b", "axb", false],
    ["a\\*b", "a*b", true],
    ["a\\*b", "axb", false],
  ];
  for (const [glob, name, expected] of cases) {
    assert.equal(globToRegExp(glob).test(name), expected, `${glob} ~ ${name}`);
  }
});

Deno.test("** spans directories; a trailing /** also matches the directory itself", () => {
  assert.ok(matchesGlob("**/.env", "/srv/ws/.env"));
  assert.ok(matchesGlob("**/.env", ".env"));
  assert.ok(!matchesGlob("**/.env", "/srv/ws/a.env"));
  assert.ok(matchesGlob("/home/a/.ssh/**", "/home/a/.ssh"));
  assert.ok(matchesGlob("/home/a/.ssh/**", "/home/a/.ssh/keys/id_rsa"));
  assert.ok(!matchesGlob("/home/a/.ssh/**", "/home/a/.sshx"));
  assert.ok(matchesGlob("/etc/*.conf", "/etc/a.conf"));
  assert.ok(!matchesGlob("/etc/*.conf", "/etc/x/a.conf"));
  assert.ok(matchesGlob("**/*.{pem,key}", "/a/b.key"));
});

Deno.test("name globs: * crosses dots and slashes, brackets are literal", () => {
  const name = { kind: "name" } as const;
  assert.ok(matchesGlob("*.example.com", "API.example.com", name));
  assert.ok(!matchesGlob("*.example.com", "example.com.evil.net", name));
  assert.ok(matchesGlob("mcp__*", "mcp__fs__read", name));
  assert.ok(matchesGlob("127.*", "127.0.0.1", name));
  assert.ok(matchesGlob("[::1]", "[::1]", name));
  assert.ok(!matchesGlob("[::1]", ":", name));
});

// The case rule, decided once for every caller (src/lib/glob.ts): paths that differ only in case match alike.
Deno.test("every glob ignores case: paths that differ only in case match the same patterns", () => {
  const pairs: [string, string, string][] = [
    ["~/.ssh/**", "~/.ssh/id_rsa", "~/.SSH/ID_RSA"],
    ["**/.env", "/srv/ws/.env", "/srv/ws/.ENV"],
    ["**/*.pem", "/srv/ws/server.pem", "/srv/ws/Server.PEM"],
    ["/etc/shadow", "/etc/shadow", "/ETC/Shadow"],
    ["*.md", "notes.md", "NOTES.MD"],
  ];
  for (const [glob, lower, mixed] of pairs) {
    assert.ok(globToRegExp(glob).test(lower), `${glob} ~ ${lower}`);
    assert.ok(globToRegExp(glob).test(mixed), `${glob} ~ ${mixed}`);
  }
  assert.ok(matchesGlob("*.Example.COM", "api.example.com", { kind: "name" }));
});

Deno.test("unclosed [ and { are errors naming the glob", () => {
  assert.throws(
    () => globSource("a[bc"),
    (error) => error instanceof GlobError && /"a\[bc"/.test(error.message),
  );
  assert.throws(
    () => globSource("{a,b"),
    (error) => error instanceof GlobError && /Unclosed "\{"/.test(error.message),
  );
});
