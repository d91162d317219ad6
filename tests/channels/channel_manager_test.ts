/** The channel manager with an in-memory adapter and the fake engine: a message unanswered at a "crash" is
 * answered by the next manager on the same database, /new and /otr switch sessions (OTR text never reaches the
 * journal), detach drains sends and keeps what still arrives, health turns unhealthy after silence, strangers are audited once per hour,
 * over-long messages get no turn, replies stream as edits. */
import { assert, assertEquals } from "../support/assert.ts";
import { EditingMemoryAdapter, eventually, MemoryAdapter } from "../support/memory_adapter.ts";
import { FakeChannelEngine } from "../support/fake_channel_engine.ts";
import { attach, channelRig } from "./channel_rig.ts";

Deno.test("manager: a message stored but unanswered is answered once after a restart", async () => {
  const path = await Deno.makeTempFile({ suffix: ".db" });
  const hung = new FakeChannelEngine(() => new Promise<string>(() => {}));
  const first = channelRig(path, hung);
  const adapter = new MemoryAdapter();
  await attach(first, adapter);
  assertEquals(await adapter.say("u1", "remember me", "m-1"), "stored");
  assertEquals(await adapter.say("u1", "remember me", "m-1"), "duplicate");
  assertEquals(first.journal.pending("memory").map((entry) => entry.text), ["remember me"]);
  first.db.close(); // the process dies: no detach, no answer

  const engine = new FakeChannelEngine();
  const second = channelRig(path, engine);
  const again = new MemoryAdapter();
  try {
    await attach(second, again);
    await eventually(() => again.texts("u1").length === 1, "the replayed answer");
    assertEquals(again.texts("u1"), ["echo: remember me"]);
    await eventually(() => second.journal.pending("memory").length === 0, "the entry marked done");
    assertEquals(await again.say("u1", "remember me", "m-1"), "duplicate");
  } finally {
    await second.close();
    await Deno.remove(path).catch(() => {});
  }
});

Deno.test("manager: /new and /otr switch the chat's session; OTR text is never journaled", async () => {
  const rig = channelRig();
  const adapter = new MemoryAdapter();
  try {
    await attach(rig, adapter);
    await adapter.say("u1", "first");
    await eventually(() => adapter.texts("u1").length === 1, "first answer");
    await adapter.say("u1", "/otr");
    await adapter.say("u1", "secret plans", "otr-1");
    await eventually(() => adapter.texts("u1").includes("echo: secret plans"), "otr answer");
    const row = rig.db.prepare("SELECT text FROM channel_inbound WHERE message_id = 'otr-1'").get() as {
      text: string;
    };
    assertEquals(row.text, "");
    await adapter.say("u1", "/new");
    await adapter.say("u1", "fresh");
    await eventually(() => adapter.texts("u1").includes("echo: fresh"), "fresh answer");
    const sessions = [...rig.engine.sessions.entries()];
    assertEquals(sessions.map(([, session]) => [session.mode, session.messages]), [
      ["normal", ["first"]],
      ["otr", ["secret plans"]],
      ["normal", ["fresh"]],
    ]);
    await adapter.say("u1", "/config set agents.max_tool_rounds 1");
    await eventually(() => adapter.texts("u1").some((text) => /only from the web UI/.test(text)), "refusal");
    assertEquals(rig.engine.commands.at(-1)?.channel, "memory");
  } finally {
    await rig.close();
  }
});

Deno.test("manager: detach waits for in-flight sends; what still arrives is stored and answered after the next start", async () => {
  const path = await Deno.makeTempFile({ suffix: ".db" });
  const rig = channelRig(path);
  const adapter = new MemoryAdapter();
  adapter.sendDelayMs = 200;
  try {
    await attach(rig, adapter);
    await adapter.say("u1", "slow");
    await eventually(() => rig.engine.sessions.size === 1, "the turn");
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert(await rig.manager.detach("memory"));
    assertEquals(adapter.texts("u1"), ["echo: slow"]);
    assert(adapter.stopped);
    // signal-cli's last lines or a gateway event can still come in: the platform will not send them again.
    assertEquals(await adapter.say("u1", "too late", "late-1"), "stored");
    assertEquals(rig.journal.pending("memory").map((entry) => entry.text), ["too late"]);
    assertEquals(adapter.texts("u1"), ["echo: slow"]);
    assertEquals(await rig.manager.detach("memory"), false);
    assert(rig.audit.some((entry) => entry.event === "channel_detached" && entry.details.drained === true));
    const next = rig.restart();
    const again = new MemoryAdapter();
    try {
      await attach(next, again);
      await eventually(() => again.texts("u1").length === 1, "the late message answered");
      assertEquals(again.texts("u1"), ["echo: too late"]);
    } finally {
      await next.close();
    }
  } finally {
    await rig.close();
    await Deno.remove(path).catch(() => {});
  }
});

Deno.test("manager: silence past the heartbeat is unhealthy (logged once), strangers audited once per hour", async () => {
  const rig = channelRig();
  const adapter = new MemoryAdapter();
  try {
    await attach(rig, adapter);
    assertEquals(rig.manager.health().memory.healthy, true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    assertEquals(rig.manager.health().memory.healthy, false);
    rig.manager.checkHealth();
    rig.manager.checkHealth();
    assertEquals(rig.logs.filter((line) => line.event === "channel_unhealthy").length, 1);
    adapter.sink!.alive();
    rig.manager.checkHealth();
    assertEquals(rig.logs.filter((line) => line.event === "channel_healthy").length, 1);
    for (let index = 0; index < 5; index++) assertEquals(await adapter.say("evil", `hi ${index}`), "ignored");
    assertEquals(rig.audit.filter((entry) => entry.event === "channel_stranger").length, 1);
    assertEquals(rig.manager.health().memory.strangers, 5);
    assertEquals(rig.engine.sessions.size, 0);
  } finally {
    await rig.close();
  }
});

Deno.test("manager: an over-long message gets a note, no turn; replies stream as edits", async () => {
  const rig = channelRig();
  const adapter = new EditingMemoryAdapter();
  try {
    await attach(rig, adapter);
    await adapter.say("u1", "x".repeat(20_000));
    await eventually(() => adapter.texts("u1").some((text) => /too long/.test(text)), "the note");
    assertEquals(rig.engine.sessions.size, 0);
    await adapter.say("u1", "hi");
    await eventually(() => adapter.texts("u1").includes("echo: hi"), "a session for the chat");
    const session = [...rig.engine.sessions.keys()][0];
    rig.engine.emit("llm_token", session, { token: "partial ", message_id: "m" });
    await new Promise((resolve) => setTimeout(resolve, 120));
    rig.engine.emit("llm_token", session, { token: "more", message_id: "m" });
    rig.engine.emit("response_complete", session, {
      content: "**final** text",
      message_id: "m",
      thoughts: [],
      token_usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
    });
    await eventually(() => adapter.sends.some((item) => item.kind === "edit"), "the final edit");
    const shown = adapter.sends.filter((item) => item.chatId === "u1").slice(-2);
    assertEquals(shown.map((item) => [item.kind, item.text]), [["send", "partial "], [
      "edit",
      "*final* text",
    ]]);
  } finally {
    await rig.close();
  }
});
