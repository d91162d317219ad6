/** The iMessage adapter: refuses to start off macOS with a clear error (the manager keeps running and reports it);
 * on "macOS" (a fake chat.db and osascript) it answers allowed handles once, ignores strangers and group chats,
 * and takes "approve CODE". */
import { assert, assertEquals } from "../support/assert.ts";
import { startFakeMessagesApp } from "../support/fake_messages_app.ts";
import { delay } from "../support/engine_harness.ts";
import { IMessageAdapter } from "../../src/channels/imessage/adapter.ts";
import { attach, channelRig } from "./channel_rig.ts";

const USER = "+15550001234";

Deno.test("imessage: off macOS the adapter refuses to start and the manager goes on", async () => {
  const rig = channelRig();
  try {
    const started = await rig.manager.attach(
      new IMessageAdapter({ config: { enabled: true, allowed_handles: [USER] }, os: "linux" }),
    );
    assertEquals(started, false);
    assertEquals(rig.manager.list(), []);
    const health = rig.manager.health().imessage;
    assertEquals(health.state, "failed");
    assert(/needs macOS .* this system is "linux"/.test(health.detail), health.detail);
    assert(
      rig.logs.some((line) => line.event === "channel_start_failed" && /needs macOS/.test(line.message)),
    );
  } finally {
    await rig.close();
  }
});

Deno.test("imessage: on macOS, chat.db in and osascript out", async () => {
  const app = await startFakeMessagesApp();
  const rig = channelRig();
  try {
    await attach(
      rig,
      new IMessageAdapter({
        config: { enabled: true, allowed_handles: [USER], polling_interval: 1 },
        os: "darwin",
        databasePath: app.databasePath,
        osascript: app.osascript,
      }),
    );
    app.receive({ from: "+15559999999", text: "stranger" });
    app.receive({ from: USER, text: "in a group", room: "chat123" });
    app.receive({ from: USER, text: 'hello "quoted" & done' });
    rig.engine.script = (text, sessionId) => {
      if (text === "ask") rig.engine.ask(sessionId, "act_i");
      return `echo: ${text}`;
    };
    for (let waited = 0; waited < 300 && app.sent().length === 0; waited++) await delay(100);
    assertEquals(app.sent(), [{ handle: USER, text: 'echo: hello "quoted" & done' }]);
    app.receive({ from: USER, text: "ask" });
    let prompt: string | undefined;
    for (let waited = 0; waited < 300 && !prompt; waited++) {
      await delay(100);
      prompt = app.sent().find((sent) => sent.text.startsWith("Approval needed"))?.text;
    }
    const code = prompt!.match(/\(([A-Z0-9]{6})\)/)![1];
    app.receive({ from: USER, text: `Approve ${code}` });
    for (let waited = 0; waited < 300 && rig.engine.decisions.length === 0; waited++) await delay(100);
    assertEquals(rig.engine.decisions[0].via, "imessage");
    assert(app.sent().every((sent) => sent.handle === USER));
  } finally {
    await rig.close();
    await app.close();
  }
});

Deno.test("imessage: after a restart reading goes on from the last stored row, however long it was down", async () => {
  const path = await Deno.makeTempFile({ suffix: ".db" });
  const app = await startFakeMessagesApp();
  const adapter = () =>
    new IMessageAdapter({
      config: { enabled: true, allowed_handles: [USER], polling_interval: 1 },
      os: "darwin",
      databasePath: app.databasePath,
      osascript: app.osascript,
    });
  const waitFor = async (probe: () => boolean) => {
    for (let waited = 0; waited < 300 && !probe(); waited++) await delay(100);
    assert(probe(), "condition not met");
  };
  const first = channelRig(path);
  try {
    await attach(first, adapter());
    app.receive({ from: USER, text: "before" });
    await waitFor(() => app.sent().length === 1);
    // Answered once the turn has settled too (a message whose turn had not settled is answered again after a restart).
    await waitFor(() => first.journal.pending("imessage").length === 0);
    await first.close();
    // Dated an hour back, past the first start's look-back: only the saved cursor finds it.
    app.receive({ from: USER, text: "while down", at: Date.now() - 3600_000 });
    const second = first.restart();
    try {
      await attach(second, adapter());
      await waitFor(() => app.sent().length === 2);
      app.receive({ from: USER, text: "after" });
      await waitFor(() => app.sent().length === 3);
      assertEquals(app.sent().map((sent) => sent.text), ["echo: before", "echo: while down", "echo: after"]);
    } finally {
      await second.close();
    }
  } finally {
    await app.close();
    await Deno.remove(path).catch(() => {});
  }
});
