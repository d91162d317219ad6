// The answers kept by name across evaluations (round 29 of speed): `wordsOf`'s reading of a short text,
// `canonicalTool`'s name table and `listedProgramOf`'s reading of a name. Over every tool name of the top and dev cases (and their MCP and version-suffixed
// forms), an answer given from the memo equals the first, fresh one, and a caller changing what it was given changes
// no later answer.
import assert from "node:assert/strict";
import { readToolWords, type ToolWords, wordsOf } from "../../../src/shield/effects/tool_words.ts";
import { canonicalTool } from "../../../src/shield/effects/tool_aliases.ts";
import { listedProgramOf } from "../../../src/shield/effects/cli_program_tools.ts";
import { loadCorpus, loadDev } from "../../../bench/shield_actions.ts";

const actions = [...await loadCorpus(), ...await loadDev()];
const names = [...new Set(actions.map((action) => String(action.type)))];
const forms = names.flatMap((name) => [name, `mcp__server__${name}`, `${name}_v2`, name.toUpperCase()]);

const plain = (words: ToolWords) => ({
  verbs: [...words.verbs],
  nouns: [...words.nouns],
  words: [...words.words],
});

Deno.test("wordsOf answers from its memo as it answered fresh, into words already held too", () => {
  const fresh = forms.map((name) => {
    const into: ToolWords = { verbs: new Set(), nouns: new Set(), words: [] };
    wordsOf(name, into);
    const first = plain(into);
    // What a caller does with its words must not reach the next reading.
    into.words.push("mutated");
    into.verbs.clear();
    return first;
  });
  forms.forEach((name, index) => {
    const again: ToolWords = { verbs: new Set(), nouns: new Set(), words: [] };
    wordsOf(name, again);
    assert.deepEqual(plain(again), fresh[index], name);
    const nounsOnly: ToolWords = { verbs: new Set(), nouns: new Set(), words: [] };
    wordsOf(name, nounsOnly, true);
    assert.equal(nounsOnly.verbs.size, 0, name);
    assert.deepEqual([...nounsOnly.nouns], fresh[index].nouns, name);
  });
  // Added after other words, in order, as one reading after another.
  const both: ToolWords = { verbs: new Set(), nouns: new Set(), words: [] };
  wordsOf(forms[0], both);
  wordsOf(forms[1], both);
  assert.deepEqual(both.words, [...fresh[0].words, ...fresh[1].words]);
  assert.deepEqual([...both.verbs], [...new Set([...fresh[0].verbs, ...fresh[1].verbs])]);
});

Deno.test("readToolWords, canonicalTool and listedProgramOf answer a name the same from the memo", () => {
  const answers = (action: (typeof actions)[number]) => [
    plain(readToolWords(String(action.type), action.payload ?? {})),
    canonicalTool(String(action.type), action.payload),
    listedProgramOf(String(action.type), action.payload),
    listedProgramOf(String(action.type), undefined),
  ];
  const first = actions.map(answers);
  actions.forEach((action, index) => {
    const again = answers(action);
    assert.deepEqual(again, first[index], String(action.type));
  });
  // Names of the alias tables and a name no table knows (remembered as unknown, not as the last answer).
  assert.equal(canonicalTool("run_terminal_cmd"), "execute_command");
  assert.equal(canonicalTool("zz_unknown_widget"), undefined);
  assert.equal(canonicalTool("zz_unknown_widget"), undefined);
  assert.equal(canonicalTool("read_text_file"), "read_file");
  // A program tool with its words, then without a word list, then a Windows shell with and without its switch.
  assert.equal(listedProgramOf("ssh_keygen", { args: ["-t", "ed25519"] }), "ssh-keygen");
  assert.equal(listedProgramOf("ssh_keygen", { note: "x" }), undefined);
  assert.equal(listedProgramOf("zz_unknown_widget", { args: ["x"] }), undefined);
  assert.equal(listedProgramOf("cmd", { args: ["/c", "dir"] }), "cmd");
  assert.equal(listedProgramOf("cmd", { args: ["dir"] }), undefined);
});
