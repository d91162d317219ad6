/** lib/absolute_path.ts: the supervisor's node:path-free path helpers agree with node:path and node:url. */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { assertEquals, assertThrows } from "../support/assert.ts";
import { absolutePath, pathOfFileUrl } from "../../src/lib/absolute_path.ts";

Deno.test("absolute path: relative, absolute, dotted and doubled-slash paths resolve as node:path does", () => {
  const cwd = "/home/me/parapet";
  const cases = [
    "config.yaml",
    "./config.yaml",
    "../other/config.yaml",
    "a/./b/../c.yaml",
    "/etc/parapet//config.yaml",
    "/../../x",
    "dir/",
    ".",
    "..",
    "name with space/config.yaml",
  ];
  for (const path of cases) assertEquals(absolutePath(path, cwd), resolve(cwd, path), path);
  assertEquals(absolutePath("config.yaml"), resolve("config.yaml"));
});

Deno.test("absolute path: a file URL's path is decoded as node:url does; another scheme is refused", () => {
  for (
    const url of ["file:///srv/parapet/main.ts", "file:///a%20b/c%23d/main.ts", "file:///tmp/%C3%A9t%C3%A9/"]
  ) {
    assertEquals(pathOfFileUrl(new URL(url)), fileURLToPath(url), url);
  }
  assertThrows(() => pathOfFileUrl(new URL("https://example.com/main.ts")), TypeError, "Not a file URL");
});
