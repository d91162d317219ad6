import { assert, assertEquals } from "../support/assert.ts";
import { startAgentRig } from "./agent_support.ts";

Deno.test("agent control: cancel, upstream failures, parallel sessions, compaction", async (t) => {
  const rig = await startAgentRig({ config: { agents: { context_window: 1024, compaction_threshold: 50 } } });
  try {
    await t.step("cancel mid-stream aborts the upstream request and ends the turn cleanly", async () => {
      const sessionId = await rig.newSession();
      const client = await rig.connect(sessionId);
      rig.llm.enqueue({ text: Array.from({ length: 200 }, (_, index) => `word${index} `), chunkDelayMs: 50 });
      client.send({ type: "message", session_id: sessionId, content: "Tell me a long story" });
      await client.waitFor("llm_token");
      client.send({ type: "cancel", session_id: sessionId });
      const done = await client.waitFor("response_complete");
      const streamed = client.ofType("llm_token").length;
      assert(streamed < 200, `stopped early (${streamed} tokens)`);
      assert((done.data!.thoughts as { stage: string }[]).some((thought) => thought.stage === "cancelled"));
      // What the user saw is what the turn reports and keeps.
      const seen = client.ofType("llm_token").map((event) => event.data!.token).join("");
      assert(seen.length > 0);
      assertEquals(done.data!.content, seen);
      const stored = (await rig.messages(sessionId)).at(-1)!;
      assertEquals(stored.role, "assistant");
      assertEquals(stored.content, seen);
      // The session is usable again at once.
      client.clear();
      rig.llm.enqueue({ text: "Short one." });
      client.send({ type: "message", session_id: sessionId, content: "Shorter please" });
      assertEquals((await client.waitFor("response_complete")).data!.content, "Short one.");
    });

    await t.step("an upstream 500 becomes LLM_CALL_FAILED, recoverable, after bounded retries", async () => {
      const sessionId = await rig.newSession();
      const client = await rig.connect(sessionId);
      const before = rig.llm.requests.length;
      rig.llm.enqueue({ status: 500, body: "boom" }, { status: 500, body: "boom" }, {
        status: 500,
        body: "boom",
      });
      client.send({ type: "message", session_id: sessionId, content: "Hi" });
      const error = await client.waitFor("error");
      assertEquals(error.data!.code, "LLM_CALL_FAILED");
      assertEquals(error.data!.recoverable, true);
      assertEquals(typeof error.data!.message, "string");
      assertEquals(rig.llm.requests.length - before, 3);
    });

    await t.step("an upstream 401 is LLM_CALL_FAILED, not recoverable, without retries", async () => {
      const sessionId = await rig.newSession();
      const client = await rig.connect(sessionId);
      const before = rig.llm.requests.length;
      rig.llm.enqueue({ status: 401, body: JSON.stringify({ error: { message: "bad key" } }) });
      client.send({ type: "message", session_id: sessionId, content: "Hi" });
      const error = await client.waitFor("error");
      assertEquals(error.data!.code, "LLM_CALL_FAILED");
      assertEquals(error.data!.recoverable, false);
      assertEquals(rig.llm.requests.length - before, 1);
    });

    await t.step("two sessions stream in parallel without crosstalk", async () => {
      const [one, two] = [await rig.newSession(), await rig.newSession()];
      const [clientOne, clientTwo] = [await rig.connect(one), await rig.connect(two)];
      rig.llm.setFallback((request) => {
        const last = request.body.messages.at(-1).content as string;
        const tag = last.includes("alpha") ? "ALPHA" : "BETA";
        return { text: Array.from({ length: 20 }, () => `${tag} `), chunkDelayMs: 10 };
      });
      clientOne.send({ type: "message", session_id: one, content: "alpha please" });
      clientTwo.send({ type: "message", session_id: two, content: "beta please" });
      const [doneOne, doneTwo] = await Promise.all([
        clientOne.waitFor("response_complete"),
        clientTwo.waitFor("response_complete"),
      ]);
      assertEquals(doneOne.data!.content, "ALPHA ".repeat(20));
      assertEquals(doneTwo.data!.content, "BETA ".repeat(20));
      for (const event of clientOne.events) {
        if (event.type !== "log_entry") assertEquals(event.session_id, one);
      }
      for (const event of clientTwo.events) {
        if (event.type !== "log_entry") assertEquals(event.session_id, two);
      }
      rig.llm.setFallback(() => ({ text: "ok" }));
    });

    await t.step("a second message to a busy session is queued and answered in order", async () => {
      const sessionId = await rig.newSession();
      const client = await rig.connect(sessionId);
      rig.llm.enqueue({ text: ["first ", "answer"], chunkDelayMs: 100 }, { text: "second answer" });
      client.send({ type: "message", session_id: sessionId, content: "one" });
      client.send({ type: "message", session_id: sessionId, content: "two" });
      await client.waitFor("response_complete", () => client.ofType("response_complete").length === 2);
      assertEquals(client.ofType("response_complete").map((event) => event.data!.content), [
        "first answer",
        "second answer",
      ]);
    });

    await t.step("compaction summarises older history past the threshold and says so", async () => {
      const sessionId = await rig.newSession();
      const client = await rig.connect(sessionId);
      const long = "The quarterly plan covers hiring, budget and the product roadmap in detail. ".repeat(6);
      for (let turn = 0; turn < 3; turn++) {
        rig.llm.enqueue({ text: `Noted part ${turn}. ${long}` });
        client.send({ type: "message", session_id: sessionId, content: `Part ${turn}: ${long}` });
        await client.waitFor(
          "response_complete",
          () => client.ofType("response_complete").length === turn + 1,
        );
      }
      const compactions = client.ofType("response_complete").flatMap((event) =>
        (event.data!.thoughts as { stage: string; summary: string }[]).filter((thought) =>
          thought.stage === "compaction"
        )
      );
      assert(compactions.length > 0, "a compaction thought was reported");
      const summaryRequest = rig.llm.requests.find((request) =>
        String(request.body.messages[0].content).includes("compress conversation history")
      );
      assert(summaryRequest, "the LLM was asked for a summary");
      const after = rig.llm.requests.at(-1)!.body.messages;
      assert(
        String(after[0].content).includes("Summary of the earlier conversation"),
        "the note is in the context",
      );
      assertEquals(after.at(-1).content, `Part 2: ${long}`, "the current turn is never dropped");
      const messages = await rig.messages(sessionId);
      assert(
        messages.some((message) => message.compacted === true),
        "older messages are marked, not deleted",
      );
    });
  } finally {
    await rig.close();
  }
});
