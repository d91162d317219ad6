/** The conversation queue through its ports: turns are fakes that wait until the test lets them finish. */
import assert from "node:assert/strict";
import { Conversation, MAX_QUEUED_MESSAGES } from "../../src/engine/conversation.ts";
import { AppError } from "../../src/lib/errors.ts";
import { silentLogger } from "../../src/log/logger.ts";
import { fakeClock, memorySessions, recordedEvents } from "../support/core_fakes.ts";

/** Turns that start when the queue runs them and end when `finish` is called (or their signal aborts). */
function gatedTurns() {
  const started: { sessionId: string; content: string; signal: AbortSignal; finish: () => void }[] = [];
  const waiters: (() => void)[] = [];
  return {
    started,
    /** Resolves once `count` turns have started. */
    async until(count: number) {
      while (started.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    run(sessionId: string, content: string, signal: AbortSignal): Promise<void> {
      return new Promise((resolve) => {
        started.push({ sessionId, content, signal, finish: resolve });
        signal.addEventListener("abort", () => resolve(), { once: true });
        for (const wake of waiters.splice(0)) wake();
      });
    },
  };
}

function rig(options: { decide?: () => boolean; failTurn?: boolean } = {}) {
  const sessions = memorySessions();
  const events = recordedEvents();
  const turns = gatedTurns();
  const decisions: unknown[] = [];
  const conversation = new Conversation({
    sessions,
    turns: options.failTurn ? { run: () => Promise.reject(new Error("model exploded")) } : turns,
    approvals: { decide: (...args) => (decisions.push(args), options.decide?.() ?? true) },
    commands: {
      run: (_sessionId, text) => Promise.resolve({ command: text.split(" ")[0], ok: true, text: "done" }),
    },
    events,
    logger: silentLogger,
    clock: fakeClock(),
  });
  return { conversation, sessions, events, turns, decisions, session: sessions.create("normal") };
}

const client = (activeSessionId = "") => ({ channel: "web", activeSessionId });

Deno.test("conversation: a session's messages run one turn at a time, in the order they came", async () => {
  const { conversation, session, turns } = rig();
  conversation.acceptMessage(session.id, "first");
  conversation.acceptMessage(session.id, "second");
  await turns.until(1);
  assert.equal(turns.started.length, 1, "the second waits");
  assert.ok(conversation.isBusy(session.id));
  turns.started[0].finish();
  await turns.until(2);
  assert.deepEqual(turns.started.map((turn) => turn.content), ["first", "second"]);
  turns.started[1].finish();
  await conversation.stopAll();
  assert.equal(conversation.isBusy(session.id), false);
});

Deno.test("conversation: two sessions run side by side", async () => {
  const { conversation, sessions, session, turns } = rig();
  const other = sessions.create("normal");
  conversation.acceptMessage(session.id, "a");
  conversation.acceptMessage(other.id, "b");
  await turns.until(2);
  assert.deepEqual(turns.started.map((turn) => turn.sessionId).sort(), [session.id, other.id].sort());
  await conversation.stopAll();
});

Deno.test("conversation: a full queue refuses with QUEUE_FULL; an unknown session with UNKNOWN_SESSION", async () => {
  const { conversation, session, turns } = rig();
  conversation.acceptMessage(session.id, "running");
  await turns.until(1);
  for (let i = 0; i < MAX_QUEUED_MESSAGES; i++) conversation.acceptMessage(session.id, `waiting ${i}`);
  assert.throws(
    () => conversation.acceptMessage(session.id, "one too many"),
    (error) => error instanceof AppError && error.code === "QUEUE_FULL",
  );
  assert.throws(
    () => conversation.acceptMessage("nope", "hi"),
    (error) => error instanceof AppError && error.code === "UNKNOWN_SESSION",
  );
  await conversation.stopAll();
});

Deno.test("conversation: a first OTR message creates the session under a valid id only", async () => {
  const { conversation, sessions, turns } = rig();
  conversation.acceptMessage("otr_1", "secret", "otr");
  assert.equal(sessions.get("otr_1").mode, "otr");
  await turns.until(1);
  assert.throws(
    () => conversation.acceptMessage("bad id!", "x", "otr"),
    (error) => error instanceof AppError && error.code === "INVALID_FRAME",
  );
  await conversation.stopAll();
});

Deno.test("conversation: cancel aborts the running turn and the next message then runs", async () => {
  const { conversation, session, turns } = rig();
  conversation.acceptMessage(session.id, "slow");
  conversation.acceptMessage(session.id, "next");
  await turns.until(1);
  assert.equal(conversation.cancel(session.id), true);
  assert.equal(turns.started[0].signal.aborted, true);
  await turns.until(2);
  assert.equal(turns.started[1].content, "next");
  await conversation.stopAll();
  assert.equal(conversation.cancel(session.id), false, "nothing left to cancel");
});

Deno.test("conversation: stopAll drops waiting messages, aborts running turns and resolves when all ended", async () => {
  const { conversation, session, turns } = rig();
  conversation.acceptMessage(session.id, "running");
  conversation.acceptMessage(session.id, "never");
  await turns.until(1);
  await conversation.stopAll();
  assert.equal(turns.started.length, 1);
  assert.equal(turns.started[0].signal.aborted, true);
});

Deno.test("conversation: a turn that crashes becomes a TURN_FAILED error event, and the queue goes on", async () => {
  const { conversation, session, events } = rig({ failTurn: true });
  conversation.acceptMessage(session.id, "boom");
  while (events.ofType("error").length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(events.ofType("error")[0].data, {
    code: "TURN_FAILED",
    message: "The turn failed: model exploded",
    recoverable: true,
  });
  await conversation.stopAll();
});

Deno.test("conversation: a Tier 3 answer goes to approvals with the connection's session, not the frame's", async () => {
  const { conversation, session, decisions } = rig();
  await conversation.handle(
    { type: "tier3_decision", action_id: "a1", decision: "approve" },
    client(session.id),
  );
  // `remember` (allow the offered scope from now on) is passed only when the frame asks for it.
  await conversation.handle(
    { type: "tier3_decision", action_id: "a2", decision: "approve", remember: true },
    client(session.id),
  );
  assert.deepEqual(decisions, [["a1", "approve", "web", session.id, false], [
    "a2",
    "approve",
    "web",
    session.id,
    true,
  ]]);
  const refused = rig({ decide: () => false });
  await assert.rejects(
    refused.conversation.handle({ type: "tier3_decision", action_id: "a9", decision: "deny" }, client("s")),
    (error: Error) => error instanceof AppError && error.code === "UNKNOWN_ACTION",
  );
});

Deno.test("conversation: a command frame answers with a command_result event of its session", async () => {
  const { conversation, session, events } = rig();
  await conversation.handle({ type: "command", session_id: session.id, content: "/status" }, client());
  const result = events.ofType("command_result")[0];
  assert.equal(result.session_id, session.id);
  assert.deepEqual(result.data, { command: "/status", ok: true, text: "done" });
  await assert.rejects(
    conversation.handle({ type: "command", session_id: "missing", content: "/status" }, client()),
    (error: Error) => error instanceof AppError && error.status === 404,
  );
});
