/** The reliability half of the channel e2e scenario, the same for every platform: a redelivered message answered
 * once, a 429 storm survived, the engine killed with -9 between receive and reply (the message answered once
 * after the supervisor restarted it, stored once in the session, and one sent while it was down answered too),
 * and detach: 400/404, sends in flight drained, then nothing more taken from the platform. */
import { assert, assertEquals } from "../support/assert.ts";
import { enginePid } from "../support/engine_pid.ts";
import type { ScenarioContext } from "./channels_chat_steps.ts";
import { chatSession, lastUserText, sessionMessages, until } from "./channels_e2e_support.ts";

const count = (texts: string[], text: string) => texts.filter((item) => item === text).length;

export async function reliabilitySteps({ driver, rig, t }: ScenarioContext): Promise<void> {
  const { name } = driver;
  const shows = (text: string) => driver.shown().includes(text);

  await t.step(`${name}: a redelivered message is answered once`, async () => {
    rig.script([{ text: "only once" }], { text: "SECOND ANSWER" });
    const before = rig.chatRequests();
    const handle = await driver.say("dup");
    await driver.redeliver(handle);
    await until(() => shows("only once"), "the reply");
    rig.script([{ text: "next" }]);
    await driver.say("after dup");
    await until(() => shows("next"), "the next reply");
    assertEquals(rig.chatRequests(), before + 2, "one turn for each distinct message");
    assertEquals(count(driver.shown(), "only once"), 1);
    assert(!shows("SECOND ANSWER"));
  });

  await t.step(`${name}: a 429 storm is waited out and the reply arrives once`, async () => {
    // signal-cli names no wait: the adapter waits 5 s, so one refusal is storm enough there.
    const storm = name === "signal" ? 1 : 3;
    const limited = driver.rateLimited();
    rig.script([{ text: "through the storm" }]);
    driver.rateLimit(storm);
    await driver.say("storm");
    await until(() => shows("through the storm"), "the reply after the storm", 60_000);
    assertEquals(count(driver.shown(), "through the storm"), 1);
    assert(driver.rateLimited() >= limited + storm, `${driver.rateLimited() - limited} refusals`);
  });

  await t.step(
    `${name}: killed with -9 between receive and reply, answered once after the restart`,
    async () => {
      let hung = false;
      rig.llm.setFallback((request) => {
        const said = lastUserText(request);
        if (said === "survive this" && !hung) {
          hung = true;
          return { hang: true };
        }
        return { text: `re: ${said}` };
      });
      await driver.say("survive this");
      await until(() => hung, "the turn to reach the LLM");
      const pid = await enginePid(rig.engine.configPath);
      Deno.kill(pid, "SIGKILL");
      await until(() => gone(pid), "the engine to die");
      await driver.disconnected();
      await driver.sayWhileDown("sent while down");
      await until(() => shows("re: survive this") && shows("re: sent while down"), "both answers", 90_000);
      driver.resumed?.();
      rig.script([{ text: "still here" }]);
      await driver.say("still there?");
      await until(() => shows("still here"), "a reply from the new engine");
      assertEquals(count(driver.shown(), "re: survive this"), 1);
      assertEquals(count(driver.shown(), "re: sent while down"), 1);
      const asked = rig.llm.requests.filter((request) => lastUserText(request) === "survive this");
      assertEquals(asked.length, 2, "asked before the kill, and again after the restart");
      const stored = await sessionMessages(rig, await chatSession(rig, name));
      assertEquals(stored.filter((message) => message.content === "survive this").length, 1, "stored once");
    },
  );

  await t.step(`${name}: detach drains the send in flight, then takes nothing more`, async () => {
    const post = (body: unknown) =>
      rig.api("/api/channels/detach", { method: "POST", body: JSON.stringify(body) });
    const missing = await post({});
    assertEquals(missing.status, 400);
    await missing.body?.cancel();
    const unknown = await post({ channel: "fax" });
    assertEquals(unknown.status, 404);
    await unknown.body?.cancel();
    rig.script([{ text: "last words" }]);
    const limited = driver.rateLimited();
    driver.rateLimit(1);
    await driver.say("before detach");
    await until(() => driver.rateLimited() > limited, "the reply to be held back by a 429");
    const detached = await post({ channel: name });
    assertEquals(await detached.json(), { status: "detached", channel: name });
    assert(shows("last words"), "detach waited for the send in flight");
    assertEquals(await (await rig.api("/api/channels")).json(), { channels: [] });
    const events = await rig.auditEvents();
    const detach = events.find((entry) => entry.event === "channel_detached");
    assertEquals(detach?.details.drained, true);
    await driver.quiet();
  });
}

/** The process is gone or a zombie its parent has not reaped yet (either way its sockets are closed). */
function gone(pid: number): boolean {
  try {
    return Deno.readTextFileSync(`/proc/${pid}/stat`).split(" ")[2] === "Z";
  } catch {
    return true;
  }
}
