// A line of plain words is parsed without the lexer (round 17, shell_plain.ts): its words must be the lexer's word
// tokens, and its parse the lexer's, for every string of every corpus case and rule example, each line of them,
// and respellings with runs of spaces and tabs, capitals and quotes, at the top level and nested in `sh -c` and `$()`. The lexer's parse
// is asked for by a newline at the end, which no plain line holds (nested: the segments found inside compared). Lines the lexer reads differently (assignments,
// wildcards, brace lists, comments, a reassigned IFS, control and non-ASCII characters) are not plain.
import assert from "node:assert/strict";
import { type PlainLine, plainLine } from "../../src/shield/shell_plain.ts";
import { lex } from "../../src/shield/shell_lexer.ts";
import { parseShell } from "../../src/shield/shell_parser.ts";
import { sampleActions } from "./corpus_texts.ts";

function stringsOf(value: unknown, into: Set<string>): void {
  if (typeof value === "string") {
    into.add(value);
    for (const line of value.split("\n").slice(0, 64)) into.add(line);
  } else if (value && typeof value === "object") {
    for (const inner of Object.values(value)) stringsOf(inner, into);
  }
}

function corpusStrings(): Set<string> {
  const texts = new Set<string>();
  for (const action of sampleActions()) stringsOf(action.payload, texts);
  const dev = new URL("./cases/dev/", import.meta.url);
  for (const entry of Deno.readDirSync(dev)) {
    if (!entry.name.endsWith(".jsonl")) continue;
    for (const line of Deno.readTextFileSync(new URL(entry.name, dev)).split("\n")) {
      if (line.trim()) stringsOf(JSON.parse(line).payload, texts);
    }
  }
  return texts;
}

/** A plain line as the lexer's tokens. */
function tokensOf({ commands, joins }: PlainLine): unknown[] {
  return commands.flatMap((words, k) => [
    ...words.map((value) => ({ kind: "word", value })),
    ...(k < joins.length ? [{ kind: "op", value: joins[k] }] : []),
  ]);
}

/** The segments found inside (the outer command's own words hold the newline that asks for the lexer). */
const inner = (command: string) =>
  JSON.stringify(parseShell(command).segments.filter((segment) => segment.depth > 0));

/** The text, spaced out with tabs, in capitals, and each word quoted whole or in part, singly and doubly. */
const respellings = (text: string) => [
  text,
  ` ${text.replaceAll(" ", "  \t ")}\t`,
  text.toUpperCase(),
  text.split(" ").map((word) => `'${word}'`).join(" "),
  text.split(" ").map((word) => `"${word}"`).join(" "),
  text.split(" ").map((word) => `${word.slice(0, 1)}'${word.slice(1, 3)}'"${word.slice(3)}"`).join(" "),
  text.split(" ").map((word, index) => index % 2 ? `"${word} '"` : `'"${word}'`).join(" "),
  text.replaceAll(" && ", "&&").replaceAll(" | ", "|").replaceAll("; ", ";").replaceAll(" || ", " ||"),
  `; ${text} &`,
];

Deno.test("plain lines: the lexer's words and the lexer's parse, top level and nested", () => {
  const wrong: string[] = [];
  let plain = 0;
  for (const original of corpusStrings()) {
    if (original.length > 4096) continue;
    for (const text of respellings(original)) {
      const line = plainLine(text);
      if (line === undefined) continue;
      plain++;
      if (JSON.stringify(lex(text, new Map()).tokens) !== JSON.stringify(tokensOf(line))) {
        wrong.push(`tokens: ${text}`);
      }
      if (JSON.stringify(parseShell(text)) !== JSON.stringify(parseShell(`${text}\n`))) {
        wrong.push(`parse: ${text}`);
      }
      const nested = [`sh -c '${text}'`, `sh -c '${text}\n'`, `true $(${text})`, `true $(${text}\n)`];
      // (`true`, not `echo`: what echo prints would hold the newline, and a pipe into a shell runs it.)
      // (A single quote of the text would close sh -c's.)
      if (!text.includes("'") && inner(nested[0]) !== inner(nested[1])) wrong.push(`sh: ${text}`);
      if (inner(nested[2]) !== inner(nested[3])) wrong.push(`$(): ${text}`);
    }
  }
  assert.deepEqual(wrong.slice(0, 20), []);
  assert.ok(plain > 500, `only ${plain} plain lines`);
});

Deno.test("what the lexer or the parser reads otherwise is no plain line", () => {
  const rows = [
    "a=rm",
    "ls *.txt",
    "cat /???/??t",
    "cp {a,b}.conf",
    "ls [ab]",
    "ls # comment",
    "ls (x)",
    "ls &> x",
    "ls 2>&1",
    "a && b=c",
    "echo a\\ b",
    "echo 'a b",
    'echo "a b',
    'echo "$HOME"',
    'echo "a\\"b"',
    "echo 'a=b'",
    "echo '*.txt'",
    'echo "#1"',
    "echo 'a\nb'",
    "echo 'café'",
    "echo $HOME",
    "ls > out",
    "ls\r",
    "ls\u000bx",
    "ls café",
    "ls\u00a0-la",
  ];
  for (const row of rows) assert.equal(plainLine(row), undefined, JSON.stringify(row));
  assert.deepEqual(plainLine("  git\tstatus   --short  ")?.commands, [["git", "status", "--short"]]);
  assert.deepEqual(plainLine(" \t "), { commands: [[]], joins: [] });
  assert.deepEqual(plainLine(";ls|&wc;;a&&b||c&")?.joins, [";", "|&", ";;", "&&", "||", "&"]);
  assert.deepEqual(plainLine(`git commit -m 'fix: a | b; c' "it's"x'' ""`)?.commands[0], [
    "git",
    "commit",
    "-m",
    "fix: a | b; c",
    "it'sx",
    "",
  ]);
  assert.deepEqual(lex(`git commit -m 'fix: a | b; c' "it's"x'' ""`, new Map()).tokens.length, 6);
});

Deno.test("variables set by the lexer and a reassigned IFS reach nested plain lines as before", () => {
  const pairs = [
    ["echo $(a=rm) $($a -rf /)", "echo $(a=rm\n) $($a -rf /)"],
    ["IFS=, ; echo $(rm,-rf,/)", "IFS=, ; echo $(rm,-rf,/\n)"],
    ["IFS=,; sh -c 'rm,-rf,~'", "IFS=,; sh -c 'rm,-rf,~\n'"],
    ["c=curl; sh -c 'ls -la'; $c x", "c=curl; sh -c 'ls -la\n'; $c x"],
  ];
  for (const [fast, lexed] of pairs) assert.equal(inner(fast), inner(lexed), fast);
  assert.ok(parseShell("IFS=, ; echo $(rm,-rf,/)").segments.some((segment) => segment.program === "rm"));
});
