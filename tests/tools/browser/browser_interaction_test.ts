/** browser_click, browser_type and browser_screenshot in real Chromium: a form filled and sent, a link followed, a
 * PNG written into the workspace (and never outside it or onto a protected path). */
import * as path from "node:path";
import { assert, assertEquals } from "../../support/assert.ts";
import { startBrowserRig } from "./_browser_rig.ts";

Deno.test("browser_type fills a form field and submits it; the server receives the text", async () => {
  const rig = await startBrowserRig();
  try {
    await rig.call("browser_navigate", { url: `${rig.server.origin}/form` });
    const typed = await rig.call("browser_type", { selector: "#q", text: "parapet tools" });
    assertEquals(typed, { output: 'Typed 13 characters into "#q".', isError: false });
    const sent = await rig.call("browser_click", { selector: "text=Search" });
    assertEquals(sent.isError, false, sent.output);
    assert(sent.output.includes("Results for: parapet tools"), sent.output);
    assert(rig.server.hits.includes("/search?q=parapet+tools"), rig.server.hits.join(", "));
    assertEquals(sent.reads, { hosts: ["localhost"] });

    await rig.call("browser_navigate", { url: `${rig.server.origin}/form` });
    const submitted = await rig.call("browser_type", { selector: "#q", text: "enter key", submit: true });
    assert(submitted.output.includes("Results for: enter key"), submitted.output);
  } finally {
    await rig.close();
  }
});

Deno.test("browser_click follows a link and reports the new page", async () => {
  const rig = await startBrowserRig();
  try {
    await rig.call("browser_navigate", { url: `${rig.server.origin}/` });
    const result = await rig.call("browser_click", { selector: "text=Second page" });
    assert(result.output.startsWith('Clicked "text=Second page". The page now open:'), result.output);
    assert(result.output.includes("This is the second page."), result.output);
    assert(result.output.includes(`URL: ${rig.server.origin}/second`), result.output);
  } finally {
    await rig.close();
  }
});

Deno.test("browser_click on a missing element is a tool error within the timeout", async () => {
  const rig = await startBrowserRig({ limits: { navTimeoutMs: 1_000 } });
  try {
    await rig.call("browser_navigate", { url: `${rig.server.origin}/` });
    const result = await rig.call("browser_click", { selector: "#does-not-exist" });
    assertEquals(result.isError, true);
    assert(result.output.startsWith('Cannot click "#does-not-exist":'), result.output);
    rig.limits.navTimeoutMs = 30_000;
    // The page is still usable afterwards.
    const text = await rig.call("browser_extract", { selector: "h1" });
    assert(text.output.includes("Welcome to the test page"), text.output);
  } finally {
    await rig.close();
  }
});

Deno.test("browser_screenshot writes a PNG into the workspace and returns its path", async () => {
  const rig = await startBrowserRig();
  try {
    await rig.call("browser_navigate", { url: `${rig.server.origin}/` });
    const chosen = await rig.call("browser_screenshot", { path: "shots/home.png" });
    assertEquals(chosen.isError, false, chosen.output);
    assert(
      chosen.output.startsWith('Saved a screenshot of the open page to "shots/home.png"'),
      chosen.output,
    );
    const bytes = await Deno.readFile(path.join(rig.workspace, "shots/home.png"));
    assertEquals([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assertEquals(chosen.reads, { hosts: ["localhost"] });

    const named = await rig.call("browser_screenshot", { full_page: true });
    assert(named.output.includes('"screenshots/screenshot-20260102-030405.png"'), named.output);
    await Deno.stat(path.join(rig.workspace, "screenshots/screenshot-20260102-030405.png"));
  } finally {
    await rig.close();
  }
});

Deno.test("browser_screenshot refuses paths outside the workspace, protected paths and non-PNG names", async () => {
  const rig = await startBrowserRig();
  try {
    await rig.call("browser_navigate", { url: `${rig.server.origin}/` });
    const outside = await rig.call("browser_screenshot", { path: "../escape.png" });
    assertEquals(outside.isError, true);
    assert(outside.output.includes("outside the workspace"), outside.output);
    const engineState = await rig.call("browser_screenshot", { path: ".engine/audit.png" });
    assertEquals(engineState.isError, true);
    assert(engineState.output.includes("protected"), engineState.output);
    const script = await rig.call("browser_screenshot", { path: "run.sh" });
    assertEquals(script.isError, true);
    assert(script.output.includes('must end in ".png"'), script.output);
    const parent = path.dirname(rig.workspace);
    const escaped = [...Deno.readDirSync(parent)].some((entry) => entry.name === "escape.png");
    assertEquals(escaped, false);
  } finally {
    await rig.close();
  }
});
