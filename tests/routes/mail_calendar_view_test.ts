import assert from "node:assert/strict";
import { calendarView, emailView } from "../../src/routes/mail_calendar_view.ts";
import { configSchema } from "../../src/config/schema.ts";

Deno.test("settings view blocks carry accounts and booleans, never a secret", () => {
  const config = configSchema.parse({
    email: {
      provider: "smtp",
      smtp: { host: "smtp.example.test", password: "smtp-secret", from: "me@example.test" },
      imap: {
        host: "imap.example.test",
        auth_mode: "oauth2",
        account: "me@example.test",
        password: "imap-secret",
      },
    },
    calendar: { provider: "microsoft", microsoft_account: "me@example.test" },
    oauth: { microsoft: { client_id: "id", client_secret: "client-secret" } },
  });
  const grants = [{
    provider: "microsoft" as const,
    account: "me@example.test",
    refresh_token: "rt-secret",
    access: {},
  }];
  const view = JSON.stringify({ email: emailView(config, grants), calendar: calendarView(config, grants) });
  for (const secret of ["smtp-secret", "imap-secret", "client-secret", "rt-secret"]) {
    assert.ok(!view.includes(secret));
  }
  assert.deepEqual(emailView(config, grants), {
    provider: "smtp",
    configured: true,
    from: "me@example.test",
    oauth_accounts: [{
      provider: "microsoft",
      account: "me@example.test",
      authorized: true,
      purpose: "email",
    }],
  });
  assert.deepEqual(calendarView(config, []).oauth_accounts, [
    { provider: "microsoft", account: "me@example.test", authorized: false, purpose: "calendar" },
  ]);
  assert.equal(calendarView(config, []).configured, true);
});
