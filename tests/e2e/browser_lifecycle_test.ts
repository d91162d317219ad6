/** No Chromium outlives the engine: not after a normal stop, not after SIGTERM, not after SIGKILL (Chromium exits
 * when its control pipe closes). The engine runs in a child process with the Deno permission flags the supervisor
 * gives it (so the browser is shown to work inside them), driven through the scripted LLM. */
import * as path from "node:path";
import { stringify } from "yaml";
import { assert, assertEquals } from "../support/assert.ts";
import { alive, descendantsMatching } from "../support/chromium_processes.ts";
import { testConfig } from "../support/engine_harness.ts";
import { startFakeLlm } from "../support/fake_llm.ts";
import { startPageServer } from "../support/page_server.ts";
import { WsClient } from "../support/ws_client.ts";
import { fromFileUrl } from "../support/paths.ts";
import { completedActions, startBrowserE2eRig } from "./_browser_e2e_rig.ts";
import { loadConfig } from "../../src/config/load_config.ts";
import { enginePermissionFlags } from "../../src/cli/permission_flags.ts";

const CHILD = fromFileUrl(new URL("./_browser_engine_child.ts", import.meta.url));

async function waitUntilGone(pids: number[], timeoutMs = 15_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let left = alive(pids);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = alive(pids);
  }
  return left;
}

Deno.test("stopping the engine stops every browser it started", async () => {
  const rig = await startBrowserE2eRig();
  try {
    const first = await rig.turn("Open it", [
      { toolCalls: [{ name: "browser_navigate", arguments: { url: `${rig.pages.origin}/` } }] },
      { text: "ok" },
    ]);
    await rig.turn("Open it too", [
      { toolCalls: [{ name: "browser_navigate", arguments: { url: `${rig.pages.origin}/second` } }] },
      { text: "ok" },
    ]);
    assertEquals(completedActions(first.events)[0].isError, false);
    const browsers = descendantsMatching(Deno.pid, "parapet-browser-");
    assert(browsers.length > 1, "no Chromium processes found under the engine");
    await rig.stop();
    assertEquals(await waitUntilGone(browsers), []);
  } finally {
    await rig.close();
  }
});

Deno.test("deleting a session stops its browser", async () => {
  const rig = await startBrowserE2eRig();
  try {
    const { sessionId } = await rig.turn("Open it", [
      { toolCalls: [{ name: "browser_navigate", arguments: { url: `${rig.pages.origin}/` } }] },
      { text: "ok" },
    ]);
    const browsers = descendantsMatching(Deno.pid, "parapet-browser-");
    assert(browsers.length > 1, "no Chromium processes found under the engine");
    const deleted = await fetch(`${rig.url}/api/sessions/${sessionId}`, { method: "DELETE" });
    await deleted.body?.cancel();
    assertEquals(deleted.status, 204);
    assertEquals(await waitUntilGone(browsers), []);
  } finally {
    await rig.close();
  }
});

for (const signal of ["SIGTERM", "SIGKILL"] as const) {
  Deno.test(`an engine ended by ${signal} leaves no Chromium behind`, async () => {
    const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "parapet-browser-kill-" }));
    const llm = await startFakeLlm();
    const pages = startPageServer();
    const configPath = path.join(root, "config.yaml");
    await Deno.writeTextFile(
      configPath,
      stringify(testConfig({ llmUrl: llm.url, config: { workspace: path.join(root, "workspace") } })),
    );
    const loaded = await loadConfig(configPath);
    await Deno.mkdir(loaded.workspace, { recursive: true });
    const flags = await enginePermissionFlags(loaded.config, loaded.workspace, loaded.path);
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", ...flags, CHILD, configPath],
      // Profiles go below the test's folder: a killed engine cannot remove its browser's profile itself.
      env: { FAKE_LLM_KEY: "test-key", NO_COLOR: "1", TMPDIR: root },
      stdout: "piped",
      stderr: "piped",
      stdin: "null",
    }).spawn();
    let errors = "";
    const stderr = child.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
      new WritableStream({ write: (chunk) => void (errors = (errors + chunk).slice(-4000)) }),
    );
    let client: WsClient | undefined;
    try {
      const url = await readyUrl(child.stdout).catch((error) => {
        throw new Error(`${error.message}\n${errors}`);
      });
      const { id } = await (await fetch(`${url}/api/sessions`, { method: "POST", body: "{}" })).json();
      client = await WsClient.connect(`${url.replace("http", "ws")}/api/ws`, id);
      llm.enqueue(
        { toolCalls: [{ name: "browser_navigate", arguments: { url: `${pages.origin}/` } }] },
        { text: "ok" },
      );
      client.send({ type: "message", session_id: id, content: "Open the page" });
      await client.waitFor("response_complete", () => true, 60_000);
      assertEquals(completedActions(client.events)[0].isError, false, JSON.stringify(client.events));
      const browsers = descendantsMatching(child.pid, "chromium");
      assert(browsers.length > 1, "no Chromium processes found under the engine");

      child.kill(signal);
      await child.status;
      assertEquals(await waitUntilGone(browsers), []);
      const profiles = [...Deno.readDirSync(root)].filter((entry) =>
        entry.name.startsWith("parapet-browser-")
      );
      // A stop removes the profile; after SIGKILL it stays (in the engine's temp folder) for the OS to clear.
      assertEquals(profiles.length, signal === "SIGTERM" ? 0 : 1);
    } finally {
      await client?.close().catch(() => {});
      try {
        child.kill("SIGKILL");
      } catch {
        // already ended
      }
      await child.status;
      await stderr.catch(() => {});
      await llm.close();
      await pages.close();
      await Deno.remove(root, { recursive: true });
    }
  });
}

/** Reads the child's stdout until its READY line; the rest of its output is drained in the background. */
async function readyUrl(stdout: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    const match = text.match(/READY (\S+)/);
    if (match) {
      (async () => {
        while (!(await reader.read()).done) { /* drain */ }
      })().catch(() => {});
      return match[1];
    }
  }
  throw new Error(`The engine did not start: ${text}`);
}
