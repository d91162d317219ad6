import assert from "node:assert/strict";
import { createAccessTokens } from "../../../src/tools/oauth/access_tokens.ts";
import { fileTokenStore } from "../../../src/tools/oauth/oauth_token_store.ts";
import { microsoftClient } from "../../../src/tools/oauth/oauth_clients.ts";
import { startFakeOAuthServer } from "../../support/mail/fake_oauth_server.ts";

const ACCOUNT = "ann@example.test";

async function rig(expiresInSeconds = 3600) {
  const dir = await Deno.makeTempDir({ prefix: "parapet-oauth-" });
  const oauth = startFakeOAuthServer({
    clientId: "client-1",
    clientSecret: "client-secret-1",
    accounts: { [ACCOUNT]: { refreshToken: "refresh-1" } },
    expiresIn: expiresInSeconds,
  });
  const store = fileTokenStore(`${dir}/.engine/oauth_tokens.json`);
  let now = 1_000_000;
  const client = microsoftClient({
    client_id: "client-1",
    client_secret: "client-secret-1",
    token_url: oauth.tokenUrl,
  });
  const tokens = createAccessTokens({ store, clientFor: () => client, now: () => now });
  return {
    oauth,
    store,
    tokens,
    file: `${dir}/.engine/oauth_tokens.json`,
    advance: (ms: number) => now += ms,
    stop: async () => {
      await oauth.stop();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test("access tokens are refreshed through the token endpoint, cached until a minute before expiry", async () => {
  const r = await rig(600);
  try {
    await r.store.save({ provider: "microsoft", account: ACCOUNT, refresh_token: "refresh-1", access: {} });
    const first = await r.tokens.get("ANN@example.test", "mail");
    assert.ok(r.oauth.isValid(ACCOUNT, first.token));
    assert.equal(r.oauth.refreshes.length, 1);
    assert.match(r.oauth.refreshes[0].scope ?? "", /IMAP\.AccessAsUser\.All/);
    assert.equal((await r.tokens.get(ACCOUNT, "mail")).token, first.token);
    assert.equal(r.oauth.refreshes.length, 1, "a valid cached token is reused");
    const calendar = await r.tokens.get(ACCOUNT, "calendar");
    assert.notEqual(calendar.token, first.token, "Microsoft issues one token per resource");
    assert.match(r.oauth.refreshes[1].scope ?? "", /Calendars\.ReadWrite/);
    r.advance(541_000);
    const renewed = await r.tokens.get(ACCOUNT, "mail");
    assert.notEqual(renewed.token, first.token);
    assert.equal(r.oauth.refreshes.length, 3);
    const mode = (await Deno.stat(r.file)).mode! & 0o777;
    assert.equal(mode, 0o600);
  } finally {
    await r.stop();
  }
});

Deno.test("concurrent calls share one refresh", async () => {
  const r = await rig();
  try {
    await r.store.save({ provider: "microsoft", account: ACCOUNT, refresh_token: "refresh-1", access: {} });
    const tokens = await Promise.all([1, 2, 3, 4].map(() => r.tokens.get(ACCOUNT, "mail")));
    assert.equal(new Set(tokens.map((token) => token.token)).size, 1);
    assert.equal(r.oauth.refreshes.length, 1);
  } finally {
    await r.stop();
  }
});

Deno.test("a refused refresh, a missing grant and a broken store are clear errors without secrets", async () => {
  const r = await rig();
  try {
    await assert.rejects(
      r.tokens.get(ACCOUNT, "mail"),
      /No OAuth2 authorization for "ann@example.test": run/,
    );
    await r.store.save({ provider: "microsoft", account: ACCOUNT, refresh_token: "revoked", access: {} });
    const error = await r.tokens.get(ACCOUNT, "mail").catch((caught: Error) => caught);
    assert.ok(error instanceof Error);
    assert.match(
      error.message,
      /refused the refresh_token grant: invalid_grant: Token has been expired or revoked/,
    );
    assert.doesNotMatch(error.message, /revoked"|client-secret-1/);
    await Deno.writeTextFile(r.file, "{not json");
    await assert.rejects(
      r.tokens.get(ACCOUNT, "mail"),
      /The OAuth token store ".*oauth_tokens\.json" is not valid/,
    );
  } finally {
    await r.stop();
  }
});

Deno.test("an unreachable token endpoint is a clear error", async () => {
  const r = await rig();
  await r.stop();
  const dir = await Deno.makeTempDir();
  try {
    const store = fileTokenStore(`${dir}/tokens.json`);
    await store.save({ provider: "microsoft", account: ACCOUNT, refresh_token: "refresh-1", access: {} });
    const client = microsoftClient({ client_id: "c", token_url: r.oauth.tokenUrl });
    const tokens = createAccessTokens({ store, clientFor: () => client, now: () => 0 });
    await assert.rejects(
      tokens.get(ACCOUNT, "mail"),
      /Cannot reach the OAuth2 token endpoint "http:\/\/127\.0\.0\.1:\d+\/token"/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
