import { assert, assertEquals } from "../support/assert.ts";
import { unifiedDiff } from "../../src/lib/text_diff.ts";

const diffNamed = (name: string, before: string, after: string) =>
  unifiedDiff(before, after, { oldLabel: `a/${name}`, newLabel: `b/${name}` });

/** Old and new text rebuilt from the hunks of a diff of full-context-free texts (every line in some hunk). */
function sides(diff: string): { before: string[]; after: string[] } {
  const before: string[] = [];
  const after: string[] = [];
  for (const line of diff.split("\n").slice(2)) {
    if (line === "" || line.startsWith("@@")) continue;
    if (line.startsWith("\\")) continue;
    if (line[0] !== "+") before.push(line.slice(1));
    if (line[0] !== "-") after.push(line.slice(1));
  }
  return { before, after };
}

Deno.test("unifiedDiff writes hunks like diff -u, with context and the no-newline marker", () => {
  const before = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";
  const after = "one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\n";
  assertEquals(
    diffNamed("a.txt", before, after),
    "--- a/a.txt\n+++ b/a.txt\n@@ -1,5 +1,5 @@\n one\n-two\n+TWO\n three\n four\n five\n" +
      "@@ -8,3 +8,4 @@\n eight\n nine\n ten\n+eleven\n",
  );
  assertEquals(
    diffNamed("b.txt", "a\nb\nc", "a\nc\nd\n"),
    "--- a/b.txt\n+++ b/b.txt\n@@ -1,3 +1,3 @@\n a\n-b\n-c\n\\ No newline at end of file\n+c\n+d\n",
  );
  assertEquals(diffNamed("same.txt", "x\n", "x\n"), "");
});

Deno.test("unifiedDiff keeps every changed line: random texts are rebuilt from the diff's two sides", () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let round = 0; round < 200; round++) {
    const make = () =>
      Array.from({ length: Math.floor(random() * 30) }, () => "abcde"[Math.floor(random() * 5)]);
    const a = make();
    const b = random() < 0.5 ? make() : a.map((line) => (random() < 0.2 ? line + "!" : line));
    const diff = diffNamed("f", a.map((l) => l + "\n").join(""), b.map((l) => l + "\n").join(""));
    if (a.join() === b.join()) {
      assertEquals(diff, "");
      continue;
    }
    // With all lines as context the sides are the whole texts; with hunks they are subsequences in order.
    const { before, after } = sides(diff);
    assert(isSubsequence(before, a) && isSubsequence(after, b), `round ${round}`);
    const removed = diff.split("\n").filter((l) => l.startsWith("-") && !l.startsWith("---")).length;
    const added = diff.split("\n").filter((l) => l.startsWith("+") && !l.startsWith("+++")).length;
    assertEquals(
      a.length - removed,
      b.length - added,
      "the unchanged lines are the same count on both sides",
    );
  }
});

Deno.test("unifiedDiff of texts too different for a minimal script still shows every line", () => {
  const before = Array.from({ length: 3000 }, (_, i) => `old ${i}`).join("\n") + "\n";
  const after = Array.from({ length: 3000 }, (_, i) => `new ${i}`).join("\n") + "\n";
  const diff = diffNamed("big.txt", before, after);
  const lines = diff.split("\n");
  assertEquals(lines.filter((l) => l.startsWith("-old")).length, 3000);
  assertEquals(lines.filter((l) => l.startsWith("+new")).length, 3000);
});

function isSubsequence(part: string[], whole: string[]): boolean {
  let index = 0;
  for (const line of whole) if (index < part.length && part[index] === line) index++;
  return index === part.length;
}

Deno.test("unifiedDiff over its edit bound can summarise instead (Chronicle's choice)", () => {
  const before = Array.from({ length: 50 }, (_, i) => `old ${i}\n`).join("");
  const after = Array.from({ length: 60 }, (_, i) => `new ${i}\n`).join("");
  const options = { oldLabel: "a/f (snapshot s1)", newLabel: "b/f (now)", maxEdits: 10 };
  assertEquals(
    unifiedDiff(before, after, { ...options, overBudget: "summary" }),
    "--- a/f (snapshot s1)\n+++ b/f (now)\n@@ too many changes to show: 50 lines before, 60 after @@\n",
  );
  const replaced = unifiedDiff(before, after, options);
  assertEquals(replaced.split("\n").filter((line) => line.startsWith("-old")).length, 50);
  assertEquals(replaced.split("\n").filter((line) => line.startsWith("+new")).length, 60);
});
