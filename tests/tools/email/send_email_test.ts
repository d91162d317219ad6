import assert from "node:assert/strict";
import { ALICE, BOB, call, message, startMailRig } from "./_mail_rig.ts";
import { buildProtectedPaths } from "../../../src/workspace/protected_paths.ts";

Deno.test("send_email delivers through SMTP into the IMAP box, with attachments from the workspace", async (t) => {
  const rig = await startMailRig();
  try {
    await Deno.writeTextFile(`${rig.workspace}/report.txt`, "Q3 report body");
    const tools = rig.tools();
    const send = tools.get("send_email")!;

    await t.step(
      "Shield is shown recipients and resolved attachment paths; the mail arrives for Bob",
      async () => {
        const result = await call(send, {
          to: `Bob <${BOB}>`,
          subject: "The report",
          body: "Here it is.",
          attachments: ["./report.txt"],
        });
        assert.equal(result.isError, false, result.output);
        assert.deepEqual(result.judged.to, [`Bob <${BOB}>`]);
        assert.deepEqual(result.judged.attachments, ["report.txt"]);
        assert.match(result.output, /^Sent "The report" to bob@example.test with 1 attachment\(s\)/);
        assert.deepEqual(rig.relay.received.at(-1)?.to, [BOB]);
        const bobTools = rig.tools({
          settings: {
            ...rig.settings,
            imap: { ...rig.settings.imap!, login: { mode: "password", username: BOB, password: "bob-pw" } },
          },
        });
        const inbox = await call(bobTools.get("email_list")!, {});
        assert.match(inbox.output, /from alice@example.test \| subject The report/);
        const read = await call(bobTools.get("email_read")!, { id: "1" });
        assert.match(read.output, /Attachments: report.txt \(text\/plain, 14 bytes\)/);
        assert.match(read.output, /Here it is\./);
      },
    );

    await t.step("a reply carries In-Reply-To and References and goes to the original sender", async () => {
      await rig.dovecot.deliver(
        ALICE,
        message({
          from: `Bob <${BOB}>`,
          subject: "Budget",
          body: "Can you confirm?",
          id: "<budget-2@example.test>",
          headers: "References: <budget-1@example.test>",
        }),
      );
      const result = await call(send, { reply_to_id: "1", body: "Confirmed." });
      assert.equal(result.isError, false, result.output);
      assert.deepEqual(result.judged.to, [BOB]);
      assert.equal(result.judged.subject, "Re: Budget");
      assert.equal(result.judged.in_reply_to, "<budget-2@example.test>");
      const raw = rig.relay.received.at(-1)!.raw;
      assert.match(raw, /^In-Reply-To: <budget-2@example\.test>$/m);
      assert.match(raw, /^References: <budget-1@example\.test> <budget-2@example\.test>$/m);
      assert.match(raw, /^Subject: Re: Budget$/m);
      const state = await call(tools.get("email_list")!, {});
      assert.match(state.output, /id 1 \| [^|]+ \| unread,answered/);
    });

    await t.step(
      "a recipient with a line break or a second hidden address is refused before Shield",
      async () => {
        await assert.rejects(
          call(send, { to: "bob@example.test\r\nBcc: x@evil.test", body: "x" }),
          /Invalid to address/,
        );
        await assert.rejects(
          call(send, { to: "Bob <bob@example.test> x@evil.test", body: "x" }),
          /Invalid to address/,
        );
        await assert.rejects(call(send, { body: "x" }), /no recipient/);
        const many = Array.from({ length: 51 }, (_, index) => `user${index}@example.test`);
        await assert.rejects(call(send, { to: many, body: "x" }), /at most 50/);
      },
    );
  } finally {
    await rig.stop();
  }
});

Deno.test("send_email attaches only workspace files that are not protected", async () => {
  const rig = await startMailRig();
  const outside = await Deno.makeTempDir({ prefix: "parapet-outside-" });
  try {
    await Deno.writeTextFile(`${outside}/secret.txt`, "outside secret");
    await Deno.mkdir(`${rig.workspace}/.engine`);
    await Deno.writeTextFile(`${rig.workspace}/.engine/oauth_tokens.json`, "{}");
    await Deno.symlink(`${outside}/secret.txt`, `${rig.workspace}/link.txt`);
    await Deno.mkdir(`${rig.workspace}/folder`);
    const send = rig.tools({ protectedPaths: buildProtectedPaths({ workspace: rig.workspace }) }).get(
      "send_email",
    )!;
    const attempt = (path: string) => call(send, { to: BOB, body: "x", attachments: [path] });
    await assert.rejects(
      attempt(`${outside}/secret.txt`),
      /Cannot attach ".*secret.txt": file is outside the workspace/,
    );
    await assert.rejects(attempt("link.txt"), /Cannot attach "link.txt": file is outside the workspace/);
    await assert.rejects(attempt("../../etc/passwd"), /file is outside the workspace/);
    await assert.rejects(attempt(".engine/oauth_tokens.json"), /protected path/);
    await assert.rejects(attempt("folder"), /not a regular file/);
    await assert.rejects(attempt("missing.txt"), /file not found/);
    assert.equal(rig.relay.received.length, 0);
  } finally {
    await Deno.remove(outside, { recursive: true });
    await rig.stop();
  }
});

Deno.test("send_email refuses an attachment swapped for a symlink after it was judged", async () => {
  const rig = await startMailRig();
  const outside = await Deno.makeTempDir({ prefix: "parapet-outside-" });
  try {
    await Deno.writeTextFile(`${outside}/secret.txt`, "outside secret");
    await Deno.writeTextFile(`${rig.workspace}/notes.txt`, "notes");
    const send = rig.tools().get("send_email")!;
    const judged = await send.resolveArguments!({ to: [BOB], body: "x", attachments: ["notes.txt"] });
    await Deno.remove(`${rig.workspace}/notes.txt`);
    await Deno.symlink(`${outside}/secret.txt`, `${rig.workspace}/notes.txt`);
    await assert.rejects(
      send.execute(judged, { sessionId: "t", signal: new AbortController().signal, argumentsResolved: true }),
      /symbolic link changed after the call was checked/,
    );
    assert.equal(rig.relay.received.length, 0);
  } finally {
    await Deno.remove(outside, { recursive: true });
    await rig.stop();
  }
});
