import assert from "node:assert/strict";
import { join } from "node:path";
import { checkLayers, findCycle, importsOf, LAYERS, tableCycle } from "../../scripts/check_layers.ts";

const SCRIPT = new URL("../../scripts/check_layers.ts", import.meta.url).pathname;
const SRC = new URL("../../src", import.meta.url).pathname;

/** A throwaway src/ tree: path → content. */
async function tree(files: Record<string, string>): Promise<string> {
  const root = await Deno.makeTempDir();
  for (const [path, content] of Object.entries(files)) {
    await Deno.mkdir(join(root, "src", path, ".."), { recursive: true });
    await Deno.writeTextFile(join(root, "src", path), content);
  }
  return root;
}

Deno.test("the real src/ follows LAYERS and has no cycle", async () => {
  const report = await checkLayers(SRC);
  assert.deepEqual(report.violations, []);
  assert.equal(report.cycle, undefined);
  assert.ok(report.files > 100);
});

Deno.test("LAYERS itself is acyclic and lib imports nothing", () => {
  assert.equal(tableCycle(LAYERS), undefined);
  assert.deepEqual(LAYERS.lib, []);
  assert.deepEqual(LAYERS.shield, ["lib"]);
  assert.ok(!LAYERS.engine.includes("ws") && !LAYERS.ws.includes("engine"));
});

Deno.test("a lib file importing the engine is reported with file, specifier and rule", async () => {
  const root = await tree({
    "lib/clock.ts": 'import type { Turn } from "../engine/turn.ts";\nexport const x = 1;\n',
    "engine/turn.ts": 'import { x } from "../lib/clock.ts";\nexport type Turn = typeof x;\n',
  });
  try {
    const report = await checkLayers(join(root, "src"));
    assert.deepEqual(report.violations, [{
      file: "src/lib/clock.ts",
      specifier: "../engine/turn.ts",
      message: "src/lib may not import from src/engine",
    }]);
    assert.deepEqual(report.cycle, ["engine", "lib", "engine"]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the script exits 1 on a deliberately wrong import and 0 once it is removed", async () => {
  const root = await tree({
    "ws/hub.ts": 'import { Conversation } from "../engine/conversation.ts";\nexport { Conversation };\n',
    "engine/conversation.ts": "export class Conversation {}\n",
  });
  try {
    const run = async () => {
      const output = await new Deno.Command(Deno.execPath(), {
        args: ["run", "--allow-read", SCRIPT, join(root, "src")],
      }).output();
      return { code: output.code, text: new TextDecoder().decode(output.stderr) };
    };
    const bad = await run();
    assert.equal(bad.code, 1);
    assert.match(
      bad.text,
      /src\/ws\/hub\.ts: src\/ws may not import from src\/engine \("\.\.\/engine\/conversation\.ts"\)/,
    );
    await Deno.writeTextFile(join(root, "src/ws/hub.ts"), "export const hub = 1;\n");
    assert.equal((await run()).code, 0);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("files directly in src/, unknown folders and imports leaving src/ are reported", async () => {
  const root = await tree({
    "helpers.ts": "export const a = 1;\n",
    "gadgets/g.ts": 'import { a } from "../helpers.ts";\nexport const g = a;\n',
    "tools/t.ts": 'import data from "../../deno.json" with { type: "json" };\nexport const t = data;\n',
  });
  try {
    const messages = (await checkLayers(join(root, "src"))).violations.map((v) => `${v.file}: ${v.message}`);
    assert.deepEqual(messages.sort(), [
      'src/gadgets/g.ts: "src/helpers.ts" lies directly in src/, outside any layer',
      'src/gadgets/g.ts: folder "gadgets" has no row in LAYERS',
      "src/helpers.ts: a file directly in src/ belongs in a folder",
      'src/tools/t.ts: src/tools may not import "deno.json" outside src/',
    ]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("importsOf finds static, type, re-export, dynamic and worker imports but not comments", () => {
  const text = [
    'import { a } from "./a.ts";',
    "import type {",
    "  B,",
    '} from "../b/b.ts";',
    'export { c } from "./c.ts";',
    'const d = await import("../d/d.ts");',
    'new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });',
    ' * see import { x } from "./commented.ts" in the docs',
  ].join("\n");
  assert.deepEqual(importsOf(text), ["./a.ts", "../b/b.ts", "./c.ts", "../d/d.ts", "./worker.ts"]);
});

Deno.test("findCycle names the folders around a cycle", () => {
  const graph = new Map([["a", new Set(["b"])], ["b", new Set(["c"])], ["c", new Set(["a"])]]);
  assert.deepEqual(findCycle(graph), ["a", "b", "c", "a"]);
  assert.equal(findCycle(new Map([["a", new Set(["b"])]])), undefined);
});
