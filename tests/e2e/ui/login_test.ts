import { assert, assertEquals } from "../../support/assert.ts";
import { hashPassword } from "../../support/engine_harness.ts";
import { E2E, startUi } from "./_ui_fixture.ts";

const PASSWORD = "correct horse battery";

Deno.test({
  name:
    "Web login: a remote-access engine asks for the password, rejects a wrong one and lets the right one in",
  ...E2E,
  fn: async (t) => {
    const fx = await startUi({ config: { web: { host: "0.0.0.0", password_hash: hashPassword(PASSWORD) } } });
    const { page, engine } = fx;
    try {
      await t.step("the login page is shown instead of the app", async () => {
        await page.goto(`${engine.url}/`);
        await page.waitForSelector("#login-password");
        assertEquals(await page.locator(".sidebar").count(), 0);
      });

      await t.step("a wrong password says so", async () => {
        await page.fill("#login-password", "not it");
        await page.press("#login-password", "Enter");
        await page.waitForSelector("#login-error >> text=Wrong password");
      });

      await t.step("the right password opens the app with a live connection", async () => {
        await page.fill("#login-password", PASSWORD);
        await page.click(".login-card .btn-primary");
        await page.waitForSelector('[data-connection="open"]');
        const cookies = await fx.ui.context.cookies(engine.url);
        assert(
          cookies.some((c) => c.name === "op_session" && c.httpOnly),
          "the session cookie is set and HttpOnly",
        );
        await page.click(".sidebar-actions .btn-primary");
        await page.waitForURL(/#\/chat\//);
      });

      await t.step("a reload keeps the login; Log out ends it", async () => {
        await page.reload();
        await page.waitForSelector('[data-connection="open"]');
        await page.goto(`${engine.url}/#/settings`);
        await page.waitForSelector(".settings-grid");
        const logout = page.locator(".sidebar-nav button", { hasText: "Log out" });
        await logout.click();
        await page.waitForSelector("#login-password");
      });

      await t.step("too many attempts are refused with a clear message", async () => {
        for (let i = 0; i < 8; i++) {
          await page.fill("#login-password", `wrong ${i}`);
          await page.press("#login-password", "Enter");
          await page.waitForSelector("#login-error:not(:empty)");
          if ((await page.textContent("#login-error"))!.includes("Too many attempts")) return;
          await page.waitForSelector(".login-card .btn-primary:has-text('Sign in')");
        }
        throw new Error("No 429 after 8 wrong passwords");
      });

      assertEquals(fx.ui.errors.filter((e) => !e.includes("401") && !e.includes("429")), []);
    } finally {
      await fx.close();
    }
  },
});

Deno.test({
  name: "Web login: on localhost with a password, the page asks for it before it can control the agent",
  ...E2E,
  fn: async (t) => {
    const fx = await startUi({ config: { web: { password_hash: hashPassword(PASSWORD) } } });
    const { page, engine } = fx;
    try {
      await t.step(
        "reading works without a login, but the page asks for the password to connect",
        async () => {
          const status = await fetch(`${engine.url}/api/status`);
          assertEquals(status.status, 200);
          await status.body?.cancel();
          await page.goto(`${engine.url}/`);
          await page.waitForSelector("#login-password");
        },
      );

      await t.step("after the login, commands run from the page", async () => {
        await page.fill("#login-password", PASSWORD);
        await page.press("#login-password", "Enter");
        await page.waitForSelector('[data-connection="open"]');
        await page.click(".sidebar-actions .btn-primary");
        await page.waitForURL(/#\/chat\//);
        await page.fill("#composer-input", "/title Controlled");
        await page.press("#composer-input", "Enter");
        await page.locator(".command-result", { hasText: "Title set" }).waitFor();
      });

      assertEquals(fx.ui.errors.filter((e) => !e.includes("401")), []);
    } finally {
      await fx.close();
    }
  },
});
