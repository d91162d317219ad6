import assert from "node:assert/strict";
import { authorizeAccount } from "../../../src/tools/oauth/authorize_account.ts";
import { googleClient } from "../../../src/tools/oauth/oauth_clients.ts";
import { memoryTokenStore } from "../../../src/tools/oauth/oauth_token_store.ts";
import { startFakeOAuthServer } from "../../support/mail/fake_oauth_server.ts";

Deno.test("auth: authorization code with PKCE over a loopback redirect stores a refreshable grant", async () => {
  const oauth = startFakeOAuthServer({
    clientId: "app",
    clientSecret: "s",
    accounts: { "ann@example.test": { refreshToken: "r-ann" } },
  });
  try {
    const store = memoryTokenStore();
    const client = googleClient({
      client_id: "app",
      client_secret: "s",
      token_url: oauth.tokenUrl,
      authorize_url: oauth.authorizeUrl,
    })!;
    let shown = "";
    await authorizeAccount({
      client,
      account: "ann@example.test",
      store,
      now: () => 0,
      show: (url) => {
        shown = url;
        // The "browser": follows the authorization server's redirect back to the loopback callback.
        fetch(url).then((response) => response.text());
      },
    });
    const url = new URL(shown);
    assert.equal(url.searchParams.get("code_challenge_method"), "S256");
    assert.equal(url.searchParams.get("access_type"), "offline");
    assert.match(url.searchParams.get("redirect_uri") ?? "", /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const grant = await store.find("ann@example.test", "google");
    assert.equal(grant?.refresh_token, "r-ann");
    assert.ok(oauth.isValid("ann@example.test", grant!.access.mail.token));
  } finally {
    await oauth.stop();
  }
});

Deno.test("auth: an answer with the wrong state is ignored and the wait times out with a clear error", async () => {
  const store = memoryTokenStore();
  const client = googleClient({
    client_id: "app",
    token_url: "http://127.0.0.1:9/token",
    authorize_url: "http://127.0.0.1:9/authorize",
  })!;
  await assert.rejects(
    authorizeAccount({
      client,
      account: "ann@example.test",
      store,
      now: () => 0,
      timeoutMs: 300,
      show: (shown) => {
        const forged = new URL(new URL(shown).searchParams.get("redirect_uri")!);
        forged.searchParams.set("code", "attacker-code");
        forged.searchParams.set("state", "wrong");
        fetch(forged).then((response) => response.text());
      },
    }),
    /Authorization of "ann@example.test" failed: no answer within 0.3 s/,
  );
  assert.equal((await store.list()).length, 0);
});
