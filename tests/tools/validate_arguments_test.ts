import assert from "node:assert/strict";
import { createFileTools } from "../../src/tools/files.ts";
import { createHttpTool } from "../../src/tools/http.ts";
import { parseToolArguments } from "../../src/tools/validate_arguments.ts";

const writeFile = createFileTools({ workspace: "/tmp", home: "/tmp", allowOutsideReads: false })
  .find((tool) => tool.name === "write_file")!;

Deno.test("parseToolArguments accepts valid arguments", () => {
  assert.deepEqual(parseToolArguments(writeFile, '{"path": "a.md", "content": "hi"}'), {
    ok: true,
    args: { path: "a.md", content: "hi" },
  });
});

Deno.test("parseToolArguments reports invalid JSON clearly", () => {
  const result = parseToolArguments(writeFile, '{"path": "a.md", ');
  assert.equal(result.ok, false);
  assert.match((result as { error: string }).error, /^Invalid arguments for "write_file": not valid JSON: /);
});

Deno.test("parseToolArguments reports each schema problem with its path", () => {
  const result = parseToolArguments(writeFile, '{"path": 3}');
  assert.deepEqual(result, {
    ok: false,
    error: 'Invalid arguments for "write_file": path: Invalid input: expected string, received number; ' +
      "content: Invalid input: expected string, received undefined",
  });
  const nested = parseToolArguments(createHttpTool(), '{"url": "http://x/", "headers": {"a": 1}}');
  assert.match(
    (nested as { error: string }).error,
    /headers\.a: Invalid input: expected string, received number/,
  );
});

Deno.test("parseToolArguments refuses JSON that is not an object, and treats empty text as {}", () => {
  assert.deepEqual(parseToolArguments(writeFile, "[1]"), {
    ok: false,
    error: 'Invalid arguments for "write_file": expected a JSON object',
  });
  const listDirectory = createFileTools({ workspace: "/tmp", home: "/tmp", allowOutsideReads: false })
    .find((tool) => tool.name === "list_directory")!;
  assert.deepEqual(parseToolArguments(listDirectory, ""), { ok: true, args: {} });
});
