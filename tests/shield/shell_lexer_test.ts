/** The shell lexer reads here-doc bodies and double-quoted words exactly as a shell would, whatever the
 * characters in them (the lexer appends plain runs and bodies as one slice each). */

import assert from "node:assert/strict";
import { lex, type Token } from "../../src/shield/shell_lexer.ts";

function heredocBodies(text: string): string[] {
  return lex(text, new Map()).tokens.flatMap((token: Token) => token.kind === "heredoc" ? [token.body] : []);
}

function words(text: string): string[] {
  return lex(text, new Map()).tokens.flatMap((token: Token) => token.kind === "word" ? [token.value] : []);
}

Deno.test("here-doc bodies end at the delimiter line, each line keeping its newline", () => {
  assert.deepEqual(heredocBodies("cat <<EOF\nline one\n\nline three\nEOF\necho done"), [
    "line one\n\nline three\n",
  ]);
  assert.deepEqual(heredocBodies("cat <<EOF\nEOF"), [""]);
});

Deno.test("a here-doc delimiter line may be indented by tabs only", () => {
  assert.deepEqual(heredocBodies("cat <<-EOF\n\tbody\n\t\tEOF\nrm -rf x"), ["\tbody\n"]);
  // Spaces before the delimiter, or text after it, keep the line in the body.
  assert.deepEqual(heredocBodies("cat <<EOF\n  EOF\nEOF2\nEOF"), ["  EOF\nEOF2\n"]);
});

Deno.test("an unterminated here-doc runs to the end of the text, its last line ending in a newline", () => {
  assert.deepEqual(heredocBodies("cat <<EOF\nfirst\nlast"), ["first\nlast\n"]);
  assert.deepEqual(heredocBodies("cat <<EOF\nfirst\n"), ["first\n"]);
});

Deno.test("several here-docs on one line take their bodies in order", () => {
  assert.deepEqual(heredocBodies("paste <<A <<B\none\nA\ntwo\nB\n"), ["one\n", "two\n"]);
});

Deno.test("double-quoted words keep every character, expanding only escapes, variables and substitutions", () => {
  assert.deepEqual(words('echo "héllo wörld 😀 | ; & < >"'), ["echo", "héllo wörld 😀 | ; & < >"]);
  assert.deepEqual(words('echo "a\\"b\\\\c\\$d\\x"'), ["echo", 'a"b\\c$d\\x']);
  assert.deepEqual(words('A=rm; echo "run $A now"'), ["A=rm", "echo", "run rm now"]);
  assert.deepEqual(words('echo "ends with backslash\\'), ["echo", "ends with backslash\\"]);
});
