import assert from "node:assert/strict";
import { ALICE, BOB, call, startMailRig } from "./_mail_rig.ts";
import { startSilentServer } from "../../support/mail/silent_server.ts";
import { freePort } from "../../support/engine_harness.ts";
import type { MailServer } from "../../../src/tools/email/email_settings.ts";

Deno.test("email tools fail with a clear error when the server is down, the password wrong or the server silent", async (t) => {
  const rig = await startMailRig();
  const silent = startSilentServer();
  const imap = rig.settings.imap!;
  const smtp = rig.settings.smtp!;
  const list = (server: Partial<MailServer>) =>
    call(
      rig.tools({ settings: { ...rig.settings, imap: { ...imap, ...server } }, timeoutSeconds: 1 }).get(
        "email_list",
      )!,
      {},
    );
  const send = (server: Partial<MailServer>) =>
    call(
      rig.tools({ settings: { ...rig.settings, smtp: { ...smtp, ...server } }, timeoutSeconds: 1 }).get(
        "send_email",
      )!,
      { to: BOB, subject: "x", body: "y" },
    );
  try {
    const down = freePort();
    await t.step("server down", async () => {
      await assert.rejects(
        list({ port: down }),
        new RegExp(`Cannot reach IMAP server "127.0.0.1:${down}": connection refused`),
      );
      await assert.rejects(
        send({ port: down }),
        new RegExp(`Cannot reach SMTP server "127.0.0.1:${down}": connection refused`),
      );
    });
    await t.step("wrong password", async () => {
      const wrong = { login: { mode: "password" as const, username: ALICE, password: "wrong" } };
      await assert.rejects(
        list(wrong),
        new RegExp(
          `IMAP login as "${ALICE}" was refused by IMAP server "127.0.0.1:${imap.port}": check the user name or password`,
        ),
      );
      await assert.rejects(
        send(wrong),
        new RegExp(`SMTP login as "${ALICE}" was refused by SMTP server .*check the user name or password`),
      );
    });
    await t.step("TLS asked of a server that speaks plain text", async () => {
      await assert.rejects(
        list({ tls: true }),
        /TLS connection to IMAP server "127\.0\.0\.1:\d+" failed: .*check email\.imap\.tls/,
      );
      await assert.rejects(
        send({ tls: true }),
        /TLS connection to SMTP server "127\.0\.0\.1:\d+" failed: .*check email\.smtp\.tls/,
      );
    });
    await t.step("a server that accepts and never answers", async () => {
      await assert.rejects(
        list({ port: silent.port }),
        new RegExp(`IMAP server "127.0.0.1:${silent.port}" did not answer within 1 s`),
      );
      await assert.rejects(
        send({ port: silent.port }),
        new RegExp(`SMTP server "127.0.0.1:${silent.port}" did not answer within 1 s`),
      );
    });
    await t.step("no server configured", async () => {
      const bare = rig.tools({ settings: {} });
      await assert.rejects(
        call(bare.get("email_list")!, {}),
        /Email is not configured: set email\.imap\.host/,
      );
      await assert.rejects(
        call(bare.get("send_email")!, { to: BOB, body: "x" }),
        /Sending email is not configured/,
      );
    });
    assert.equal(rig.relay.received.length, 0);
  } finally {
    silent.stop();
    await rig.stop();
  }
});

Deno.test("IMAP over TLS: a self-signed certificate is refused unless its authority is trusted", async () => {
  const rig = await startMailRig({ tls: true });
  try {
    const settings = { ...rig.settings, imap: { ...rig.settings.imap!, tls: true } };
    await assert.rejects(
      call(rig.tools({ settings }).get("email_list")!, {}),
      /TLS connection to IMAP server "127\.0\.0\.1:\d+" failed: .*(certificate|UnknownIssuer)/i,
    );
    const trusted = rig.tools({ settings, tls: { ca: [rig.dovecot.certificate!] } });
    const result = await call(trusted.get("email_list")!, {});
    assert.match(result.output, /0 of 0 messages in folder "INBOX"/);
  } finally {
    await rig.stop();
  }
});
