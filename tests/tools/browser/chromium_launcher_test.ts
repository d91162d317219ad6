/** Chromium as launched for a session: none of the engine's environment (its API keys), home and temp inside the
 * profile, every file it made gone with the profile on close. */
import { assert, assertEquals } from "../../support/assert.ts";
import { processesMatching } from "../../support/chromium_processes.ts";
import {
  chromiumFlags,
  chromiumTempDirectory,
  launchChromium,
} from "../../../src/tools/browser/chromium_launcher.ts";
import { startSocksProxy } from "../../../src/tools/browser/socks_proxy.ts";

Deno.test("Chromium sees none of the engine's variables and keeps its files in the profile", async () => {
  Deno.env.set("PARAPET_TEST_API_KEY", "sk-should-not-leak");
  const proxy = startSocksProxy({ decide: () => Promise.reject(new Error("no network in this test")) });
  const launched = await launchChromium({ proxyUrl: proxy.url });
  try {
    const processes = processesMatching(launched.userDataDirectory);
    assert(processes.length > 0, "no Chromium process found");
    for (const pid of processes) {
      const environment = Deno.readTextFileSync(`/proc/${pid}/environ`).split("\0");
      assert(
        !environment.some((entry) => entry.includes("sk-should-not-leak")),
        `process ${pid} sees the key`,
      );
      if (environment.some((entry) => entry.startsWith("HOME="))) {
        assert(environment.includes(`HOME=${launched.userDataDirectory}`), environment.join(" "));
      }
    }
  } finally {
    await launched.close();
    await proxy.close();
    Deno.env.delete("PARAPET_TEST_API_KEY");
  }
  let left = true;
  await Deno.stat(launched.userDataDirectory).catch(() => left = false);
  assertEquals(left, false);
});

Deno.test("Chromium's temp folder is its profile unless the singleton socket path would be too long", () => {
  assertEquals(
    chromiumTempDirectory("/tmp/parapet-browser-0123456789abcdef"),
    "/tmp/parapet-browser-0123456789abcdef",
  );
  const deep = `/tmp/${"d".repeat(40)}/parapet-browser-0123456789abcdef`;
  assertEquals(chromiumTempDirectory(deep), `/tmp/${"d".repeat(40)}`);
});

Deno.test("Chromium keeps its own renderer sandbox unless it runs as root, and says which", async () => {
  assert(!chromiumFlags(1000).includes("--no-sandbox"), "an ordinary user keeps the sandbox");
  assert(chromiumFlags(0).includes("--no-sandbox"), "root cannot start Chromium with its sandbox");
  const proxy = startSocksProxy({ decide: () => Promise.reject(new Error("no network in this test")) });
  const launched = await launchChromium({ proxyUrl: proxy.url });
  try {
    assertEquals(launched.sandboxed, Deno.uid() !== 0);
    const browsers = processesMatching(launched.userDataDirectory)
      .map((pid) => Deno.readTextFileSync(`/proc/${pid}/cmdline`).split("\0"))
      .filter((commandLine) => commandLine.some((arg) => arg.startsWith("--user-data-dir=")));
    assert(browsers.length > 0, "the browser process was not found");
    for (const commandLine of browsers) {
      assertEquals(commandLine.includes("--no-sandbox"), !launched.sandboxed, commandLine.join(" "));
    }
  } finally {
    await launched.close();
    await proxy.close();
  }
});
