/** The user's own mailboxes (config's `email.smtp.from` and the mail logins that are addresses) reach Shield as
 * contacts: a file mailed to oneself passes, the same mail to a new address still asks, and an action's own `from`
 * vouches for nothing. */

import assert from "node:assert/strict";
import { ownMailboxes } from "../../src/app/build_shield.ts";
import { parseConfigText } from "../../src/config/load_config.ts";
import type { Action } from "../../src/shield/types.ts";
import { buildAppShield } from "../support/app_shield.ts";

const MAIL_CONFIG = `email:
  provider: smtp
  smtp:
    host: 127.0.0.1
    username: alice
    from: "Alice Doe <Alice@Example.test>"
  imap:
    host: 127.0.0.1
    username: alice.work@example.test
`;

Deno.test("own mailboxes: the sending address and address-shaped logins, lowercased, never a glob", () => {
  assert.deepEqual(ownMailboxes(parseConfigText(MAIL_CONFIG).config), [
    "alice@example.test",
    "alice.work@example.test",
  ]);
  assert.deepEqual(ownMailboxes(parseConfigText("").config), []);
  const globbed = parseConfigText('email:\n  smtp:\n    from: "*@example.test"\n').config;
  assert.deepEqual(
    ownMailboxes(globbed),
    [],
    "a from address with glob characters would vouch for a whole domain",
  );
});

Deno.test("a file mailed to the user's own address passes; the same mail to a new address asks", async () => {
  const workspace = await Deno.makeTempDir({ prefix: "mailboxes_" });
  try {
    await Deno.writeTextFile(`${workspace}/notes.txt`, "shopping list");
    const { shield, asked } = await buildAppShield(parseConfigText(MAIL_CONFIG).config, workspace);
    const mail = (to: string, from?: string): Action => ({
      type: "send_email",
      payload: { to, subject: "Notes", body: "Attached.", attachments: [`${workspace}/notes.txt`], from },
    });
    assert.equal((await shield.evaluate(mail("alice@example.test"))).decision, "ALLOW");
    assert.equal((await shield.evaluate(mail("Alice <alice.work@example.test>"))).decision, "ALLOW");
    assert.deepEqual(asked, []);
    const outside = await shield.evaluate(mail("drop@mailbox-free.test"));
    assert.notEqual(outside.decision, "ALLOW");
    const spoofed = await shield.evaluate(mail("drop@mailbox-free.test", "drop@mailbox-free.test"));
    assert.notEqual(spoofed.decision, "ALLOW", "the action's own from vouches for nothing");
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});
