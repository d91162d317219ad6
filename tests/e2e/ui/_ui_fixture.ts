/** A real engine, the scripted fake LLM and a Chromium page, started together for one UI test file. */
import type { Page } from "playwright-core";
import { type FakeLlm, startFakeLlm } from "../../support/fake_llm.ts";
import { startTestEngine, type TestEngine } from "../../support/engine_harness.ts";
import { openBrowser, type UiBrowser } from "./_browser.ts";

export interface UiFixture {
  llm: FakeLlm;
  engine: TestEngine;
  ui: UiBrowser;
  page: Page;
  close(): Promise<void>;
}

export interface UiOptions {
  config?: Record<string, unknown>;
  width?: number;
  height?: number;
  /** Prepares the folder of config.yaml before the engine starts (e.g. writes a Shield policy file). */
  prepare?: (root: string) => Promise<Record<string, unknown>>;
}

export async function startUi(options: UiOptions = {}): Promise<UiFixture> {
  const llm = await startFakeLlm();
  let engine: TestEngine | undefined;
  let ui: UiBrowser | undefined;
  let root: string | undefined;
  try {
    let config = options.config ?? {};
    if (options.prepare) {
      root = await Deno.makeTempDir({ prefix: "parapet-ui-ws-" });
      config = { ...config, ...(await options.prepare(root)) };
    }
    engine = await startTestEngine({ llmUrl: llm.url, config, root });
    ui = await openBrowser({ width: options.width, height: options.height });
    ui.page.setDefaultTimeout(20_000);
  } catch (error) {
    await ui?.close();
    await engine?.stop();
    await llm.close();
    if (root) await Deno.remove(root, { recursive: true }).catch(() => {});
    throw error;
  }
  const started = { llm, engine, ui, page: ui.page };
  return {
    ...started,
    async close() {
      await started.ui.close();
      await started.engine.stop();
      await started.llm.close();
      if (root) await Deno.remove(root, { recursive: true }).catch(() => {});
    },
  };
}

/** Opens the app at a hash route and waits until its WebSocket is connected. */
export async function openApp(page: Page, baseUrl: string, hash = ""): Promise<void> {
  await page.goto(`${baseUrl}/${hash}`);
  await page.waitForSelector('[data-connection="open"]');
}

/** Sends a message and waits until the page shows it, so a new session is in the URL before it returns. */
export async function sendChat(page: Page, text: string): Promise<void> {
  const before = await page.locator(".msg-user").count();
  await page.fill("#composer-input", text);
  await page.press("#composer-input", "Enter");
  await waitForExpression(
    page,
    `document.querySelectorAll(".msg-user").length > ${before} && location.hash.startsWith("#/chat/")`,
  );
}

/** Waits until the current turn has ended (the Send button is back). */
export async function waitForTurnEnd(page: Page): Promise<void> {
  await page.waitForSelector(".composer .btn-stop", { state: "detached" });
  await page.waitForSelector(".msg-assistant.is-streaming", { state: "detached" });
}

export function currentSessionId(page: Page): string {
  const match = /#\/chat\/([^/?]+)/.exec(page.url());
  if (!match) throw new Error(`No session in the page URL "${page.url()}"`);
  return decodeURIComponent(match[1]);
}

export async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Polls a page expression until it is truthy; page.waitForFunction would need eval, which the CSP forbids. */
export async function waitForExpression(page: Page, expression: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for "${expression}"`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Makes the page believe its tab is hidden or visible (document.hidden + visibilitychange). */
export async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate(
    `Object.defineProperty(document, "hidden", { configurable: true, get: () => ${hidden} });
    document.dispatchEvent(new Event("visibilitychange"));`,
  );
}

export const E2E = { sanitizeOps: false, sanitizeResources: false };
