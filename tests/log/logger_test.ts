import { assert, assertEquals } from "../support/assert.ts";
import { JsonLogger } from "../../src/log/logger.ts";
import { formatLogLine } from "../../src/log/log_format.ts";
import { fitWidth } from "../../src/lib/terminal_style.ts";

const MAIN_DIR = new URL("../../", import.meta.url);

Deno.test("logger: lines of one tick reach the file together and in order; errors at once", async () => {
  const folder = await Deno.makeTempDir();
  const file = `${folder}/engine.log`;
  const logger = new JsonLogger({ file, stderr: false });
  try {
    logger.info("a", "first");
    logger.info("b", "second");
    // Read synchronously: an awaited read would itself let the tick end.
    let before = "";
    try {
      before = Deno.readTextFileSync(file);
    } catch {
      // not created yet: nothing written
    }
    assertEquals(before, "", "batched until the tick ends");
    await Promise.resolve();
    assertEquals((await Deno.readTextFile(file)).split("\n").filter(Boolean).length, 2);
    logger.error("c", "broken");
    const lines = Deno.readTextFileSync(file).trim().split("\n").map((line) => JSON.parse(line).message);
    assertEquals(lines, ["first", "second", "broken"]);
  } finally {
    logger.close();
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("logger: lines logged right before Deno.exit are in the file", async () => {
  const folder = await Deno.makeTempDir();
  try {
    const script = `import { JsonLogger } from ${JSON.stringify(new URL("src/log/logger.ts", MAIN_DIR).href)};
const logger = new JsonLogger({ file: ${JSON.stringify(`${folder}/engine.log`)}, stderr: false });
for (let index = 0; index < 5; index++) logger.info("tick", "line " + index);
Deno.exit(3);
`;
    await Deno.writeTextFile(`${folder}/exit.ts`, script);
    const status = await new Deno.Command(Deno.execPath(), { args: ["run", "-A", `${folder}/exit.ts`] })
      .output();
    assertEquals(status.code, 3);
    const lines = (await Deno.readTextFile(`${folder}/engine.log`)).trim().split("\n");
    assertEquals(lines.map((line) => JSON.parse(line).message), [
      "line 0",
      "line 1",
      "line 2",
      "line 3",
      "line 4",
    ]);
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("log format: a terminal line reads time, level, message, then event and short fields", () => {
  const line = formatLogLine({
    ts: new Date(2030, 0, 2, 3, 4, 5).getTime(),
    level: "warn",
    event: "config_warning",
    message: "Unknown key notes (line 1) is ignored",
    fields: { path: "/a b", count: 2, nested: { x: 1 }, empty: "" },
  });
  assertEquals(
    line,
    '03:04:05 WARN  Unknown key notes (line 1) is ignored  config_warning path="/a b" count=2 nested={"x":1}',
  );
});

Deno.test("fit width: cuts to the visible width, ignoring colour codes", () => {
  assertEquals(fitWidth("abcdef", 4), "abc…");
  assertEquals(fitWidth("abcd", 4), "abcd");
  const coloured = fitWidth("\x1b[31mabcdef\x1b[39m", 4);
  // deno-lint-ignore no-control-regex
  assertEquals(coloured.replace(/\x1b\[[0-9;]*m/g, ""), "abc…");
  assert(coloured.endsWith("\x1b[0m"));
});
