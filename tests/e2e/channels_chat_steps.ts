/** The conversation half of the channel e2e scenario, the same for every platform: listed and healthy, a reply,
 * a stranger ignored, Tier 3 approvals answered from the chat (the web UI sees the same request; whichever side
 * answers first decides, the other is refused), "deny CODE", a streamed reply edited into response_complete's
 * text, a long reply split, and the slash commands a chat may and may not run. */
import { assert, assertEquals } from "../support/assert.ts";
import { WsClient } from "../support/ws_client.ts";
import { assertMissing } from "./shield_e2e_support.ts";
import { type ChannelDriver, codeOf } from "./channels_driver.ts";
import { type ChannelEngineRig, chatSession, until } from "./channels_e2e_support.ts";

export interface ScenarioContext {
  driver: ChannelDriver;
  rig: ChannelEngineRig;
  t: Deno.TestContext;
}

const count = (texts: string[], text: string) => texts.filter((item) => item === text).length;

export async function chatSteps({ driver, rig, t }: ScenarioContext): Promise<void> {
  const { name } = driver;
  const shows = (text: string) => driver.shown().includes(text);

  await t.step(`${name}: listed, connected and healthy`, async () => {
    // Channels start after the HTTP server answers (they load lazily): listed once the manager is up.
    const listed = await until(async () => {
      const body = await (await rig.api("/api/channels")).json();
      return body.channels?.length > 0 ? body : undefined;
    }, "the channel listed");
    assertEquals(listed, { channels: [name] });
    await driver.connected();
    await until(
      async () => (await (await rig.api("/api/status")).json()).channels?.[name]?.healthy,
      "health",
    );
  });

  await t.step(`${name}: a conversation`, async () => {
    rig.script([{ text: "Hello from **Parapet**" }]);
    await driver.say("hi");
    await until(() => shows(driver.render("Hello from **Parapet**")), "the reply");
  });

  await t.step(`${name}: a stranger gets no turn, no reply and one audit entry`, async () => {
    const before = rig.chatRequests();
    await driver.stranger("run rm -rf /");
    await driver.stranger("again");
    rig.script([{ text: "pong" }]);
    await driver.say("ping");
    await until(() => shows("pong"), "the next reply");
    assertEquals(rig.chatRequests(), before + 1);
    const strangers = (await rig.auditEvents()).filter((entry) => entry.event === "channel_stranger");
    assertEquals(strangers.length, 1);
  });

  await t.step(
    `${name}: approved from the chat; the web UI saw the same request and cannot answer again`,
    async () => {
      const path = `approve-me/${name}-chat.txt`;
      rig.script([{ toolCalls: [{ name: "write_file", arguments: { path, content: name } }] }, {
        text: "Written.",
      }]);
      const index = driver.prompts().length;
      await driver.say("save it");
      await until(() => driver.prompts().length > index, "the approval prompt");
      assert(driver.prompts()[index].includes(path), driver.prompts()[index]);
      const web = await WsClient.connectWithKey(rig.engine.wsUrl, await chatSession(rig, name));
      try {
        const asked = await web.waitFor("tier3_approval_required");
        assertEquals(asked.data!.tool_name, "write_file");
        assert(String(asked.data!.target).includes(path));
        if (driver.buttons) {
          const seen = driver.notices().length;
          await driver.press(index, "approve", "stranger");
          await until(
            () =>
              driver.answersStrangers
                ? driver.notices().slice(seen).some((text) => /may not answer/.test(text))
                : rig.engine.output().includes(`A ${name} user who may not approve pressed an approval`),
            "the stranger's press refused",
          );
        }
        await driver.press(index, "approve");
        await until(() => shows("Written."), "the end of the turn");
        assertEquals(await Deno.readTextFile(`${rig.engine.workspace}/${path}`), name);
        web.send({ type: "tier3_decision", action_id: asked.data!.action_id, decision: "deny" });
        assertEquals((await web.waitFor("error")).data!.code, "UNKNOWN_ACTION");
        const audit = await rig.auditEvents();
        const decisions = audit.filter((entry) => entry.event === "tier3_decision");
        assertEquals(decisions.map((entry) => [entry.details.decision, entry.details.via]), [[
          "approve",
          name,
        ]]);
        const answered = audit.filter((entry) => entry.event === "channel_approval_answered");
        assertEquals(answered.map((entry) => entry.details.accepted), [true]);
      } finally {
        await web.close();
      }
    },
  );

  await t.step(`${name}: approved in the web UI; the chat's answer is then refused`, async () => {
    const path = `approve-me/${name}-web.txt`;
    rig.script([{ toolCalls: [{ name: "write_file", arguments: { path, content: "web" } }] }, {
      text: "Written again.",
    }]);
    const web = await WsClient.connectWithKey(rig.engine.wsUrl, await chatSession(rig, name));
    try {
      const index = driver.prompts().length;
      await driver.say("save another");
      await until(() => driver.prompts().length > index, "the approval prompt");
      const asked = await web.waitFor(
        "tier3_approval_required",
        (event) => String(event.data!.target).includes(path),
      );
      web.send({ type: "tier3_decision", action_id: asked.data!.action_id, decision: "approve" });
      await until(() => shows("Written again."), "the end of the turn");
      const seen = driver.notices().length;
      await driver.press(index, "approve");
      await until(
        () => driver.notices().slice(seen).some((text) => /No open request/.test(text)),
        "the refusal",
      );
      const decision = (await rig.auditEvents()).filter((entry) => entry.event === "tier3_decision").at(-1)!;
      assertEquals([decision.details.decision, decision.details.via], ["approve", "web"]);
    } finally {
      await web.close();
    }
  });

  await t.step(`${name}: "deny CODE" typed in the chat denies a request`, async () => {
    const path = `approve-me/${name}-no.txt`;
    rig.script([{ toolCalls: [{ name: "write_file", arguments: { path, content: "x" } }] }, {
      text: "Not written.",
    }]);
    const index = driver.prompts().length;
    await driver.say("save a third");
    await until(() => driver.prompts().length > index, "the approval prompt");
    const code = codeOf(driver.prompts()[index]);
    await driver.say(`deny ${code.toLowerCase()}`);
    await until(() => shows("Not written."), "the end of the turn");
    assert([...driver.shown(), ...driver.notices()].includes(`Denied (${code})`));
    await assertMissing(`${rig.engine.workspace}/${path}`);
  });

  if (driver.edits) {
    await t.step(`${name}: a streamed reply is edited in place into response_complete's text`, async () => {
      const web = await WsClient.connectWithKey(rig.engine.wsUrl, await chatSession(rig, name));
      try {
        // Streamed for well over the 1 s between edits, so a preview is shown and then replaced.
        rig.script([{
          text: ["A **streamed** ", "reply ", "in ", "six ", "small ", "pieces."],
          chunkDelayMs: 300,
        }]);
        const [shown, edits] = [driver.shown().length, driver.editsMade()];
        await driver.say("stream please");
        const complete = await web.waitFor("response_complete");
        const final = driver.render(String(complete.data!.content));
        await until(() => driver.shown().at(-1) === final, "the final edit");
        assertEquals(driver.shown().length, shown + 1, "one message, edited");
        assert(driver.editsMade() > edits, "the preview was edited");
      } finally {
        await web.close();
      }
    });
  }

  await t.step(`${name}: a long reply is split under ${driver.limit} characters, in order`, async () => {
    const paragraph = (index: number) => `Part${index} ` + "word ".repeat(Math.floor(driver.limit * 0.12));
    rig.script([{ text: [[0, 1, 2, 3, 4, 5, 6, 7].map(paragraph).join("\n\n")] }]);
    const before = driver.shown().length;
    await driver.say("long please");
    await until(() => driver.shown().some((text) => text.includes("Part7")), "the last part");
    const parts = driver.shown().slice(before);
    assert(parts.length >= 2, `${parts.length} parts`);
    for (const part of parts) assert(part.length <= driver.limit, `${part.length} > ${driver.limit}`);
    assertEquals(parts.join(" ").match(/Part\d/g), [
      "Part0",
      "Part1",
      "Part2",
      "Part3",
      "Part4",
      "Part5",
      "Part6",
      "Part7",
    ]);
  });

  await t.step(`${name}: /config set and /model are refused; /new starts another session`, async () => {
    await driver.say("/config set agents.max_tool_rounds 3");
    await until(
      () => driver.shown().some((text) => /accepted only from the web UI and the CLI/.test(text)),
      "refusal",
    );
    await driver.say("/model chat fake");
    await until(() => driver.shown().some((text) => /^\/model is accepted only/.test(text)), "refusal");
    assert(!(await Deno.readTextFile(rig.engine.configPath)).includes("max_tool_rounds"));
    const sessions = async () => (await (await rig.api("/api/sessions")).json()).length;
    const before = await sessions();
    await driver.say("/new");
    await until(() => count(driver.shown(), "New session started") === 1, "the new session");
    assertEquals(await sessions(), before + 1);
  });
}
