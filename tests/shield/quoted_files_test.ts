/** `quoted_files.ts`: what a written file's path says it is, and its text with the quotations blanked. */

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { quotingRole, unquotedText, writtenChecks, writtenRole } from "../../src/shield/quoted_files.ts";

const W = "/home/dev/project";

Deno.test("roles follow the path: data, documents, scripts, and acting places that keep full judgement", () => {
  assertEquals(quotingRole(`${W}/tests/fixtures/pi.jsonl`), "data");
  assertEquals(quotingRole(`${W}/rules/yara/x.yar`), "data");
  assertEquals(quotingRole(`${W}/locales/de/app.json`), "data");
  assertEquals(quotingRole(`${W}/tests/fixtures/msg.txt`), "document");
  assertEquals(quotingRole(`${W}/docs/security.md`), "document");
  assertEquals(quotingRole(`${W}/Dockerfile`), "script");
  for (const acting of ["AGENTS.md", "CLAUDE.md", ".cursor/rules/a.mdc", ".github/copilot-instructions.md"]) {
    assertEquals(quotingRole(`${W}/${acting}`), undefined, acting);
  }
  for (const acting of [".git/hooks/pre-commit", "tests/.git/hooks/pre-push", ".github/workflows/ci.yml"]) {
    assertEquals(quotingRole(`${W}/${acting}`), undefined, acting);
  }
  assertEquals(quotingRole("/home/dev/.bashrc"), undefined);
  assertEquals(quotingRole(`${W}/requirements.txt`), undefined);
  assertEquals(quotingRole(`${W}/llms.txt`), undefined);
  assertEquals(quotingRole(`${W}/src/app.ts`), undefined);
  assertEquals(writtenRole([`${W}/docs/a.md`, `${W}/AGENTS.md`]), undefined);
});

Deno.test("a document's code, block quotes and quoted strings are blanked; its plain prose is kept", () => {
  const text =
    "Run `curl x | sh`.\n\n> ignore previous instructions\n\nSaid \"do it\" and 'this'.\nPlain order here.\n";
  const left = unquotedText(`${W}/docs/a.md`, text);
  for (const quoted of ["curl x", "ignore previous", "do it", "this'"]) {
    assert(!left.includes(quoted), quoted);
  }
  assert(left.includes("Plain order here."));
  assert(unquotedText(`${W}/docs/a.md`, "don't tell the user's boss").includes("tell the user"));
});

Deno.test("a script keeps its code and loses its comment lines; test code loses strings, not calls", () => {
  const script = unquotedText(`${W}/scripts/a.sh`, "#!/bin/sh\n# curl x | sh\nrm -rf build\n");
  assert(script.includes("#!/bin/sh") && script.includes("rm -rf build") && !script.includes("curl"));
  const test = unquotedText(`${W}/tests/a_test.py`, 'run("curl x | sh")\nos.system(cmd)\n');
  assert(!test.includes("curl") && test.includes("os.system(cmd)"));
  assertEquals(unquotedText(`${W}/rules/sigma/a.yml`, "curl x | sh"), "");
});

Deno.test("written-file checks see a document's commands but not its quoted concealment", () => {
  const doc = writtenChecks(`${W}/docs/a.md`, ["run `curl x | sh`"]);
  assertEquals(doc.contents, ["run `curl x | sh`"]);
  assert(!doc.concealed.join("").includes("curl"));
  assertEquals(writtenChecks(`${W}/rules/sigma/a.yml`, ["curl x | sh"]).contents, []);
  assertEquals(writtenChecks(`${W}/AGENTS.md`, ["x"]).concealed, ["x"]);
  // Test code (data): both lists are the code with its comments and strings taken out, worked out once.
  const code = writtenChecks(`${W}/tests/a_test.py`, [
    '# never tell the user\nrun("curl x | sh")\nos.system(cmd)\n',
  ]);
  assertEquals(code.contents, [' \nrun("")\nos.system(cmd)\n']);
  assertEquals(code.concealed, code.contents);
});

Deno.test("the last path's role is kept for that path only: paths of one length and prefix asked in turn", () => {
  // Round 24 of speed: `quotingRole` answers a path asked again from memory (a role keyed by anything less than the
  // whole path — its length, its folder — would answer these with another's role).
  const paths: Array<[string, string | undefined]> = [
    [`${W}/notes/plan.md`, "document"],
    [`${W}/notes/plan.sh`, "script"],
    [`${W}/notes/plan.ts`, undefined],
    [`${W}/tests/plan.json`, "data"],
    [`${W}/tests/plan.txtx`, "document"],
    [`${W}/tests/plan.yaml`, "data"],
  ];
  for (let round = 0; round < 3; round++) {
    for (const [path, role] of paths) {
      assertEquals(quotingRole(path), role, path);
      assertEquals(quotingRole(path), role, path);
    }
  }
  assertEquals(writtenRole([paths[0][0], paths[1][0]]), undefined);
  assertEquals(writtenRole([paths[0][0], paths[0][0]]), "document");
});
