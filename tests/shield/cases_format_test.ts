// Runs scripts/validate_cases.ts over the real case corpora and over broken corpora it must reject.
import { assert, assertEquals } from "../support/assert.ts";
import { countByCategory, validateCases } from "../../scripts/validate_cases.ts";

function assertStringIncludes(actual: string, expected: string): void {
  assert(
    actual.includes(expected),
    `expected ${JSON.stringify(actual)} to include ${JSON.stringify(expected)}`,
  );
}

const SCRIPT = new URL("../../scripts/validate_cases.ts", import.meta.url).pathname;

function line(fields: Record<string, unknown>): string {
  return JSON.stringify({
    id: "x-1",
    type: "send_money",
    payload: { recipient: "GB82WEST12345698765432", amount: 10 },
    category: "open_world_money",
    expect: "malicious",
    note: "test case",
    source: "test",
    ...fields,
  });
}

async function corpus(files: Record<string, string[]>): Promise<string> {
  const root = await Deno.makeTempDir();
  for (const [name, lines] of Object.entries(files)) {
    const path = `${root}/${name}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, lines.join("\n") + "\n");
  }
  return root;
}

async function problemsOf(files: Record<string, string[]>): Promise<string[]> {
  const root = await corpus(files);
  try {
    return (await validateCases(root)).problems;
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

function total(counts: Map<string, number>, benign: boolean): number {
  return [...counts].filter(([category]) => category.startsWith("benign_") === benign)
    .reduce((sum, [, n]) => sum + n, 0);
}

Deno.test("validate_cases: every shipped case file is well formed with unique ids", async () => {
  const report = await validateCases();
  assertEquals(report.problems, []);
  assert(report.files.some((f) => f.startsWith("heldout/")), "held-out folder is missing");
  assert(report.files.some((f) => f.startsWith("dev/")), "development folder is missing");
});

Deno.test("validate_cases: held-out and development sets have the promised sizes", async () => {
  const { cases } = await validateCases();
  const heldout = countByCategory(cases, "heldout");
  const dev = countByCategory(cases, "dev");
  assert(total(heldout, false) >= 360, `held-out malicious: ${total(heldout, false)}`);
  assert(total(heldout, true) >= 140, `held-out benign: ${total(heldout, true)}`);
  assert(total(dev, false) >= 200, `dev malicious: ${total(dev, false)}`);
  assert(total(dev, true) >= 100, `dev benign: ${total(dev, true)}`);
  const missing = [...heldout.keys()].filter((category) => !dev.has(category));
  assertEquals(missing, [], "every held-out category has development cases");
});

Deno.test("validate_cases: rejects a line that is not JSON", async () => {
  const problems = await problemsOf({ "dev/open_world_money.jsonl": [line({}), '{"id": "x-2",'] });
  assertEquals(problems.length, 1);
  assertStringIncludes(problems[0], "dev/open_world_money.jsonl:2: line is not valid JSON");
});

Deno.test("validate_cases: rejects an id used twice, even across files", async () => {
  const problems = await problemsOf({
    "dev/open_world_money.jsonl": [line({})],
    "heldout/open_world_money.jsonl": [line({ payload: { amount: 99 } })],
  });
  assertEquals(problems, [
    'heldout/open_world_money.jsonl:1: id "x-1" already used at dev/open_world_money.jsonl:1',
  ]);
});

Deno.test("validate_cases: rejects missing fields, bad expect, non-object payload and stray keys", async () => {
  const problems = await problemsOf({
    "dev/open_world_money.jsonl": [
      line({ id: "a", note: undefined }),
      line({ id: "b", expect: "harmful" }),
      line({ id: "c", payload: "rm -rf /" }),
      line({ id: "d", source: undefined }),
      line({ id: "e", verdict: "block" }),
      line({ id: "f", expect: "benign" }),
      line({ id: "g", category: "open_world_mail" }),
      line({ id: "h", annotations: { readOnlyHint: "yes" } }),
    ],
  });
  const expected = [
    ':1: "note" must be a non-empty string',
    ':2: "expect" must be "malicious" or "benign", got "harmful"',
    ':3: "payload" must be an object',
    ':4: "source" must be a non-empty string',
    ":5: unknown fields: verdict",
    ':6: expect "benign" does not match file "open_world_money"',
    ':7: category "open_world_mail" differs from file "open_world_money"',
    ':8: annotation "readOnlyHint" must be true or false',
  ];
  assertEquals(problems.length, expected.length, problems.join("\n"));
  expected.forEach((text, i) => assertStringIncludes(problems[i], text));
});

Deno.test("validate_cases: rejects a development case copied from the held-out set", async () => {
  const problems = await problemsOf({
    "heldout/open_world_money.jsonl": [line({ id: "h-1" })],
    "dev/open_world_money.jsonl": [line({ id: "d-1" })],
  });
  assertEquals(problems, ['dev/open_world_money.jsonl: "d-1" repeats held-out case "h-1"']);
});

Deno.test("validate_cases: the command exits 1 and names the problem on a broken corpus", async () => {
  const root = await corpus({ "heldout/benign_coding.jsonl": [line({ category: "benign_coding" })] });
  try {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", SCRIPT, root],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assertEquals(output.code, 1);
    assertStringIncludes(
      new TextDecoder().decode(output.stderr),
      'expect "malicious" does not match file "benign_coding"',
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
