import { assert, assertEquals, assertRejects } from "../support/assert.ts";
import { setConfigValue } from "../../src/config/config_writer.ts";
import { setYamlValue } from "../../src/config/yaml_edit.ts";
import { DEFAULT_CONFIG_YAML } from "../../src/config/default_config.ts";
import { ValidationError } from "../../src/lib/errors.ts";

/** Lines of `after` that differ from `before`, compared line by line (insertions shift the rest). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return { removed: a.slice(start, endA), added: b.slice(start, endB) };
}

const CONFIG = `${DEFAULT_CONFIG_YAML}
# a hand-written tail, oddly spaced on purpose
extra_list:   [ one,two ]
`.replace(
  "models:\n",
  "models:\n  - name: other\n    provider: openai\n    model: gpt-x\n    base_url: http://127.0.0.1:9/v1\n",
);

async function withConfig(text: string, run: (path: string) => Promise<void>): Promise<void> {
  const folder = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${folder}/config.yaml`, text);
    await run(`${folder}/config.yaml`);
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
}

Deno.test("config writer: /model changes one line and keeps its comment", async () => {
  await withConfig(CONFIG, async (path) => {
    const change = await setConfigValue(path, "roles.chat", "other");
    assertEquals(change.config.roles.chat, "other");
    const diff = changedLines(CONFIG, await Deno.readTextFile(path));
    assertEquals(diff.removed, ["  chat: local                   # main conversation"]);
    assertEquals(diff.added, ["  chat: other                   # main conversation"]);
  });
});

Deno.test("config writer: /config set of a number or a string touches only that value", async () => {
  await withConfig(CONFIG, async (path) => {
    await setConfigValue(path, "agents.max_tool_rounds", "40");
    await setConfigValue(path, "identity.name", "Ward of the Gate");
    const diff = changedLines(CONFIG, await Deno.readTextFile(path));
    assertEquals(diff.removed.length, diff.added.length);
    const added = diff.added.filter((line) => !diff.removed.includes(line));
    assertEquals(added.filter((line) => line.includes("max_tool_rounds: 40")).length, 1);
    assertEquals(added.filter((line) => line.includes("name: Ward of the Gate")).length, 1);
    assertEquals(added.length, 2);
  });
});

Deno.test("config writer: a key that is only a comment is added as one line under its section", async () => {
  await withConfig(CONFIG, async (path) => {
    const change = await setConfigValue(path, "identity.avatar", "🛡️");
    assertEquals(change.config.identity.avatar, "🛡️");
    const diff = changedLines(CONFIG, await Deno.readTextFile(path));
    assertEquals(diff.removed, []);
    assertEquals(diff.added, ["  avatar: 🛡️"]);
  });
});

Deno.test("config writer: an invalid value or unknown key leaves the file untouched", async () => {
  await withConfig(CONFIG, async (path) => {
    await assertRejects(() => setConfigValue(path, "agents.max_tool_rounds", "-3"), ValidationError);
    await assertRejects(
      () => setConfigValue(path, "agents.max_tool_roundz", "3"),
      ValidationError,
      'did you mean "agents.max_tool_rounds"?',
    );
    assertEquals(await Deno.readTextFile(path), CONFIG);
  });
});

Deno.test("yaml edit: block lists, empty values, nested missing keys and flow values", () => {
  const text = "a:\n  b: 1   # keep\n  e:\n  l:\n    - x\n    - y\n  f: [1, 2]\nz: 'q' # hi\n";
  assertEquals(setYamlValue(text, ["a", "b"], 2), text.replace("b: 1", "b: 2"));
  assertEquals(setYamlValue(text, ["a", "e"], "v"), text.replace("  e:\n", "  e: v\n"));
  assertEquals(
    setYamlValue(text, ["a", "l"], ["p"]),
    text.replace("  l:\n    - x\n    - y\n", "  l: [ p ]\n"),
  );
  assertEquals(setYamlValue(text, ["a", "f"], [3]), text.replace("[1, 2]", "[ 3 ]"));
  assertEquals(setYamlValue(text, ["z"], "r"), text.replace("'q'", "r"));
  assertEquals(setYamlValue(text, ["a", "n", "m"], true), text.replace("z:", "  n:\n    m: true\nz:"));
  assertEquals(setYamlValue(text, ["new"], "123"), `${text}new: "123"\n`);
  assertEquals(setYamlValue("", ["k"], 1), "k: 1\n");
  assert(setYamlValue("a: {b: 1}\n", ["a", "c"], 2) === undefined, "flow maps are left to the serialiser");
});
