import assert from "node:assert/strict";
import { ALICE, BOB, call, message, startMailRig } from "./_mail_rig.ts";
import { startFakeOAuthServer } from "../../support/mail/fake_oauth_server.ts";
import { startSmtpRelay } from "../../support/mail/smtp_relay.ts";
import { createAccessTokens } from "../../../src/tools/oauth/access_tokens.ts";
import { fileTokenStore } from "../../../src/tools/oauth/oauth_token_store.ts";
import { googleClient } from "../../../src/tools/oauth/oauth_clients.ts";

Deno.test("auth_mode oauth2: dovecot and SMTP accept the refreshed token; a revoked one is refreshed and retried", async () => {
  const oauth = startFakeOAuthServer({
    clientId: "mail-client",
    clientSecret: "mail-secret",
    accounts: { [ALICE]: { refreshToken: "alice-refresh" } },
  });
  const rig = await startMailRig({ introspectionUrl: oauth.introspectionUrl });
  const relay = await startSmtpRelay({
    checkToken: (user, token) => oauth.isValid(user, token),
    dovecot: rig.dovecot,
    localUsers: [ALICE, BOB],
  });
  const dir = await Deno.makeTempDir({ prefix: "parapet-oauth-" });
  try {
    const store = fileTokenStore(`${dir}/oauth_tokens.json`);
    await store.save({
      provider: "google",
      account: ALICE,
      refresh_token: "alice-refresh",
      access: { mail: { token: "stale-token", expires_at: 0 } },
    });
    const client = googleClient({
      client_id: "mail-client",
      client_secret: "mail-secret",
      token_url: oauth.tokenUrl,
    });
    const tokens = createAccessTokens({ store, clientFor: () => client, now: () => Date.now() });
    const oauthLogin = { mode: "oauth2" as const, account: ALICE };
    const tools = rig.tools({
      tokens,
      settings: {
        imap: { ...rig.settings.imap!, login: oauthLogin },
        smtp: { protocol: "SMTP", host: relay.host, port: relay.port, tls: false, login: oauthLogin },
        from: ALICE,
      },
    });
    await rig.dovecot.deliver(ALICE, message({ subject: "Hello over OAuth", body: "x" }));

    const listed = await call(tools.get("email_list")!, {});
    assert.match(listed.output, /Hello over OAuth/);
    assert.equal(oauth.refreshes.length, 1, "the expired token was refreshed first");

    oauth.revokeAccessTokens(ALICE);
    const again = await call(tools.get("email_list")!, {});
    assert.match(again.output, /Hello over OAuth/);
    assert.equal(oauth.refreshes.length, 2, "a refused token is refreshed once and the login retried");

    const sent = await call(tools.get("send_email")!, { to: BOB, subject: "Via XOAUTH2", body: "hi" });
    assert.equal(sent.isError, false, sent.output);
    assert.equal(relay.received.at(-1)?.user, ALICE);
    const saved = JSON.parse(await Deno.readTextFile(`${dir}/oauth_tokens.json`));
    assert.ok(oauth.isValid(ALICE, saved.grants[0].access.mail.token), "the fresh token was stored");

    await store.save({ provider: "google", account: ALICE, refresh_token: "revoked", access: {} });
    await assert.rejects(
      call(tools.get("email_list")!, {}),
      /refused the refresh_token grant: invalid_grant/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
    await relay.stop();
    await rig.stop();
    await oauth.stop();
  }
});
