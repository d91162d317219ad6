/** Launches Debian's Chromium through playwright-core for UI tests, and collects page errors and dialogs. */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface UiBrowser {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors, console errors and CSP violations seen so far. */
  errors: string[];
  /** Messages of dialogs (alert/confirm/prompt) that opened; each is dismissed. */
  dialogs: string[];
  close(): Promise<void>;
}

export async function openBrowser(
  options: { width?: number; height?: number; colorScheme?: "light" | "dark" } = {},
): Promise<UiBrowser> {
  const userDataDir = await Deno.makeTempDir({ prefix: "parapet-ui-" });
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? "light",
  });
  const page = context.pages()[0] ?? await context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  return {
    context,
    page,
    errors,
    dialogs,
    async close() {
      await context.close().catch(() => {});
      await Deno.remove(userDataDir, { recursive: true }).catch(() => {});
    },
  };
}

export type { Browser, Page };
