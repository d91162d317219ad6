/** The web UI's files: served by path with a tag, kept in memory, and still served as they are on disk after
 * a change (checked at most once a second). */
import { assert, assertEquals } from "../support/assert.ts";
import { Hono } from "hono";
import { staticFiles } from "../../src/routes/static_files.ts";
import { delay } from "../support/engine_harness.ts";

async function uiApp() {
  const root = await Deno.makeTempDir({ prefix: "parapet-ui-" });
  await Deno.writeTextFile(`${root}/index.html`, "<!doctype html><title>UI</title>");
  await Deno.writeTextFile(`${root}/app.js`, "export const version = 1;");
  const app = new Hono();
  const files = staticFiles(root);
  app.notFound(async (context) =>
    (await files(context, () => Promise.resolve())) ?? context.json({ code: "NOT_FOUND" }, 404)
  );
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.fetch(new Request(`http://127.0.0.1${path}`, { headers }));
  return { root, get };
}

Deno.test("static files: a file and its tag; the same tag is a 304; client routes get index.html", async () => {
  const { root, get } = await uiApp();
  try {
    const first = await get("/app.js");
    assertEquals(first.status, 200);
    assertEquals(await first.text(), "export const version = 1;");
    assert(first.headers.get("content-type")!.startsWith("text/javascript"));
    assertEquals(first.headers.get("cache-control"), "no-cache");
    const etag = first.headers.get("etag")!;
    const again = await get("/app.js", { "if-none-match": etag });
    assertEquals(again.status, 304);
    assertEquals(await again.text(), "");
    // Kept files answer with the guard's page headers themselves, on a 200 and on a 304.
    for (const answer of [first, again, await get("/app.js")]) {
      assertEquals(answer.headers.get("x-frame-options"), "DENY");
      assert(answer.headers.get("content-security-policy")!.includes("frame-ancestors 'none'"));
      assertEquals(answer.headers.get("x-content-type-options"), "nosniff");
    }
    const page = await get("/some/client/route");
    assertEquals(await page.text(), "<!doctype html><title>UI</title>");
    assertEquals((await get("/missing.js")).status, 404);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("static files: a changed or removed file is served as it is on disk after the recheck", async () => {
  const { root, get } = await uiApp();
  try {
    const before = await get("/app.js");
    const etag = before.headers.get("etag");
    await before.body?.cancel();
    await Deno.writeTextFile(`${root}/app.js`, "export const version = 22;");
    await delay(1100);
    const after = await get("/app.js", { "if-none-match": etag! });
    assertEquals(after.status, 200);
    assertEquals(await after.text(), "export const version = 22;");
    await Deno.remove(`${root}/app.js`);
    await delay(1100);
    assertEquals((await get("/app.js")).status, 404);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
