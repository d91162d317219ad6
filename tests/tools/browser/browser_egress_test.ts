/** What a hostile page or a compromised agent would try with the browser: loopback and private addresses directly,
 * through a redirect, a script's fetch or a clicked link; local files, data: and browser-internal URLs; the
 * engine's own port; a download. Each is refused with the reason, and the refused server never sees the request. */
import { assert, assertEquals } from "../../support/assert.ts";
import { startBrowserRig } from "./_browser_rig.ts";

/** Requests the pages made, without the favicon Chromium asks for on its own. */
const pageHits = (hits: string[]) => hits.filter((hit) => hit !== "/favicon.ico");

Deno.test("loopback and private addresses in every spelling are refused before a browser starts", async () => {
  const rig = await startBrowserRig();
  try {
    const port = rig.server.port;
    for (
      const url of [
        `http://127.0.0.1:${port}/`,
        `http://[::1]:${port}/`,
        `http://2130706433:${port}/`,
        `http://0x7f.1:${port}/`,
        `http://[::ffff:127.0.0.1]:${port}/`,
        "http://10.0.0.1/",
        "http://192.168.1.1/",
        "http://169.254.169.254/latest/meta-data/",
        "http://app.localhost/",
      ]
    ) {
      const result = await rig.call("browser_navigate", { url }, `session-${url}`);
      assertEquals(result.isError, true, url);
      assert(/^Cannot open ".*": Refused ".*": .+/.test(result.output), result.output);
    }
    assertEquals(rig.events.length, 0);
    assertEquals(rig.server.hits, []);
  } finally {
    await rig.close();
  }
});

Deno.test("a redirect to 127.0.0.1 is refused and the redirect target is never requested", async () => {
  const rig = await startBrowserRig();
  try {
    const result = await rig.call("browser_navigate", { url: `${rig.server.origin}/redirect-local` });
    assertEquals(result.isError, true);
    assert(
      result.output.includes(`(redirected to "http://127.0.0.1:${rig.server.port}/second")`),
      result.output,
    );
    assert(result.output.includes("loopback (127.0.0.0/8)"), result.output);
    assertEquals(pageHits(rig.server.hits), ["/redirect-local"]);
  } finally {
    await rig.close();
  }
});

Deno.test("a page script fetching a loopback address is refused, and the answer lists it", async () => {
  const rig = await startBrowserRig();
  try {
    const result = await rig.call("browser_navigate", { url: `${rig.server.origin}/fetch-local` });
    assertEquals(result.isError, false, result.output);
    const state = await rig.call("browser_extract", { selector: "#state" });
    assert(state.output.includes("blocked"), state.output);
    // The fetch may fail after the navigation answered: then the next answer reports it.
    const answers = result.output + state.output;
    assert(answers.includes("The page tried connections that were refused:"), answers);
    assert(answers.includes(`- http://127.0.0.1:${rig.server.port}/second: Refused`), answers);
    assert(answers.includes("loopback (127.0.0.0/8)"), answers);
    assertEquals(pageHits(rig.server.hits), ["/fetch-local"]);
  } finally {
    await rig.close();
  }
});

Deno.test("clicking a link to a loopback address is a tool error naming the reason", async () => {
  const rig = await startBrowserRig();
  try {
    await rig.call("browser_navigate", { url: `${rig.server.origin}/link-local` });
    const result = await rig.call("browser_click", { selector: "#local" });
    assertEquals(result.isError, true);
    assert(result.output.startsWith(`Cannot click "#local": it led to "http://127.0.0.1:`), result.output);
    assert(result.output.includes("loopback"), result.output);
    assertEquals(pageHits(rig.server.hits), ["/link-local"]);
  } finally {
    await rig.close();
  }
});

Deno.test("a page's link to a local file leads nowhere", async () => {
  const rig = await startBrowserRig();
  try {
    await rig.call("browser_navigate", { url: `${rig.server.origin}/link-file` });
    await rig.call("browser_click", { selector: "#file" });
    const text = await rig.call("browser_extract", {});
    assert(text.output.includes(`URL: ${rig.server.origin}/link-file`), text.output);
    assert(!text.output.includes("root:"), text.output);
  } finally {
    await rig.close();
  }
});

Deno.test("file:, data:, javascript: and browser-internal URLs, and credentials in URLs, are refused", async () => {
  const rig = await startBrowserRig();
  try {
    for (
      const url of [
        "file:///etc/passwd",
        "data:text/html,<h1>hi</h1>",
        "javascript:alert(1)",
        "chrome://version",
        "view-source:http://example.com/",
      ]
    ) {
      const result = await rig.call("browser_navigate", { url }, `session-${url}`);
      assertEquals(result.isError, true, url);
      assert(result.output.includes("only http and https pages can be opened"), result.output);
    }
    const credentials = await rig.call("browser_navigate", {
      url: `http://user:pw@localhost:${rig.server.port}/`,
    });
    assert(credentials.output.includes("credentials in URLs are not allowed"), credentials.output);
    assertEquals(rig.events.length, 0);
  } finally {
    await rig.close();
  }
});

Deno.test("the engine's own port is refused even on an allowed host", async () => {
  const engine = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response("engine"),
  );
  const guarded = await startBrowserRig({ enginePorts: [engine.addr.port] });
  try {
    const result = await guarded.call("browser_navigate", {
      url: `http://localhost:${engine.addr.port}/api/status`,
    });
    assertEquals(result.isError, true);
    assert(result.output.includes("the engine's own port"), result.output);
    // The same host on another port is reachable.
    const other = await guarded.call("browser_navigate", { url: `${guarded.server.origin}/` });
    assertEquals(other.isError, false, other.output);
  } finally {
    await guarded.close();
    await engine.shutdown();
  }
});

Deno.test("a download is refused and nothing is saved", async () => {
  const rig = await startBrowserRig();
  try {
    const result = await rig.call("browser_navigate", { url: `${rig.server.origin}/download` });
    assertEquals(result.isError, true);
    assert(result.output.includes("it is a download, and downloads are off"), result.output);
    const entries = [...Deno.readDirSync(rig.workspace)].map((entry) => entry.name);
    assertEquals(entries, []);
  } finally {
    await rig.close();
  }
});
