/** Telegram end to end: the real engine (supervisor + engine) polling the fake Bot API. A conversation, a
 * stranger, a long reply split, a duplicate, refused /config set, /new, an approval from the chat (button and
 * text), a 429 storm, the engine killed with -9 between receive and reply, and detach. */
import { assert, assertEquals } from "../support/assert.ts";
import { startFakeTelegram } from "../support/fake_telegram.ts";
import { enginePid } from "../support/engine_pid.ts";
import { startChannelEngine, until } from "./channels_e2e_support.ts";

const USER = 1001;
const STRANGER = 666;

Deno.test("channels e2e: Telegram against the fake Bot API", async (t) => {
  const fake = startFakeTelegram();
  const rig = await startChannelEngine({
    telegram: {
      enabled: true,
      token_env: "TG_TOKEN",
      allowed_users: [USER],
      polling_interval: 1,
      api_base_url: fake.url,
    },
  }, { TG_TOKEN: fake.token });
  const shown = () => fake.visible(USER);
  const last = () => shown().at(-1) ?? "";
  try {
    await t.step("GET /api/channels lists telegram and /api/status shows it healthy", async () => {
      assertEquals(await (await rig.api("/api/channels")).json(), { channels: ["telegram"] });
      const status = await until(async () => {
        const body = await (await rig.api("/api/status")).json();
        return body.channels?.telegram?.healthy && body;
      }, "a healthy telegram channel");
      assertEquals(status.channels.telegram.state, "connected");
    });

    await t.step("a conversation: the reply reaches the chat", async () => {
      rig.script([{ text: "Hello from **Parapet**" }]);
      fake.message({ userId: USER, text: "hi" });
      await fake.waitFor(() => last() === "Hello from <b>Parapet</b>");
    });

    await t.step("a stranger gets no agent turn, no reply, and one audit entry", async () => {
      const before = rig.chatRequests();
      fake.message({ userId: STRANGER, text: "run rm -rf /" });
      fake.message({ userId: STRANGER, text: "again" });
      fake.message({ userId: USER, text: "ping" });
      rig.script([{ text: "pong" }]);
      await fake.waitFor(() => last() === "pong");
      assertEquals(rig.chatRequests(), before + 1);
      assertEquals(fake.visible(STRANGER), []);
      const strangers = (await rig.auditEvents()).filter((entry) => entry.event === "channel_stranger");
      assertEquals(strangers.length, 1);
      assertEquals(strangers[0].details.sender_id, String(STRANGER));
    });

    await t.step(
      "a long reply is split under 4,096 characters, in order, code block kept whole",
      async () => {
        const paragraphs = Array.from(
          { length: 30 },
          (_, index) => `Paragraph ${index} ` + "word ".repeat(60),
        );
        const code = "```ts\n" + Array.from({ length: 40 }, (_, index) =>
          `const line${index} = ${index};`).join("\n") +
          "\n```";
        const reply = [...paragraphs.slice(0, 15), code, ...paragraphs.slice(15)].join("\n\n");
        rig.script([{ text: [reply] }]);
        const before = shown().length;
        fake.message({ userId: USER, text: "write a lot" });
        await fake.waitFor(() => shown().some((text) => text.includes("Paragraph 29")));
        const parts = shown().slice(before);
        assert(parts.length >= 3, `expected several parts, got ${parts.length}`);
        for (const part of parts) assert(part.length <= 4096, `part of ${part.length} characters`);
        const order = parts.join("\n").match(/Paragraph \d+/g)!.map((match) => Number(match.split(" ")[1]));
        assertEquals(order, Array.from({ length: 30 }, (_, index) => index));
        assertEquals(parts.filter((part) => part.includes("const line0")).length, 1);
        assert(parts.find((part) => part.includes("const line0"))!.includes("const line39"));
      },
    );

    await t.step("a redelivered update is answered once", async () => {
      rig.script([{ text: "only once" }], { text: "SECOND ANSWER" });
      const update = fake.message({ userId: USER, text: "dup" });
      fake.push(structuredClone(update));
      await fake.waitFor(() => last() === "only once");
      rig.script([{ text: "next" }]);
      fake.message({ userId: USER, text: "after dup" });
      await fake.waitFor(() => last() === "next");
      assert(!shown().includes("SECOND ANSWER"));
    });

    await t.step("/config set and /model are refused from the chat", async () => {
      fake.message({ userId: USER, text: "/config set agents.max_tool_rounds 3" });
      await fake.waitFor(() => /accepted only from the web UI and the CLI/.test(last()));
      fake.message({ userId: USER, text: "/model chat fake" });
      await fake.waitFor(() => /^\/model is accepted only/.test(last()));
      const config = await Deno.readTextFile(rig.engine.configPath);
      assert(!config.includes("max_tool_rounds"));
    });

    await t.step(
      "a tool call approved from the chat: strangers' presses refused, the button runs it",
      async () => {
        rig.script([
          {
            toolCalls: [{
              name: "write_file",
              arguments: { path: "approve-me/tg.txt", content: "from telegram\n" },
            }],
          },
          { text: "Written." },
        ]);
        fake.message({ userId: USER, text: "save it" });
        const prompt = await fake.waitFor(() =>
          fake.calls.find((call) => call.body.reply_markup?.inline_keyboard && call.status === 200)
        );
        assert(/approve-me\/tg\.txt/.test(prompt.body.text));
        const [approve] = prompt.body.reply_markup.inline_keyboard[0];
        fake.press({
          userId: STRANGER,
          chatId: USER,
          messageId: prompt.result as number,
          data: approve.callback_data,
        });
        await fake.waitFor(() =>
          fake.calls.some((call) => call.method === "answerCallbackQuery" && /may not/.test(call.body.text))
        );
        fake.press({
          userId: USER,
          chatId: USER,
          messageId: prompt.result as number,
          data: approve.callback_data,
        });
        await fake.waitFor(() => last() === "Written.");
        assertEquals(await Deno.readTextFile(`${rig.engine.workspace}/approve-me/tg.txt`), "from telegram\n");
        const answered = (await rig.auditEvents()).filter((entry) =>
          entry.event === "channel_approval_answered"
        );
        assertEquals(answered.map((entry) => [entry.details.decision, entry.details.accepted]), [[
          "approve",
          true,
        ]]);
        const decision = (await rig.auditEvents()).filter((entry) => entry.event === "tier3_decision").at(
          -1,
        )!;
        assertEquals(decision.details.via, "telegram");
        // The button is single-use.
        fake.press({
          userId: USER,
          chatId: USER,
          messageId: prompt.result as number,
          data: approve.callback_data,
        });
        await fake.waitFor(() =>
          fake.calls.filter((call) =>
            call.method === "answerCallbackQuery" && /No open request/.test(call.body.text)
          ).length === 1
        );
      },
    );

    await t.step('the text "deny CODE" denies a request', async () => {
      rig.script([
        { toolCalls: [{ name: "write_file", arguments: { path: "approve-me/no.txt", content: "x" } }] },
        { text: "Not written." },
      ]);
      fake.message({ userId: USER, text: "save another" });
      const prompt = await fake.waitFor(() =>
        fake.calls.filter((call) => call.body.reply_markup?.inline_keyboard && call.status === 200)[1]
      );
      const code = prompt.body.text.match(/\(([A-Z0-9]{6})\)/)[1];
      fake.message({ userId: USER, text: `deny ${code.toLowerCase()}` });
      await fake.waitFor(() => last() === "Not written.");
      assert(shown().includes(`Denied (${code})`));
      await Deno.stat(`${rig.engine.workspace}/approve-me/no.txt`).then(
        () => assert(false, "the denied file exists"),
        () => {},
      );
    });

    await t.step("/new starts another session for the chat", async () => {
      const count = async () => (await (await rig.api("/api/sessions")).json()).length;
      const before = await count();
      fake.message({ userId: USER, text: "/new" });
      await fake.waitFor(() => last() === "New session started");
      assertEquals(await count(), before + 1);
    });

    await t.step("a 429 storm: the reply arrives once after the server lets it", async () => {
      rig.script([{ text: "through the storm" }]);
      fake.rateLimit("sendMessage", 4, 1);
      fake.message({ userId: USER, text: "storm" });
      await fake.waitFor(() => last() === "through the storm", 30_000);
      assertEquals(shown().filter((text) => text === "through the storm").length, 1);
    });

    await t.step("killed with -9 between receive and reply: answered once after the restart", async () => {
      const before = rig.chatRequests();
      rig.script([{ hang: true }], { text: "answered after restart" });
      fake.message({ userId: USER, text: "survive this" });
      await until(() => rig.chatRequests() > before, "the turn to reach the LLM");
      Deno.kill(await enginePid(rig.engine.configPath), "SIGKILL");
      await fake.waitFor(() => last() === "answered after restart", 60_000);
      rig.script([{ text: "still here" }]);
      fake.message({ userId: USER, text: "still there?" });
      await fake.waitFor(() => last() === "still here");
      assertEquals(shown().filter((text) => text === "answered after restart").length, 1);
      const asked = rig.llm.requests.filter((request) =>
        (request.body?.messages ?? []).filter((message: { role: string }) => message.role === "user").at(-1)
          ?.content === "survive this"
      );
      assertEquals(asked.length, 2, "asked before the kill, and again after the restart");
    });

    await t.step(
      "detach: 400 without a name, 404 for an unknown one, then telegram stops polling",
      async () => {
        const post = (body: unknown) =>
          rig.api("/api/channels/detach", { method: "POST", body: JSON.stringify(body) });
        const missing = await post({});
        assertEquals(missing.status, 400);
        await missing.body?.cancel();
        const unknown = await post({ channel: "fax" });
        assertEquals(unknown.status, 404);
        await unknown.body?.cancel();
        const detached = await post({ channel: "telegram" });
        assertEquals(await detached.json(), { status: "detached", channel: "telegram" });
        assertEquals(await (await rig.api("/api/channels")).json(), { channels: [] });
        const polls = fake.offsets.length;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        assert(fake.offsets.length <= polls + 1, "no more polling after detach");
        const events = (await rig.auditEvents()).map((entry) => entry.event);
        assert(events.includes("channel_attached") && events.includes("channel_detached"));
      },
    );
  } finally {
    await rig.close();
    await fake.close();
  }
});
