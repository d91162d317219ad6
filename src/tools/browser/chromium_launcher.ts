/** Starts one headless Chromium through playwright-core: a fresh profile in a temp folder, every connection through
 * the given SOCKS proxy, downloads and service workers off. Chromium exits when the engine does (its control pipe
 * closes), and `close` removes the profile. */
import { dirname } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { tolerateRefusedExistsChecks } from "./node_fs_compat.ts";
import { importWhenNeeded } from "../../lib/import_when_needed.ts";

/** Flags that work on a closed network and keep Chromium from calling home. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
  // WebRTC would otherwise send UDP straight from Chromium, around the proxy.
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
];

/** Chromium's flags for a process of user `uid`: its own renderer sandbox stays on, except as root, where Chromium
 * refuses to start with it (it needs an unprivileged user for its namespaces). */
export function chromiumFlags(uid: number | null): string[] {
  return uid === 0 ? [...CHROMIUM_FLAGS, "--no-sandbox"] : [...CHROMIUM_FLAGS];
}

function currentUid(): number | null {
  try {
    return Deno.uid();
  } catch {
    // No permission to ask: assume root, the one case where Chromium will not start with its sandbox.
    return 0;
  }
}

export interface ChromiumLaunchOptions {
  /** The Chromium binary (default /usr/bin/chromium). */
  executablePath?: string;
  /** `socks5://127.0.0.1:<port>`: the only way out for every request, loopback included. */
  proxyUrl: string;
  /** Whole launch limit (default 30000 ms). */
  timeoutMs?: number;
  viewport?: { width: number; height: number };
}

export interface LaunchedChromium {
  context: BrowserContext;
  /** The page the tools act on. */
  page: Page;
  /** The temp profile folder; its path is on Chromium's command line, so its processes can be found by it. */
  userDataDirectory: string;
  /** Whether Chromium's own renderer sandbox is on (off as root, or where the system cannot give it one). */
  sandboxed: boolean;
  close(): Promise<void>;
}

export async function launchChromium(options: ChromiumLaunchOptions): Promise<LaunchedChromium> {
  // Loaded on first use: an engine that never browses never loads playwright.
  tolerateRefusedExistsChecks();
  const { chromium } = await importWhenNeeded<typeof import("playwright-core")>("playwright-core");
  const userDataDirectory = await Deno.makeTempDir({ prefix: "parapet-browser-" });
  const launch = (args: string[]) =>
    chromium.launchPersistentContext(userDataDirectory, {
      executablePath: options.executablePath ?? "/usr/bin/chromium",
      headless: true,
      args,
      proxy: { server: options.proxyUrl },
      acceptDownloads: false,
      serviceWorkers: "block",
      viewport: options.viewport ?? { width: 1280, height: 800 },
      env: chromiumEnvironment(userDataDirectory),
      timeout: options.timeoutMs ?? 30_000,
      // The engine decides when the browser stops; playwright's own handlers would exit the process.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  let context: BrowserContext;
  let sandboxed = currentUid() !== 0;
  try {
    try {
      context = await launch(chromiumFlags(currentUid()));
    } catch (error) {
      // Where the system gives no user namespaces (some containers), Chromium's own sandbox cannot start: run
      // without it rather than not at all, and say so (`sandboxed`, logged by the caller).
      if (!sandboxed || !/sandbox|namespace/i.test(String((error as Error)?.message))) throw error;
      sandboxed = false;
      context = await launch(chromiumFlags(0));
    }
  } catch (error) {
    await Deno.remove(userDataDirectory, { recursive: true }).catch(() => {});
    throw error;
  }
  const page = context.pages()[0] ?? await context.newPage();
  // One page per session: pop-ups and new windows a site opens are closed at once.
  context.on("page", (other) => {
    if (other !== page) other.close().catch(() => {});
  });
  page.on("dialog", (dialog) => dialog.dismiss().catch(() => {}));
  let closing: Promise<void> | undefined;
  return {
    context,
    page,
    userDataDirectory,
    sandboxed,
    close() {
      closing ??= (async () => {
        await context.close().catch(() => {});
        await Deno.remove(userDataDirectory, { recursive: true }).catch(() => {});
      })();
      return closing;
    },
  };
}

/** A fixed environment, as the shell gets: none of the engine's variables (API keys live there). Home inside the
 * profile: Chromium's own files (NSS database, caches) stay out of the user's home and leave with the profile. */
function chromiumEnvironment(userDataDirectory: string): Record<string, string> {
  return {
    PATH: "/usr/local/bin:/usr/bin:/bin",
    LANG: "C.UTF-8",
    HOME: userDataDirectory,
    TMPDIR: chromiumTempDirectory(userDataDirectory),
  };
}

/** Chromium keeps its singleton socket in `<temp>/org.chromium.Chromium.XXXXXX/SingletonSocket` and aborts when
 * that path is over 107 bytes: temp is the profile itself (so the socket leaves with it) when the path fits,
 * else the profile's parent folder. */
export function chromiumTempDirectory(userDataDirectory: string): string {
  const socketPath = `${userDataDirectory}/org.chromium.Chromium.XXXXXX/SingletonSocket`;
  return new TextEncoder().encode(socketPath).length <= 100 ? userDataDirectory : dirname(userDataDirectory);
}
